import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// One frame of a ``SimulatedARCoreSession``, shaped like what an Android app gets each frame:
/// ARCore's `Frame` (camera with CPU image and GPU texture intrinsics, display geometry, planes,
/// point cloud, `transformCoordinates2d`, `hitTest`) and ML Kit's objects detected on its CPU
/// image. The frame carries no ground truth.
public struct SimulatedARCoreFrame: Sendable, Hashable {
  /// The frame's 0-based index in the recording.
  public let frameIndex: Int
  /// Capture time in seconds (the recording's; `frame.timestampNanoseconds` is the same in ns).
  public let timestamp: Double
  /// ARCore's frame.
  public let frame: ARCore.Frame
  /// ML Kit's objects on this frame's CPU image (boxes in the upright image of each object's
  /// `rotationDegrees`).
  public let mlKitObjects: [ARCore.MLKitDetectedObject]
  /// The identifiers of the planes added or updated since the previous frame the session handed
  /// out (`Frame.getUpdatedTrackables(Plane.class)`), in frame order.
  public internal(set) var updatedPlaneIdentifiers: [String]
  /// `Session.getAllAnchors()` as of this frame: the anchors the app created
  /// (``ARCoreAnchorRequests``, and any the recording carries), in the order created, each
  /// `TRACKING` while the camera is and `PAUSED` (or `STOPPED`) when it is not.
  public internal(set) var anchors: [ARCore.Anchor] = []
  /// `Frame.getUpdatedAnchors()`: the anchors created, moved or changed in tracking state since
  /// the previous frame, in ``anchors`` order, then those detached since, once, `STOPPED`.
  public internal(set) var updatedAnchors: [ARCore.Anchor] = []

  /// Creates a frame (the session makes them; tests and tools may build one directly).
  public init(
    frameIndex: Int, timestamp: Double, frame: ARCore.Frame,
    mlKitObjects: [ARCore.MLKitDetectedObject] = [], updatedPlaneIdentifiers: [String] = []
  ) {
    self.frameIndex = frameIndex
    self.timestamp = timestamp
    self.frame = frame
    self.mlKitObjects = mlKitObjects
    self.updatedPlaneIdentifiers = updatedPlaneIdentifiers
  }

  /// Sets ``anchors`` and ``updatedAnchors`` from the session's app anchors of this frame and
  /// their changes since the previous frame (whose camera tracking state was
  /// `previousTrackingState`; `nil` before the first frame).
  mutating func setAnchors(
    _ appAnchors: [AppAnchor], changes: AnchorChanges,
    previousTrackingState: ARCore.TrackingState?
  ) {
    let state = frame.camera.trackingState
    anchors = appAnchors.map { $0.arcoreAnchor(trackingState: state) }
    let stateChanged = previousTrackingState != nil && previousTrackingState != state
    let changed = Set((changes.addedAppAnchors + changes.updatedAppAnchors).map(\.identifier))
    updatedAnchors =
      anchors.filter { stateChanged || changed.contains($0.identifier) }
      + changes.removedAppAnchors.map { $0.arcoreAnchor(trackingState: .stopped) }
  }

  /// The ARCore frame of a recorded frame under the recording's ARCore settings.
  ///
  /// - Throws: `InputFileError` with a path relative to the frame.
  static func converting(
    _ recorded: RecordingFrame, frameIndex: Int, session: RecordingARCoreSession,
    depth: RecordedDepthData
  ) throws -> SimulatedARCoreFrame {
    SimulatedARCoreFrame(
      frameIndex: frameIndex, timestamp: recorded.timestamp,
      frame: try recorded.arcoreFrame(session: session, depth: depth),
      mlKitObjects: try recorded.mlKitObjects)
  }

  /// The ARKit viewport that shows what ARCore's view shows: the display geometry's view size
  /// (pixels taken as points) in the interface orientation whose display rotation is the image
  /// rotation θ (0° landscapeRight, 90° portrait, 180° landscapeLeft, 270° portraitUpsideDown).
  /// ARCore's `VIEW_NORMALIZED` then equals ARKit's viewport-normalized coordinates of the same
  /// texture, so replay and the harness decide visibility the same way on both platforms.
  static func viewport(
    for geometry: ARCore.DisplayGeometry, sensorOrientationDegrees: Int
  ) -> Viewport {
    let turns = geometry.imageRotationQuarterTurns(
      sensorOrientationDegrees: sensorOrientationDegrees)
    // A display geometry's size is whole pixels >= 1: a valid viewport size.
    return Viewport(
      unchecked: geometry.viewSize,
      interfaceOrientation: InterfaceOrientation(quarterTurnsClockwise: turns))
  }
}

extension AppAnchor {
  /// The anchor in ARCore's form with `trackingState`.
  func arcoreAnchor(trackingState: ARCore.TrackingState) -> ARCore.Anchor {
    // An AppAnchor's transform is checked rigid within this tolerance when it is made, so the
    // fallback (its position, unrotated) is never taken.
    let rigid = try? RigidTransform(transform, tolerance: PlaneAnchor.rigidityTolerance)
    return ARCore.Anchor(
      identifier: identifier,
      pose: ARCore.Pose(rigid ?? RigidTransform(translation: worldPosition)),
      trackingState: trackingState)
  }
}
