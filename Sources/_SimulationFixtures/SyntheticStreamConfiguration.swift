import Placement

/// The sensor and detector model of a `SyntheticMeasurementStream`. Distances are metres, times
/// seconds, probabilities per measurement unless stated.
public struct SyntheticStreamConfiguration: Sendable, Hashable, Codable {
  /// Camera frame rate, hertz.
  public var frameRateHz: Double = 60
  /// The detector runs on every n-th frame (2: 30 Hz at 60 Hz), starting with frame 0.
  public var detectorFrameInterval: Int = 2
  /// Per-axis Gaussian noise standard deviation of each measurement.
  public var noiseStdMeters: Double = 0.003
  /// Probability that an object is not detected in a detector frame.
  public var missProbability: Double = 0
  /// Probability that a detection lands far off (a wrong surface hit): displaced in a uniformly
  /// random direction by a distance in `outlierDistanceRangeMeters`.
  public var outlierProbability: Double = 0
  /// The outlier displacement range.
  public var outlierDistanceRangeMeters: ClosedRange<Double> = 0.05...0.2
  /// Probability that a detection carries another object's label (uniform among the other labels).
  public var wrongLabelProbability: Double = 0
  /// Expected false detections per detector frame (at random places in the false-positive box,
  /// with random labels of the scene).
  public var falsePositivesPerFrame: Double = 0
  /// Centre of the box where false positives appear.
  public var falsePositiveCenter: SIMD3<Float> = .zero
  /// Half extents of that box.
  public var falsePositiveHalfExtentsMeters: SIMD3<Float> = SIMD3(0.3, 0.2, 0.05)
  /// Time intervals during which the detector reports nothing.
  public var detectionGaps: [ClosedRange<Double>] = []
  /// A jump of the whole world (tracking relocalization) applied to every object from
  /// `sharedJumpSeconds` on; `nil`: none.
  public var sharedJumpSeconds: Double?
  /// The shared jump's translation.
  public var sharedJumpOffsetMeters: SIMD3<Float> = .zero

  /// The defaults: 60 Hz frames, 30 Hz detector, 3 mm noise, no misses or clutter.
  public init() {}
}
