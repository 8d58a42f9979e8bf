import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// Everything the frame picture (`FrameRenderer`) draws for one replayed frame: the camera and
/// viewport it was shown with, the Vision settings boxes were inverted with, the frame's world
/// (plane anchors), each detection's placement, the tracker's markers after the frame, the
/// recording's truth objects (to show each marker's placement error), the frame's LiDAR depth and
/// the truth surfaces (for the depth and wireframe layers).
public struct FrameSnapshot: Sendable, Hashable {
  /// The frame's 0-based index in the recording.
  public var frameIndex: Int
  /// The frame's timestamp, seconds.
  public var timestampSeconds: Double
  /// The frame's camera (worldFromCamera, intrinsics, image resolution).
  public var camera: Camera
  /// The viewport (size in points, interface orientation) the frame was shown in.
  public var viewport: Viewport
  /// The Vision settings the detections' boxes were inverted with.
  public var request: VisionRequestSettings
  /// The frame's plane anchors and feature points (world metres).
  public var world: FrameWorld
  /// One placement per detection, in the frame's detection order.
  public var placements: [PlacementResult]
  /// The markers after this frame's tracker update (all states, id order), projected with this
  /// frame's camera.
  public var markers: [MarkerSnapshot]
  /// The recording's truth objects (world metres; empty without truth).
  public var truthObjects: [RecordingTruthObject]
  /// A shown marker matches the nearest truth object with its label within this distance
  /// (metres); the picture joins the two by an error line. `ReplayCapture` sets the replay's
  /// `ReplayMetrics/matchThresholdMeters`.
  public var matchThresholdMeters: Double
  /// The frame's LiDAR depth (`ARFrame.sceneDepth`), or `nil` when the frame has none.
  public var sceneDepth: DepthData?
  /// The frame's smoothed depth (`ARFrame.smoothedSceneDepth`), or `nil` when the frame has none.
  public var smoothedSceneDepth: DepthData?
  /// The recording's truth surfaces (world-space triangle meshes, metres; empty without them).
  public var truthSurfaces: [RecordingTruthSurface]

  /// Creates a snapshot.
  public init(
    frameIndex: Int, timestampSeconds: Double, camera: Camera, viewport: Viewport,
    request: VisionRequestSettings, world: FrameWorld, placements: [PlacementResult],
    markers: [MarkerSnapshot], truthObjects: [RecordingTruthObject] = [],
    matchThresholdMeters: Double = 0.05, sceneDepth: DepthData? = nil,
    smoothedSceneDepth: DepthData? = nil, truthSurfaces: [RecordingTruthSurface] = []
  ) {
    self.sceneDepth = sceneDepth
    self.smoothedSceneDepth = smoothedSceneDepth
    self.truthSurfaces = truthSurfaces
    self.truthObjects = truthObjects
    self.matchThresholdMeters = matchThresholdMeters
    self.frameIndex = frameIndex
    self.timestampSeconds = timestampSeconds
    self.camera = camera
    self.viewport = viewport
    self.request = request
    self.world = world
    self.placements = placements
    self.markers = markers
  }
}
