import SpatialMath

/// The tracker's output for one marker in one frame.
///
/// The viewport projection is not part of this value: project `position` with the frame's camera
/// (world -> viewport points) where the marker is drawn.
public struct TrackedMarker: Sendable, Hashable, Codable {
  /// A stable identifier, unique for the tracker's lifetime and never reused (assigned in creation
  /// order from 1).
  public var id: Int
  /// The detector label the marker tracks.
  public var label: String
  /// The filtered world position, metres (not extrapolated between measurements).
  public var position: SIMD3<Float>
  /// The lifecycle state.
  public var state: MarkerState
  /// The spread: RMS distance (metres) of recent accepted measurements from the estimate before
  /// each update, exponentially weighted in time. Zero after a single measurement.
  public var spreadMeters: Float
  /// Accepted measurements since creation or the last re-anchoring.
  public var hitCount: Int
  /// The timestamp (seconds) of the last accepted measurement.
  public var lastHitSeconds: Double
  /// The timestamp (seconds) at which the marker was created.
  public var firstSeenSeconds: Double

  /// Creates a marker record.
  public init(
    id: Int, label: String, position: SIMD3<Float>, state: MarkerState, spreadMeters: Float,
    hitCount: Int, lastHitSeconds: Double, firstSeenSeconds: Double
  ) {
    self.id = id
    self.label = label
    self.position = position
    self.state = state
    self.spreadMeters = spreadMeters
    self.hitCount = hitCount
    self.lastHitSeconds = lastHitSeconds
    self.firstSeenSeconds = firstSeenSeconds
  }
}
