import SpatialMath

/// A constant-velocity Kalman filter on each axis (white-noise acceleration model) with a
/// 3-degree-of-freedom chi-square gate and re-anchoring.
///
/// State per axis: position (metres) and velocity (metres per second). Over an interval `Te`
/// (seconds) the position advances by `velocity * Te` and the process noise covariance is
/// `q * [[Te³/3, Te²/2], [Te²/2, Te]]` with `q = accelerationNoiseDensity` (m²/s³). Measurements
/// are positions with per-axis standard deviation `measurementStdMeters`. The axes share one 2x2
/// covariance (isotropic noise). The first sample passes through with position variance `r²` and
/// velocity variance `initialSpeedStd²`.
///
/// Gate and re-anchoring as in `ConstantPositionKalmanFilter`: a rejected measurement changes no
/// state; `reanchorCount` consecutive mutually consistent rejections restart the filter at their
/// mean with zero velocity.
public struct ConstantVelocityKalmanFilter: PositionFilter, Hashable, Codable {
  /// White-noise acceleration spectral density `q`, m²/s³ (>= 0).
  public var accelerationNoiseDensity: Double
  /// Measurement noise standard deviation per axis, metres (> 0).
  public var measurementStdMeters: Double
  /// Velocity standard deviation assumed at the first sample, metres per second (>= 0).
  public var initialSpeedStdMetersPerSecond: Double
  /// The innovation gate.
  public var gate: ChiSquareGate

  var estimate: SIMD3<Double>?
  /// The velocity estimate, metres per second (zero before the first sample).
  public private(set) var velocity: SIMD3<Double> = .zero
  /// Posterior covariance per axis: position variance (m²), position-velocity covariance
  /// (m²/s), velocity variance (m²/s²).
  public private(set) var covariance: SIMD3<Double> = .zero
  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  public private(set) var lastTimestampSeconds: Double?
  var rejections: ConsistentRejectionBuffer

  /// Creates a filter; `reanchorCount` 0 disables re-anchoring.
  ///
  /// - Throws: `ParameterError` when a parameter is negative, zero (`r`) or not finite, or
  ///   `reanchorCount` is negative.
  public init(
    accelerationNoiseDensity: Double, measurementStdMeters: Double,
    initialSpeedStdMetersPerSecond: Double = 0.01,
    gate: ChiSquareGate = .probability999, reanchorCount: Int = 3
  ) throws(ParameterError) {
    try ParameterError.requireNonNegative(accelerationNoiseDensity, "accelerationNoiseDensity")
    try ParameterError.requirePositive(measurementStdMeters, "measurementStdMeters")
    try ParameterError.requireNonNegative(
      initialSpeedStdMetersPerSecond, "initialSpeedStdMetersPerSecond")
    try ParameterError.requireAtLeast(reanchorCount, 0, "reanchorCount")
    self.accelerationNoiseDensity = accelerationNoiseDensity
    self.measurementStdMeters = measurementStdMeters
    self.initialSpeedStdMetersPerSecond = initialSpeedStdMetersPerSecond
    self.gate = gate
    self.rejections = ConsistentRejectionBuffer(
      requiredCount: reanchorCount,
      consistencyRadiusMeters: (2 * min(gate.threshold, 1e6)).squareRoot() * measurementStdMeters)
  }

  /// The current estimate, or `nil` before the first accepted sample (see `PositionFilter`).
  public var position: SIMD3<Float>? { estimate.map { SIMD3<Float>($0) } }

  /// The position extrapolated with the velocity; times before the last sample are not
  /// extrapolated backwards (the current position is returned).
  public func predictedPosition(atSeconds timestampSeconds: Double) -> SIMD3<Float>? {
    guard let x = estimate, let last = lastTimestampSeconds else { return nil }
    let dt = timestampSeconds - last
    guard dt.isFinite, dt > 0 else { return SIMD3<Float>(x) }
    return SIMD3<Float>(x + velocity * dt)
  }

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
      covariance.x = r * r
      return .accepted
    }
    let dt = timestampSeconds - lastTime
    let q = accelerationNoiseDensity
    let (pp, pv, vv) = (covariance.x, covariance.y, covariance.z)
    let ppPrior = pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3
    let pvPrior = pv + dt * vv + q * dt * dt / 2
    let vvPrior = vv + q * dt
    let xPrior = x + velocity * dt
    let s = ppPrior + r * r
    let innovation = z - xPrior
    guard
      gate.accepts(innovationLengthSquared: (innovation * innovation).sum(), innovationVariance: s)
    else {
      if let anchor = rejections.add(
        z, radiusMeters: (2 * min(gate.threshold, 1e6)).squareRoot() * r)
      {
        reset(to: SIMD3<Float>(anchor), timestampSeconds: timestampSeconds)
        covariance.x = r * r
        return .accepted
      }
      return .rejectedOutlier
    }
    rejections.clear()
    let kp = ppPrior / s
    let kv = pvPrior / s
    let nextPosition = xPrior + kp * innovation
    let nextVelocity = velocity + kv * innovation
    let nextCovariance = SIMD3((1 - kp) * ppPrior, (1 - kp) * pvPrior, vvPrior - kv * pvPrior)
    guard nextPosition.isFiniteVector, nextVelocity.isFiniteVector, nextCovariance.isFiniteVector
    else {
      reset(to: measurement, timestampSeconds: timestampSeconds)
      covariance.x = r * r
      return .accepted
    }
    estimate = nextPosition
    velocity = nextVelocity
    covariance = nextCovariance
    lastTimestampSeconds = timestampSeconds
    return .accepted
  }

  /// Restarts from `position` at `timestampSeconds` as if it were the first sample (non-finite input
  /// is ignored).
  public mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double) {
    guard position.isFinite, timestampSeconds.isFinite else { return }
    estimate = SIMD3<Double>(position)
    velocity = .zero
    covariance = SIMD3(
      measurementStdMeters * measurementStdMeters, 0,
      initialSpeedStdMetersPerSecond * initialSpeedStdMetersPerSecond)
    lastTimestampSeconds = timestampSeconds
    rejections.clear()
  }
}
