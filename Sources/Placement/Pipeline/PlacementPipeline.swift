import ARSimulation
import SpatialMath

/// Detection -> world point: the anchor point of the Vision box (centre by default)
/// is mapped to stored-image normalized coordinates by the inverse Vision geometry of the request
/// settings, to the viewport by the frame's display transform, and unprojected by the camera to a
/// world ray; the raycast attempts run in order and the nearest hit of the first attempt that hits
/// is the world point.
///
/// The ray is made from the image point directly: it is the ray of
/// `ViewportFrame.raycastQuery(fromViewportPoint:allowing:alignment:)` through the reported
/// viewport point (the display transform and its inverse cancel), without the round trip's
/// rounding. A pure function of its inputs and settings.
public struct PlacementPipeline: Sendable, Hashable {
  /// The settings.
  public var settings: PlacementSettings

  /// Creates a pipeline.
  public init(settings: PlacementSettings = PlacementSettings()) { self.settings = settings }

  /// Places every detection of one frame, in order. `request` is the Vision request the boxes
  /// came from (used to invert them); with `includeTrace`, each result carries a full
  /// `PlacementTrace` (otherwise nothing is allocated for traces).
  ///
  /// - Complexity: O(detections × attempts × raycast cost).
  /// With `depth` (the frame's scene depth) and ``PlacementSettings/depth`` set, each detection
  /// is placed by depth first (``DepthPlacement``), the attempts running only where the depth
  /// map has no qualifying pixel.
  public func place(
    _ detections: [Detection], request: VisionRequestSettings, in frame: ViewportFrame,
    depth: DepthData? = nil, includeTrace: Bool = false
  ) -> [PlacementResult] {
    let context = FrameContext(request: request, frame: frame)
    return detections.map {
      place($0, context: context, frame: frame, includeTrace: includeTrace, depth: depth)
    }
  }

  /// Places one detection (see `place(_:request:in:includeTrace:)`).
  public func place(
    _ detection: Detection, request: VisionRequestSettings, in frame: ViewportFrame,
    includeTrace: Bool = false
  ) -> PlacementResult {
    place(
      detection, context: FrameContext(request: request, frame: frame), frame: frame,
      includeTrace: includeTrace)
  }

  /// What a frame's detections share: the inverse Vision geometry and the display transform.
  struct FrameContext {
    let geometry: VisionGeometry?
    let display: AffineTransform2D
    let request: VisionRequestSettings

    init(request: VisionRequestSettings, frame: ViewportFrame) {
      self.request = request
      geometry = try? VisionGeometry(
        settings: request, imageResolution: frame.camera.imageResolution)
      display = frame.camera.displayTransform(for: frame.viewport)
    }
  }

  func place(
    _ detection: Detection, context: FrameContext, frame: ViewportFrame, includeTrace: Bool,
    depth: DepthData? = nil
  ) -> PlacementResult {
    let box = detection.boundingBox
    guard box.isFinite, box.size.width >= 0, box.size.height >= 0, let geometry = context.geometry
    else {
      return PlacementResult(
        detection: detection, viewportPoint: nil, hit: nil, attemptIndex: nil,
        failure: .invalidBox, trace: nil)
    }
    let visionPoint = settings.anchorPoint.visionPoint(in: box)
    let imagePoint = geometry.imageNormalizedPoint(forVisionPoint: visionPoint)
    let viewportPoint: Point? = frame.viewport.points(
      forNormalized: imagePoint.applying(context.display))
    if let strategy = settings.depth, let depth, !includeTrace,
      let point = strategy.worldPoint(
        forImageNormalizedPoint: imagePoint, depth: depth, camera: frame.camera)
    {
      let hit = RaycastResult(
        worldTransform: RigidTransform(rotation: .identity, translation: point).matrix,
        target: .estimatedPlane, targetAlignment: .any, anchorIdentifier: nil,
        distance: point.distance(to: frame.camera.positionInWorld))
      return PlacementResult(
        detection: detection, viewportPoint: viewportPoint, hit: hit,
        attemptIndex: settings.attempts.count, failure: nil, trace: nil)
    }
    let outcome = firstHit(
      throughImageNormalized: imagePoint, in: frame, recordingQueries: includeTrace)
    let (hit, attemptIndex, failure) = (outcome.hit, outcome.attemptIndex, outcome.failure)
    var trace: PlacementTrace?
    if includeTrace {
      trace = PlacementTrace(
        box: try? VisionBoxTrace(
          visionBox: box, request: context.request, camera: frame.camera,
          viewport: frame.viewport),
        anchorVisionNormalized: visionPoint, anchorImageNormalized: imagePoint,
        anchorViewportPoint: viewportPoint, queries: outcome.queries, results: outcome.results,
        misses: outcome.misses)
    }
    return PlacementResult(
      detection: detection, viewportPoint: viewportPoint, hit: hit, attemptIndex: attemptIndex,
      failure: failure, trace: trace)
  }

  /// What the raycast attempts found for one image point.
  struct AttemptOutcome {
    var hit: RaycastResult?
    var attemptIndex: Int?
    var failure: PlacementFailure?
    /// Every query that ran, all its results and, for a query without results, why it missed
    /// (only when recording).
    var queries: [RaycastQuery] = []
    var results: [[RaycastResult]] = []
    var misses: [RaycastMissDiagnosis?] = []
  }

  /// Runs the attempts in order on the ray through an image-normalized point: the nearest hit of
  /// the first attempt that hits and its index, or why there is none; with `recordingQueries`,
  /// also every query that ran, all its results and the diagnosis of each miss.
  func firstHit(
    throughImageNormalized imagePoint: Point, in frame: ViewportFrame,
    recordingQueries: Bool = false
  ) -> AttemptOutcome {
    guard let ray = frame.camera.ray(throughImageNormalized: imagePoint) else {
      return AttemptOutcome(failure: .notUnprojectable)
    }
    var outcome = AttemptOutcome(failure: .noHit)
    let raycaster = Raycaster(options: settings.raycastOptions)
    for (index, attempt) in settings.attempts.enumerated() {
      let query = RaycastQuery(ray: ray, allowing: attempt.target, alignment: attempt.alignment)
      let found = raycaster.raycast(query, in: frame.world)
      if recordingQueries {
        outcome.queries.append(query)
        outcome.results.append(found)
        outcome.misses.append(
          found.isEmpty ? raycaster.missDiagnosis(for: query, in: frame.world) : nil)
      }
      if let first = found.first {
        outcome.hit = first
        outcome.attemptIndex = index
        outcome.failure = nil
        break
      }
    }
    return outcome
  }
}
