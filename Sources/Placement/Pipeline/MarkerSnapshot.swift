import ARSimulation
import SpatialMath

/// One marker in one frame, ready to draw: the tracker's output plus its viewport projection by
/// that frame's camera.
public struct MarkerSnapshot: Sendable, Hashable {
  /// The marker's stable id (see `TrackedMarker.id`).
  public let id: Int
  /// The detector label.
  public let label: String
  /// The filtered world position, metres.
  public let worldPosition: SIMD3<Float>
  /// The lifecycle state.
  public let state: MarkerState
  /// The spread of recent measurements, metres (see `TrackedMarker.spreadMeters`).
  public let spreadMeters: Float
  /// Where to draw it in this frame's viewport.
  public let projection: ViewportProjection

  /// A snapshot of a marker from any source (another program's markers, for the pictures):
  /// where it is projected is worked out from `camera` and `viewport`.
  public init(
    id: Int, label: String, worldPosition: SIMD3<Float>, state: MarkerState,
    spreadMeters: Float = 0, camera: Camera, viewport: Viewport
  ) {
    self.id = id
    self.label = label
    self.worldPosition = worldPosition
    self.state = state
    self.spreadMeters = spreadMeters
    projection = ViewportProjection(worldPoint: worldPosition, camera: camera, viewport: viewport)
  }

  /// Projects `marker`'s world position with `camera` into `viewport` (`ViewportProjection`).
  public init(marker: TrackedMarker, camera: Camera, viewport: Viewport) {
    id = marker.id
    label = marker.label
    worldPosition = marker.position
    state = marker.state
    spreadMeters = marker.spreadMeters
    projection = ViewportProjection(worldPoint: marker.position, camera: camera, viewport: viewport)
  }
}
