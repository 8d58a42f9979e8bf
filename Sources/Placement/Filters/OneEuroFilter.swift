import SpatialMath

/// The One-Euro filter (Casiez, Roussel, Vogel, CHI 2012), applied to each axis independently, with
/// the authors' reference semantics.
///
/// For a sample `x` at time `t`, with `Te = t - t_previous` (seconds):
/// - `dx = (x - x̂_previous) / Te`, the derivative against the previous *filtered* value;
/// - `dx̂ = dx̂_previous + alphaD * (dx - dx̂_previous)` with the derivative cutoff (Hz);
/// - `cutoff = minCutoffHz + beta * |dx̂|` (per axis; `dx̂` in units per second);
/// - `x̂ = x̂_previous + alpha * (x - x̂_previous)` with `alpha = 1 / (1 + tau / Te)`,
///   `tau = 1 / (2π cutoff)`.
/// The first sample passes through (`x̂ = x`, `dx̂ = 0`). A timestamp that does not increase is
/// rejected and changes nothing (see `PositionFilter`). An interval so short that the derivative
/// overflows restarts the filter at the sample. `beta` is in hertz per (unit per second), that is
/// 1/unit (1/metre for world positions).
public struct OneEuroFilter: PositionFilter, Hashable, Codable {
  /// The cutoff frequency at zero speed, hertz (> 0). Lower: less jitter, more lag.
  public var minCutoffHz: Double
  /// The speed coefficient (>= 0), hertz per (unit per second). Higher: less lag when moving.
  public var beta: Double
  /// The cutoff frequency of the derivative filter, hertz (> 0). Default 1 Hz.
  public var derivativeCutoffHz: Double

  var estimate: SIMD3<Double>?
  var derivativeEstimate: SIMD3<Double> = .zero
  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  public private(set) var lastTimestampSeconds: Double?

  /// Creates a filter.
  ///
  /// - Throws: `ParameterError` naming the first parameter that is not finite and positive
  ///   (`beta`: not finite and non-negative).
  public init(
    minCutoffHz: Double = 1, beta: Double = 0, derivativeCutoffHz: Double = 1
  ) throws(ParameterError) {
    try ParameterError.requirePositive(minCutoffHz, "minCutoffHz")
    try ParameterError.requireNonNegative(beta, "beta")
    try ParameterError.requirePositive(derivativeCutoffHz, "derivativeCutoffHz")
    self.minCutoffHz = minCutoffHz
    self.beta = beta
    self.derivativeCutoffHz = derivativeCutoffHz
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
    guard let previous = estimate, let lastTime = lastTimestampSeconds else {
      reset(to: measurement, timestampSeconds: timestampSeconds)
      return .accepted
    }
    let te = timestampSeconds - lastTime
    let dx = (x - previous) / te
    let alphaD = lowPassAlpha(
      tauSeconds: 1 / (2 * Double.pi * derivativeCutoffHz), intervalSeconds: te)
    derivativeEstimate += alphaD * (dx - derivativeEstimate)
    var next = previous
    for axis in 0..<3 {
      let cutoff = minCutoffHz + beta * abs(derivativeEstimate[axis])
      let alpha = lowPassAlpha(tauSeconds: 1 / (2 * Double.pi * cutoff), intervalSeconds: te)
      next[axis] = previous[axis] + alpha * (x[axis] - previous[axis])
    }
    guard next.isFiniteVector, derivativeEstimate.isFiniteVector else {
      // Extreme intervals (e.g. 1e-300 s) overflow the derivative: restart rather than leak NaN.
      reset(to: measurement, timestampSeconds: timestampSeconds)
      return .accepted
    }
    estimate = next
    lastTimestampSeconds = timestampSeconds
    return .accepted
  }

  /// Restarts from `position` at `timestampSeconds` as if it were the first sample (non-finite input
  /// is ignored).
  public mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double) {
    guard position.isFinite, timestampSeconds.isFinite else { return }
    estimate = SIMD3<Double>(position)
    derivativeEstimate = .zero
    lastTimestampSeconds = timestampSeconds
  }
}
