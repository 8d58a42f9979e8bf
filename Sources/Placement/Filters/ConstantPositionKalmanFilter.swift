import SpatialMath

/// A constant-position (random-walk) Kalman filter on each axis with a 3-degree-of-freedom
/// chi-square gate and re-anchoring.
///
/// Model per axis: `x_k = x_{k-1} + w`, `w ~ N(0, q * Te)`; measurement `z = x + v`,
/// `v ~ N(0, r²)`, with `q = processNoiseDensity` (m²/s), `r = measurementStdMeters`, and `Te` the
/// interval between accepted timestamps (seconds). All axes share one variance `P` (the noise is
/// isotropic). For a fixed `Te` the gain converges to `K = P⁻ / (P⁻ + r²)` with
/// `P⁻ = (Q + sqrt(Q² + 4 Q r²)) / 2`, `Q = q Te`.
///
/// Gate: a measurement whose innovation fails `gate` (using `S = P⁻ + r²`) is `.rejectedOutlier`
/// and changes no state; after `reanchorCount` consecutive rejections that lie within
/// `sqrt(2 * gate.threshold) * r` of their mean, the filter restarts at that mean (the last of
/// them reports `.accepted`). The first sample passes through with `P = r²`.
public struct ConstantPositionKalmanFilter: PositionFilter, Hashable, Codable {
  /// Process noise spectral density `q`, square metres per second (>= 0).
  public var processNoiseDensity: Double
  /// Measurement noise standard deviation per axis, metres (> 0).
  public var measurementStdMeters: Double
  /// The innovation gate.
  public var gate: ChiSquareGate

  var estimate: SIMD3<Double>?
  /// The posterior variance per axis, square metres.
  public private(set) var variance: Double = 0
  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  public private(set) var lastTimestampSeconds: Double?
  var rejections: ConsistentRejectionBuffer

  /// Creates a filter; `reanchorCount` 0 disables re-anchoring.
  ///
  /// - Throws: `ParameterError` when a noise parameter is negative, zero (`r`) or not finite, or
  ///   `reanchorCount` is negative.
  public init(
    processNoiseDensity: Double, measurementStdMeters: Double,
    gate: ChiSquareGate = .probability999, reanchorCount: Int = 3
  ) throws(ParameterError) {
    try ParameterError.requireNonNegative(processNoiseDensity, "processNoiseDensity")
    try ParameterError.requirePositive(measurementStdMeters, "measurementStdMeters")
    try ParameterError.requireAtLeast(reanchorCount, 0, "reanchorCount")
    self.processNoiseDensity = processNoiseDensity
    self.measurementStdMeters = measurementStdMeters
    self.gate = gate
    self.rejections = ConsistentRejectionBuffer(
      requiredCount: reanchorCount,
      consistencyRadiusMeters: (2 * min(gate.threshold, 1e6)).squareRoot() * measurementStdMeters)
  }

  /// The current estimate, or `nil` before the first accepted sample (see `PositionFilter`).
  public var position: SIMD3<Float>? { estimate.map { SIMD3<Float>($0) } }

  /// Feeds one measurement taken at `timestampSeconds` (seconds) and reports what was done with it
  /// (see `PositionFilter` for the rejection rules).
  public mutating func update(
    measurement: SIMD3<Float>, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    update(
      measurement: measurement, measurementStdMeters: measurementStdMeters,
      timestampSeconds: timestampSeconds)
  }

  /// Feeds one measurement whose standard deviation per axis is `measurementStdMeters` (used for
  /// this update instead of the configured one when finite and positive): the gain, the gate and
  /// the consistency radius of re-anchoring evidence scale with it.
  public mutating func update(
    measurement: SIMD3<Float>, measurementStdMeters std: Double, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    let r = std.isFinite && std > 0 ? std : measurementStdMeters
    if let rejection = validateSample(
      measurement, timestampSeconds: timestampSeconds, lastTimestampSeconds: lastTimestampSeconds)
    {
      return rejection
    }
    let z = SIMD3<Double>(measurement)
    guard let x = estimate, let lastTime = lastTimestampSeconds else {
      reset(to: measurement, timestampSeconds: timestampSeconds)
      variance = r * r
      return .accepted
    }
    let r2 = r * r
    let predictedVariance = variance + processNoiseDensity * (timestampSeconds - lastTime)
    let s = predictedVariance + r2
    let innovation = z - x
    guard
      gate.accepts(innovationLengthSquared: (innovation * innovation).sum(), innovationVariance: s)
    else {
      if let anchor = rejections.add(
        z, radiusMeters: (2 * min(gate.threshold, 1e6)).squareRoot() * r)
      {
        reset(to: SIMD3<Float>(anchor), timestampSeconds: timestampSeconds)
        variance = r2
        return .accepted
      }
      return .rejectedOutlier
    }
    rejections.clear()
    let gain = predictedVariance / s
    let next = x + gain * innovation
    guard next.isFiniteVector, gain.isFinite, predictedVariance.isFinite else {
      reset(to: measurement, timestampSeconds: timestampSeconds)
      variance = r2
      return .accepted
    }
    estimate = next
    variance = (1 - gain) * predictedVariance
    lastTimestampSeconds = timestampSeconds
    return .accepted
  }

  /// Restarts from `position` at `timestampSeconds` as if it were the first sample (non-finite input
  /// is ignored).
  public mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double) {
    guard position.isFinite, timestampSeconds.isFinite else { return }
    estimate = SIMD3<Double>(position)
    variance = measurementStdMeters * measurementStdMeters
    lastTimestampSeconds = timestampSeconds
    rejections.clear()
  }
}
