import ARSimulation
import Placement
import SpatialMath

/// App-style placement of a frame's observations, step by step, as ARKit apps write it: the box
/// centre (Vision normalized, lower-left origin) -> the inverse of the Vision request's geometry
/// (image normalized, top-left) -> the display transform (viewport normalized) ->
/// `frame.raycastQuery(from:allowing:alignment:)` -> the first hit of the first query that hits.
///
/// Every step has the correct default (``ReferenceSteps`` uses them all). Each classic mistake of
/// ``PlacementMistake/catalogue`` overrides the one step it gets wrong, so the catalogue shows
/// each mistake as the few lines an app writes, in context. ``StepPlacer`` runs the steps and
/// smooths the points into markers.
public protocol PlacementSteps: Sendable {
  /// The observations to place (default: all of ``SimulatedFrame/observations``, or, for a
  /// model without an NMS stage, ``SimulatedFrame/suppressedCandidates``).
  func observations(in frame: SimulatedFrame) -> [Detection]
  /// Whether `frame` brings new measurements, so the tracker should take it as a detector frame
  /// (default: ``SimulatedFrame/hasDetectorResult``); steps placing another request's results
  /// (contours at a lower rate) say when those arrive.
  func isDetectorFrame(_ frame: SimulatedFrame) -> Bool
  /// The frame whose camera, viewport and world place an observation (default:
  /// ``SimulatedFrame/observationsFrame``, the frame of the image a late result was computed on).
  func placementFrame(for observation: Detection, in frame: SimulatedFrame) -> SimulatedFrame
  /// The point of the box to place, Vision normalized (lower-left origin; default: the centre).
  func visionPoint(of observation: Detection, in frame: SimulatedFrame) -> Point
  /// The image-normalized point (top-left origin) of a Vision point: the inverse of the request's
  /// orientation, region of interest, crop and scale, and lower-left origin; `nil` when the
  /// settings cannot be inverted.
  func imagePoint(
    forVisionPoint visionPoint: Point, request: VisionRequestSettings, in frame: SimulatedFrame
  ) -> Point?
  /// The viewport-normalized point (top-left origin) of an image point: the display transform
  /// for the frame's interface orientation and viewport size.
  func viewportPoint(forImagePoint imagePoint: Point, in frame: SimulatedFrame) -> Point?
  /// The queries to try in order through a viewport-normalized point (default: existing plane
  /// geometry, then an estimated plane, any alignment).
  func raycastQueries(through viewportPoint: Point, in frame: SimulatedFrame) -> [RaycastQuery]
  /// The world point: the first hit of the first query that hits (`nil` when none hits).
  func worldPosition(from queries: [RaycastQuery], in frame: SimulatedFrame) -> SIMD3<Float>?
  /// Whether the steps place by the frame's scene depth instead of raycasts (default `false`).
  /// Such steps place only on frames with depth (``SimulatedFrame/sceneDepth``), and the
  /// diagnosis compares them with a placer's markers on those frames only.
  var placesByDepth: Bool { get }
  /// For steps that place by depth: the world point read from the frame's scene depth under an
  /// image-normalized point (with its viewport-normalized point, for steps that read the wrong
  /// one), or `nil` without depth there (default: `nil`).
  func depthWorldPosition(
    forImagePoint imagePoint: Point, viewportPoint: Point, in frame: SimulatedFrame
  ) -> SIMD3<Float>?
  /// Called after each frame was placed (for steps that remember earlier frames).
  mutating func didPlace(_ frame: SimulatedFrame)
  /// Whether ``StepPlacer`` attaches the markers to app anchors, so that they move when
  /// tracking corrects the region around them (default `true`); `false` keeps them as world
  /// positions.
  var attachesMarkersToAnchors: Bool { get }
  /// Whether ``StepPlacer`` hides its markers and places nothing while tracking is
  /// `.limited(.relocalizing)` (after an interruption the reported pose is off until
  /// relocalization succeeds, so content drawn then stands in the wrong place; default `true`).
  var hidesMarkersWhileRelocalizing: Bool { get }
}

extension PlacementSteps {
  /// All the frame's observations; when it has none but raw candidates (a model without an NMS
  /// stage), the candidates after the recording's non-maximum suppression.
  public func observations(in frame: SimulatedFrame) -> [Detection] {
    frame.observations.isEmpty && frame.detectionCandidates != nil
      ? frame.suppressedCandidates : frame.observations
  }

