/// One of the package's position filters, chosen at run time (by name in the CLI, by
/// configuration in the tracker), without existential boxes: `MarkerTracker<AnyPositionFilter>`.
public enum AnyPositionFilter: PositionFilter, Hashable, Codable {
  /// A One-Euro filter.
  case oneEuro(OneEuroFilter)
  /// A constant-position Kalman filter.
  case constantPositionKalman(ConstantPositionKalmanFilter)
  /// A constant-velocity Kalman filter.
  case constantVelocityKalman(ConstantVelocityKalmanFilter)
  /// An exponential filter.
  case exponential(ExponentialFilter)
  /// A moving median.
  case median(MovingMedianFilter)

  /// The current estimate, or `nil` before the first accepted sample (see `PositionFilter`).
  public var position: SIMD3<Float>? {
    switch self {
    case .oneEuro(let f): f.position
    case .constantPositionKalman(let f): f.position
    case .constantVelocityKalman(let f): f.position
    case .exponential(let f): f.position
    case .median(let f): f.position
    }
  }

  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  public var lastTimestampSeconds: Double? {
    switch self {
    case .oneEuro(let f): f.lastTimestampSeconds
    case .constantPositionKalman(let f): f.lastTimestampSeconds
    case .constantVelocityKalman(let f): f.lastTimestampSeconds
    case .exponential(let f): f.lastTimestampSeconds
    case .median(let f): f.lastTimestampSeconds
    }
  }

  /// The wrapped filter's prediction at `timestampSeconds` (see `PositionFilter`).
  public func predictedPosition(atSeconds timestampSeconds: Double) -> SIMD3<Float>? {
    switch self {
    case .oneEuro(let f): f.predictedPosition(atSeconds: timestampSeconds)
    case .constantPositionKalman(let f): f.predictedPosition(atSeconds: timestampSeconds)
    case .constantVelocityKalman(let f): f.predictedPosition(atSeconds: timestampSeconds)
    case .exponential(let f): f.predictedPosition(atSeconds: timestampSeconds)
    case .median(let f): f.predictedPosition(atSeconds: timestampSeconds)
    }
  }

  /// Feeds one measurement taken at `timestampSeconds` (seconds) and reports what was done with it
  /// (see `PositionFilter` for the rejection rules).
  public mutating func update(
    measurement: SIMD3<Float>, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    switch self {
    case .oneEuro(var f):
      defer { self = .oneEuro(f) }
      return f.update(measurement: measurement, timestampSeconds: timestampSeconds)
    case .constantPositionKalman(var f):
      defer { self = .constantPositionKalman(f) }
      return f.update(measurement: measurement, timestampSeconds: timestampSeconds)
    case .constantVelocityKalman(var f):
      defer { self = .constantVelocityKalman(f) }
      return f.update(measurement: measurement, timestampSeconds: timestampSeconds)
    case .exponential(var f):
      defer { self = .exponential(f) }
      return f.update(measurement: measurement, timestampSeconds: timestampSeconds)
    case .median(var f):
      defer { self = .median(f) }
      return f.update(measurement: measurement, timestampSeconds: timestampSeconds)
    }
  }

  /// Feeds one measurement with its expected error to the wrapped filter (see `PositionFilter`).
  public mutating func update(
    measurement: SIMD3<Float>, measurementStdMeters: Double, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    switch self {
    case .oneEuro(var f):
      defer { self = .oneEuro(f) }
      return f.update(
        measurement: measurement, measurementStdMeters: measurementStdMeters,
        timestampSeconds: timestampSeconds)
    case .constantPositionKalman(var f):
      defer { self = .constantPositionKalman(f) }
      return f.update(
        measurement: measurement, measurementStdMeters: measurementStdMeters,
        timestampSeconds: timestampSeconds)
    case .constantVelocityKalman(var f):
      defer { self = .constantVelocityKalman(f) }
      return f.update(
        measurement: measurement, measurementStdMeters: measurementStdMeters,
        timestampSeconds: timestampSeconds)
    case .exponential(var f):
      defer { self = .exponential(f) }
      return f.update(
        measurement: measurement, measurementStdMeters: measurementStdMeters,
        timestampSeconds: timestampSeconds)
    case .median(var f):
      defer { self = .median(f) }
      return f.update(
        measurement: measurement, measurementStdMeters: measurementStdMeters,
        timestampSeconds: timestampSeconds)
    }
  }

  /// Restarts from `position` at `timestampSeconds` as if it were the first sample (non-finite input
  /// is ignored).
  public mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double) {
    switch self {
    case .oneEuro(var f):
      f.reset(to: position, timestampSeconds: timestampSeconds)
      self = .oneEuro(f)
    case .constantPositionKalman(var f):
      f.reset(to: position, timestampSeconds: timestampSeconds)
      self = .constantPositionKalman(f)
    case .constantVelocityKalman(var f):
      f.reset(to: position, timestampSeconds: timestampSeconds)
      self = .constantVelocityKalman(f)
    case .exponential(var f):
      f.reset(to: position, timestampSeconds: timestampSeconds)
      self = .exponential(f)
    case .median(var f):
      f.reset(to: position, timestampSeconds: timestampSeconds)
      self = .median(f)
    }
  }
}
