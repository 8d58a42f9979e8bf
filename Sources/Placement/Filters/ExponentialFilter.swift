import SpatialMath

/// A first-order exponential (low-pass) filter on each axis, driven by timestamps.
///
/// `x̂ = x̂_previous + alpha * (x - x̂_previous)` with `alpha = 1 / (1 + tau / Te)` and
/// `Te = t - t_previous` (seconds): the same discretization as `OneEuroFilter`, which with
/// `beta = 0` equals this filter with `timeConstantSeconds = 1 / (2π minCutoffHz)`. The first
/// sample passes through. Rejections follow `PositionFilter`.
public struct ExponentialFilter: PositionFilter, Hashable, Codable {
  /// The time constant `tau`, seconds (> 0). Larger: smoother, slower.
  public var timeConstantSeconds: Double

  var estimate: SIMD3<Double>?
  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  public private(set) var lastTimestampSeconds: Double?

  /// Creates a filter.
  ///
  /// - Throws: `ParameterError` when the time constant is not finite and positive.
  public init(timeConstantSeconds: Double) throws(ParameterError) {
    try ParameterError.requirePositive(timeConstantSeconds, "timeConstantSeconds")
    self.timeConstantSeconds = timeConstantSeconds
  }

  /// The current estimate, or `nil` before the first accepted sample (see `PositionFilter`).
  public var position: SIMD3<Float>? { estimate.map { SIMD3<Float>($0) } }

  /// Feeds one measurement taken at `timestampSeconds` (seconds) and reports what was done with it
  /// (see `PositionFilter` for the rejection rules).
  public mutating func update(
    measurement: SIMD3<Float>, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    if let rejection = validateSample(
      measurement, timestampSeconds: timestampSeconds, lastTimestampSeconds: lastTimestampSeconds)
    {
      return rejection
    }
    let x = SIMD3<Double>(measurement)
    if let previous = estimate, let lastTime = lastTimestampSeconds {
      let alpha = lowPassAlpha(
        tauSeconds: timeConstantSeconds, intervalSeconds: timestampSeconds - lastTime)
      estimate = previous + alpha * (x - previous)
    } else {
      estimate = x
    }
    lastTimestampSeconds = timestampSeconds
    return .accepted
  }

  /// Restarts from `position` at `timestampSeconds` as if it were the first sample (non-finite input
  /// is ignored).
  public mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double) {
    guard position.isFinite, timestampSeconds.isFinite else { return }
    estimate = SIMD3<Double>(position)
    lastTimestampSeconds = timestampSeconds
  }
}
