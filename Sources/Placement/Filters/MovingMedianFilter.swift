import SpatialMath

/// A moving median on each axis over a time window.
///
/// The estimate is, per axis, the median of the accepted samples whose timestamps lie in
/// `(t - windowSeconds, t]` for the latest accepted timestamp `t`, at most `maximumSampleCount` of
/// them (the newest). With an even count it is the mean of the two middle values. The first sample
/// passes through. Rejections follow `PositionFilter`.
public struct MovingMedianFilter: PositionFilter, Hashable, Codable {
  /// The window length, seconds (> 0).
  public var windowSeconds: Double
  /// The most samples kept (>= 1), bounding memory and cost when samples arrive fast.
  public var maximumSampleCount: Int

  var samples: [SIMD3<Double>] = []
  var sampleTimes: [Double] = []
  var estimate: SIMD3<Double>?
  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  public private(set) var lastTimestampSeconds: Double?

  /// Creates a filter.
  ///
  /// - Throws: `ParameterError` when the window is not finite and positive or the count is < 1.
  public init(windowSeconds: Double, maximumSampleCount: Int = 64) throws(ParameterError) {
    try ParameterError.requirePositive(windowSeconds, "windowSeconds")
    try ParameterError.requireAtLeast(maximumSampleCount, 1, "maximumSampleCount")
    self.windowSeconds = windowSeconds
    self.maximumSampleCount = maximumSampleCount
  }

  /// The current estimate, or `nil` before the first accepted sample (see `PositionFilter`).
  public var position: SIMD3<Float>? { estimate.map { SIMD3<Float>($0) } }

  /// - Complexity: O(n log n) for the n samples in the window.
  public mutating func update(
    measurement: SIMD3<Float>, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    if let rejection = validateSample(
      measurement, timestampSeconds: timestampSeconds, lastTimestampSeconds: lastTimestampSeconds)
    {
      return rejection
    }
    samples.append(SIMD3<Double>(measurement))
    sampleTimes.append(timestampSeconds)
    var firstKept = 0
    while firstKept < sampleTimes.count - 1,
      sampleTimes[firstKept] <= timestampSeconds - windowSeconds
        || sampleTimes.count - firstKept > maximumSampleCount
    {
      firstKept += 1
    }
    samples.removeFirst(firstKept)
    sampleTimes.removeFirst(firstKept)
    var median = SIMD3<Double>.zero
    for axis in 0..<3 {
      let sorted = samples.map { $0[axis] }.sorted()
      let mid = sorted.count / 2
      median[axis] = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    estimate = median
    lastTimestampSeconds = timestampSeconds
    return .accepted
  }

  /// Restarts from `position` at `timestampSeconds` as if it were the first sample (non-finite input
  /// is ignored).
  public mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double) {
    guard position.isFinite, timestampSeconds.isFinite else { return }
    samples = [SIMD3<Double>(position)]
    sampleTimes = [timestampSeconds]
    estimate = SIMD3<Double>(position)
    lastTimestampSeconds = timestampSeconds
  }
}
