import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// One frame of a ``SimulatedSession``, shaped like ARKit's `ARFrame`: what an app sees at one
/// moment (the camera, the anchors, the feature points), the detector's output for it as Vision
/// observations with the request settings that produced them, and the view that shows it.
///
/// Spaces: world metres (+y up); `camera.transform` is worldFromCamera; image coordinates are the
/// captured landscape image (top-left origin); viewport coordinates are the view on screen
/// (top-left origin), normalized (0...1) or in points; Vision boxes are normalized with a
/// **lower-left** origin, relative to what the model saw. The frame carries no ground truth.
public struct SimulatedFrame: Sendable, Hashable {
  /// The frame's 0-based index in the recording (skipped invalid frames keep their indices).
  public let frameIndex: Int
  /// Capture time in seconds (`ARFrame.timestamp`); strictly increasing.
  public let timestamp: Double
  /// The camera (`ARFrame.camera`): pose, intrinsics, image resolution, `projectPoint`,
  /// `unprojectPoint`, `projectionMatrix`, `viewMatrix`, and `trackingState` when recorded.
  public let camera: Camera
  /// The view that shows the camera image in this frame: size in points and interface
  /// orientation (the recording's, changing when the device rotates).
  public let viewport: Viewport
  /// The plane anchors and feature points raycasts run against.
  public let world: FrameWorld
  /// The detector's results for this frame (`VNRecognizedObjectObservation`s): `boundingBox`
  /// in Vision normalized coordinates (lower-left origin, relative to the region the model saw),
  /// ranked `labels`, `confidence`.
  public let observations: [Detection]
  /// The Vision request settings that produced ``observations`` (orientation, region of
  /// interest, crop and scale, model input size), or `nil` when the recording has none.
  public let visionRequest: VisionRequestSettings?
  /// The display transform the device reported for ``viewport`` when the recording has it (for
  /// comparison; ``displayTransform(for:viewportSize:)`` always computes ARKit's model), else
  /// `nil`.
  public let deviceDisplayTransform: AffineTransform2D?
  /// The anchors the app added (`ARFrame.anchors` beyond the planes): the recording's, then
  /// those added through the session (``SimulatedSession/add(anchor:)``), moved by tracking
  /// corrections (see ``AppAnchorStore``). Identifiers are unique: an anchor added through the
  /// session with a recorded anchor's identifier is left out.
  public internal(set) var appAnchors: [AppAnchor]
  /// The anchors added, updated and removed since the previous frame the session handed out.
  public internal(set) var anchorChanges: AnchorChanges
  /// The tracked raycasts whose results changed with this frame, in creation order.
  public internal(set) var trackedRaycastUpdates: [TrackedRaycastUpdate]
  /// The options of raycasts made through ``raycast(_:)``.
  public let raycastOptions: RaycastOptions
  /// The Vision outputs beyond ``observations`` (late results, candidates, tracker boxes, points,
  /// contours, request settings); see `SimulatedFrame+Vision.swift`.
  public internal(set) var visionOutputs: SimulatedVisionOutputs
  /// The recording's tracking-error timeline when its truth holds tracking corrections (what
  /// moves the app's anchors), else `nil`. Ground truth the session keeps for the mistakes
  /// catalogue's applicability and the diagnosis; no app API reads it.
  var trackingErrorTimeline: TrackingErrorTimeline?
  /// The LiDAR depth of this frame (`ARFrame.sceneDepth`: a 256 x 192 z-depth map in the
  /// captured image's landscape orientation and its confidence map), or `nil` when the
  /// recording has none for it (a device without LiDAR, or a frame between depth frames).
  /// Index it through the image, not the viewport: a viewport point goes to normalized image
  /// coordinates through the inverse display transform, then times the map size.
  public internal(set) var sceneDepth: DepthData?
  /// The temporally smoothed depth (`ARFrame.smoothedSceneDepth`), or `nil` when not recorded.
  public internal(set) var smoothedSceneDepth: DepthData?
  /// The same frame in ARCore's shape, for the frames of an `"arcore"` recording (what
  /// ``SimulatedARCoreSession`` hands out), else `nil`.
  package var arcore: SimulatedARCoreFrame?

  /// Creates a frame (the session makes them; tests and tools may build one directly).
  public init(
    frameIndex: Int, timestamp: Double, camera: Camera, viewport: Viewport,
    world: FrameWorld = FrameWorld(), observations: [Detection] = [],
    visionRequest: VisionRequestSettings? = nil, deviceDisplayTransform: AffineTransform2D? = nil,
    appAnchors: [AppAnchor] = [], anchorChanges: AnchorChanges = AnchorChanges(),
    trackedRaycastUpdates: [TrackedRaycastUpdate] = [], raycastOptions: RaycastOptions = .default,
    visionOutputs: SimulatedVisionOutputs? = nil
  ) {
    self.frameIndex = frameIndex
    self.timestamp = timestamp
    self.camera = camera
    self.viewport = viewport
    self.world = world
    self.observations = observations
    self.visionRequest = visionRequest
    self.deviceDisplayTransform = deviceDisplayTransform
    self.appAnchors = appAnchors
    self.anchorChanges = anchorChanges
    self.trackedRaycastUpdates = trackedRaycastUpdates
    self.raycastOptions = raycastOptions
    self.visionOutputs = visionOutputs ?? SimulatedVisionOutputs(timestamp: timestamp)
  }

  /// The plane anchors (`ARFrame.anchors` of type `ARPlaneAnchor`; the app's own anchors are
  /// ``appAnchors``).
  public var anchors: [PlaneAnchor] { world.planeAnchors }

  /// The feature points (`ARFrame.rawFeaturePoints`), or `nil` when the frame has none.
  public var rawFeaturePoints: FeaturePointCloud? {
    world.featurePoints.count == 0 ? nil : world.featurePoints
  }

  /// The camera, viewport and world as the raycasting layer takes them.
  public var viewportFrame: ViewportFrame {
    ViewportFrame(camera: camera, viewport: viewport, world: world)
  }

  /// The transform from image-normalized to viewport-normalized coordinates (both top-left
  /// origin; `ARFrame.displayTransform(for:viewportSize:)`): rotation for the interface
  /// orientation, then aspect fill of the view. `nil` when `viewportSize` is not positive and
  /// finite (where ARKit returns a meaningless transform).
  public func displayTransform(for orientation: InterfaceOrientation, viewportSize: Size)
    -> AffineTransform2D?
  {
    guard viewportSize.isPositiveAndFinite else { return nil }
    return camera.displayTransform(for: orientation, viewportSize: viewportSize)
  }

  /// The world-space raycast query through a **viewport-normalized** point (top-left origin,
  /// 0...1 across ``viewport``; `ARFrame.raycastQuery(from:allowing:alignment:)`), from the
  /// camera centre; `nil` when the point is not finite or cannot be unprojected. Points outside
  /// 0...1 are allowed (they look outside the view).
  public func raycastQuery(
    from viewportNormalized: Point, allowing target: RaycastQuery.Target,
    alignment: RaycastQuery.TargetAlignment
  ) -> RaycastQuery? {
    viewportFrame.raycastQuery(from: viewportNormalized, allowing: target, alignment: alignment)
  }

  /// Every hit of `query` in this frame's world, nearest first (`ARSession.raycast(_:)`: plane
  /// anchors by geometry or as infinite planes, or a plane estimated from the feature points
  /// around the ray), with ``raycastOptions``.
  public func raycast(_ query: RaycastQuery) -> [RaycastResult] {
    Raycaster(options: raycastOptions).raycast(query, in: world)
  }
}
