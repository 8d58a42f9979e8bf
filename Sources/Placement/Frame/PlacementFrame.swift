import ARSimulation
import SpatialMath

/// What placement code reads of one AR frame, with `ARFrame`'s names and spaces: write a placer
/// generic over it (`func markers(for frame: some PlacementFrame, ...)`) and the same code runs
/// on the device and in tests.
///
/// Two conformances ship with the package: SessionSimulation's `SimulatedFrame` (a recorded or
/// synthesized frame, raycasts against its recorded world) and, on platforms with ARKit, the
/// `ARKitBridge` module's `ARSessionFrame` (an `ARFrame` with the app's `ARSession`, which
/// `ARFrame` needs for raycasts). Anything else that can answer these questions (another
/// engine's frame, a test double) can conform too.
///
/// Spaces (<doc:ObservationToMarker> walks through them): world metres (+y up, gravity along
/// -y); ``camera``'s `transform` is worldFromCamera, its intrinsics and image resolution are in
/// pixels of the captured landscape image; viewport coordinates are normalized (0...1, top-left
/// origin) across ``viewport``, the view that shows the camera image. The Vision observations
/// and the settings of the request that made them are the app's, not ARKit's: a placer takes
/// them as arguments.
///
/// Scene depth (`ARFrame.sceneDepth`) is not part of the protocol yet.
public protocol PlacementFrame {
  /// Capture time in seconds (`ARFrame.timestamp`); strictly increasing across a session.
  var timestamp: Double { get }
  /// The camera (`ARFrame.camera`): pose (worldFromCamera), pinhole intrinsics, image
  /// resolution, lens distortion and tracking state when known.
  var camera: Camera { get }
  /// The view that shows the camera image (its size in points and the interface orientation),
  /// as the app lays it out: ARKit's frame does not know it, so an `ARSessionFrame` is made
  /// with it. ``raycastQuery(from:allowing:alignment:)`` takes points normalized across it.
  var viewport: Viewport { get }
  /// The plane anchors (`ARFrame.anchors` of type `ARPlaneAnchor`), in world space.
  var anchors: [PlaneAnchor] { get }
  /// The app's own anchors (`ARFrame.anchors` that are neither planes nor other detected
  /// anchors); empty by default.
  var appAnchors: [AppAnchor] { get }
  /// The feature points (`ARFrame.rawFeaturePoints`) in world metres, or `nil` when the frame
  /// has none.
  var rawFeaturePoints: FeaturePointCloud? { get }

  /// The transform from image-normalized to viewport-normalized coordinates (both top-left
  /// origin; `ARFrame.displayTransform(for:viewportSize:)`) for a view of `viewportSize` points
  /// shown in `orientation`, or `nil` when the size is not positive and finite.
  func displayTransform(for orientation: InterfaceOrientation, viewportSize: Size)
    -> AffineTransform2D?

  /// The world-space raycast query from the camera through a point normalized across
  /// ``viewport`` (0...1, top-left origin; `ARFrame.raycastQuery(from:allowing:alignment:)`
  /// after the inverse display transform), or `nil` when the point cannot be unprojected.
  func raycastQuery(
    from viewportNormalized: Point, allowing target: RaycastQuery.Target,
    alignment: RaycastQuery.TargetAlignment
  ) -> RaycastQuery?

  /// Every hit of `query`, nearest first (`ARSession.raycast(_:)` in this frame's world).
  func raycast(_ query: RaycastQuery) -> [RaycastResult]
}

extension PlacementFrame {
  /// No app anchors.
  public var appAnchors: [AppAnchor] { [] }
}
