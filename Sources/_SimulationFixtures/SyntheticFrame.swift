import Placement

/// One camera frame of a synthetic stream: its timestamp, the detector's world-space measurements
/// (empty on frames the detector skips) and the truth.
public struct SyntheticFrame: Sendable, Hashable, Codable {
  /// The frame index from 0.
  public var index: Int
  /// The frame timestamp, seconds.
  public var timestampSeconds: Double
  /// Whether the detector ran on this frame (only then feed the tracker).
  public var isDetectorFrame: Bool
  /// The measurements, in the detector's (shuffled) order; noisy, possibly missing, mislabelled,
  /// outlying or false.
  public var measurements: [MarkerMeasurement]
  /// The true objects at this timestamp (world metres), in object order.
  public var truth: [SyntheticObjectState]
}

/// A synthetic object's true state in one frame.
public struct SyntheticObjectState: Sendable, Hashable, Codable {
  /// The truth identifier.
  public var id: String
  /// The detector label.
  public var label: String
  /// The true world position, metres.
  public var position: SIMD3<Float>
}
