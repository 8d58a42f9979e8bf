/// One detection turned into a world point: the input of `MarkerTracker` for one frame.
///
/// The position is in world space (metres, right-handed, +y up), typically a raycast hit of the
/// detection's box centre. The frame timestamp is passed to `MarkerTracker.update` alongside.
public struct MarkerMeasurement: Sendable, Hashable, Codable {
  /// The detector's class label; only markers with the same label can take this measurement.
  public var label: String
  /// The measured world position, metres.
  public var position: SIMD3<Float>
  /// The detector's confidence, 0...1 (measurements below the tracker's minimum are ignored).
  public var confidence: Float

  /// Creates a measurement.
  public init(label: String, position: SIMD3<Float>, confidence: Float = 1) {
    self.label = label
    self.position = position
    self.confidence = confidence
  }
}
