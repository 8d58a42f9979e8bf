import ARSimulation
import SpatialMath

/// Raycasts with the previous frame's camera: the app keeps the `ARFrame` it started Vision on
/// and, when the results arrive a frame later, builds the query from `session.currentFrame` (or
/// the other way round), so boxes and camera are one frame apart.
///
/// ```swift
/// let query = lastFrame.raycastQuery(from: point, allowing: .estimatedPlane, alignment: .any)
/// let hits = session.raycast(query)
/// ```
public struct CameraOneFrameLate: PlacementSteps {
  /// The frame placed before the current one.
  var previous: SimulatedFrame?

  /// Creates the steps.
  public init() {}

  /// The queries through the point built with the previous frame's camera and viewport (the
  /// current frame's on the first frame).
  public func raycastQueries(through viewportPoint: Point, in frame: SimulatedFrame)
    -> [RaycastQuery]
  {
    let late = previous ?? frame
    return [RaycastQuery.Target.existingPlaneGeometry, .estimatedPlane].compactMap {
      late.raycastQuery(from: viewportPoint, allowing: $0, alignment: .any)
    }
  }

  /// Remembers the frame.
  public mutating func didPlace(_ frame: SimulatedFrame) {
    previous = SimulatedFrame(
      frameIndex: frame.frameIndex, timestamp: frame.timestamp, camera: frame.camera,
      viewport: frame.viewport, raycastOptions: frame.raycastOptions)
  }
}

extension PlacementMistake {
  /// ``CameraOneFrameLate``: applies always (it shows when the camera moves).
  public static let cameraOneFrameLate = PlacementMistake(
    id: "camera-one-frame-late", title: "previous frame's camera",
    summary:
      "Boxes are raycast with the camera of the frame before (one frame of latency between the "
      + "detector's frame and the raycast's).",
    steps: CameraOneFrameLate())
}