  /// Whether a detector result arrived.
  public func isDetectorFrame(_ frame: SimulatedFrame) -> Bool { frame.hasDetectorResult }

  /// The frame of the image the observations were computed on.
  public func placementFrame(for observation: Detection, in frame: SimulatedFrame)
    -> SimulatedFrame
  {
    frame.observationsFrame
  }

  /// The box centre.
  public func visionPoint(of observation: Detection, in frame: SimulatedFrame) -> Point {
    let box = observation.boundingBox
    return Point(x: box.midX, y: box.midY)
  }

  /// `VisionGeometry(settings: request, imageResolution:).imageNormalizedPoint(forVisionPoint:)`.
  public func imagePoint(
    forVisionPoint visionPoint: Point, request: VisionRequestSettings, in frame: SimulatedFrame
  ) -> Point? {
    guard
      let geometry = try? VisionGeometry(
        settings: request, imageResolution: frame.camera.imageResolution)
    else { return nil }
    return geometry.imageNormalizedPoint(forVisionPoint: visionPoint)
  }

  /// `frame.displayTransform(for: viewport.interfaceOrientation, viewportSize: viewport.size)`.
  public func viewportPoint(forImagePoint imagePoint: Point, in frame: SimulatedFrame) -> Point? {
    let viewport = frame.viewport
    guard
      let display = frame.displayTransform(
        for: viewport.interfaceOrientation, viewportSize: viewport.size)
    else { return nil }
    return imagePoint.applying(display)
  }

  /// Existing plane geometry, then an estimated plane, any alignment.
  public func raycastQueries(through viewportPoint: Point, in frame: SimulatedFrame)
    -> [RaycastQuery]
  {
    [RaycastQuery.Target.existingPlaneGeometry, .estimatedPlane].compactMap {
      frame.raycastQuery(from: viewportPoint, allowing: $0, alignment: .any)
    }
  }

  /// The first hit of the first query that hits.
  public func worldPosition(from queries: [RaycastQuery], in frame: SimulatedFrame)
    -> SIMD3<Float>?
  {
    for query in queries {
      if let hit = frame.raycast(query).first { return hit.worldPosition }
    }
    return nil
  }

  /// Raycasts.
  public var placesByDepth: Bool { false }

  /// No depth.
  public func depthWorldPosition(
    forImagePoint imagePoint: Point, viewportPoint: Point, in frame: SimulatedFrame
  ) -> SIMD3<Float>? {
    nil
  }

  /// Nothing to remember.
  public mutating func didPlace(_ frame: SimulatedFrame) {}

  /// Markers are attached to anchors.
  public var attachesMarkersToAnchors: Bool { true }

  /// Markers are hidden while relocalizing.
  public var hidesMarkersWhileRelocalizing: Bool { true }

  /// Whether these steps place nothing in `frame`: they hide markers while relocalizing and the
  /// frame's camera is relocalizing.
  func pausesWhileRelocalizing(in frame: SimulatedFrame) -> Bool {
    hidesMarkersWhileRelocalizing && frame.camera.trackingState == .limited(.relocalizing)
  }

  /// The world point of one observation through every step, on its ``placementFrame(for:in:)``,
  /// or `nil` when a step fails or no query hits (steps that place by depth: read from the
  /// depth, `nil` on frames without it).
  public func worldPosition(of observation: Detection, in frame: SimulatedFrame) -> SIMD3<Float>? {
    let at = placementFrame(for: observation, in: frame)
    guard let request = at.visionRequest,
      let image = imagePoint(
        forVisionPoint: visionPoint(of: observation, in: at), request: request, in: at),
      let viewport = viewportPoint(forImagePoint: image, in: at)
    else { return nil }
    if placesByDepth {
      return depthWorldPosition(forImagePoint: image, viewportPoint: viewport, in: at)
    }
    return worldPosition(from: raycastQueries(through: viewport, in: at), in: at)
  }
}

/// The correct steps: every default of ``PlacementSteps``.
public struct ReferenceSteps: PlacementSteps {
  /// Creates the steps.
  public init() {}
}
