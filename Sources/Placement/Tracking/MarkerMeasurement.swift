import ARSimulation

/// One detection turned into a world point: the input of `MarkerTracker` for one frame.
///
/// The position is in world space (metres, right-handed, +y up), typically a raycast hit of the
/// detection's box centre. The frame timestamp is passed to `MarkerTracker.update` alongside.
/// The surface normal and the raycast target let the tracker expect the measurement's error
/// (`MeasurementErrorModel`); `expectedErrorCovariance` overrides that model when the caller
/// knows better.
public struct MarkerMeasurement: Sendable, Hashable, Codable {
  /// The detector's class label; only markers with the same label can take this measurement.
  public var label: String
  /// The measured world position, metres.
  public var position: SIMD3<Float>
  /// The detector's confidence, 0...1 (measurements below the tracker's minimum are ignored).
  public var confidence: Float
  /// The unit normal (world) of the surface the point lies on, or `nil` when unknown.
  public var surfaceNormal: SIMD3<Float>?
  /// The raycast target that produced the point (plane anchor, its infinite plane, or an
  /// estimated plane), or `nil` when unknown (treated as an estimated surface).
  public var target: RaycastQuery.Target?
  /// The caller's own expected error (m²); when set, the tracker uses it instead of its
  /// `MeasurementErrorModel`.
  public var expectedErrorCovariance: PositionCovariance?

  /// Creates a measurement.
  public init(
    label: String, position: SIMD3<Float>, confidence: Float = 1,
    surfaceNormal: SIMD3<Float>? = nil, target: RaycastQuery.Target? = nil,
    expectedErrorCovariance: PositionCovariance? = nil
  ) {
    self.label = label
    self.position = position
    self.confidence = confidence
    self.surfaceNormal = surfaceNormal
    self.target = target
    self.expectedErrorCovariance = expectedErrorCovariance
  }
}
