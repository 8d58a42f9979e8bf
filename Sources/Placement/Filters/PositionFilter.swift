import SpatialMath

/// A smoothing filter for one 3D position stream, driven by timestamps (seconds), never by frame
/// counts.
///
/// Positions are in whatever space the caller feeds (the tracker feeds world space, metres);
/// filters never mix axes except where a gate measures a 3D distance. Internally every filter
/// computes in `Double` and reports `Float` positions like ARKit geometry.
///
/// Contract shared by all conformances:
/// - the first accepted sample passes through unchanged;
/// - a non-finite measurement or timestamp is rejected with `.rejectedNonFinite` and changes no
///   state;
/// - a timestamp that does not increase (equal to or earlier than the last accepted one) is
///   rejected with `.rejectedNonIncreasingTimestamp` and changes no state: a filter never divides
///   by a zero or negative interval, and replaying a duplicated frame is harmless;
/// - a filter with a gate may reject a measurement as `.rejectedOutlier` (state unchanged);
/// - an update that would overflow (absurd intervals such as 1e-300 s or 1e300 s) restarts the
///   filter at the measurement instead: finite input never yields a NaN estimate.
public protocol PositionFilter: Sendable {
  /// The current estimate (same space and units as the measurements), or `nil` before the first
  /// accepted sample.
  var position: SIMD3<Float>? { get }

  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  var lastTimestampSeconds: Double? { get }

  /// Feeds one measurement taken at `timestampSeconds` and reports what the filter did with it.
  mutating func update(measurement: SIMD3<Float>, timestampSeconds: Double) -> FilterUpdateOutcome

  /// Feeds one measurement whose expected error is `measurementStdMeters` (standard deviation per
  /// axis, in the measurement's units). Filters with a measurement-noise model (the Kalman
  /// filters) use it instead of their configured noise for this update — in the gain, the gate
  /// and the consistency of re-anchoring evidence; the others ignore it (the default). A value
  /// that is not finite and positive means the configured noise.
  mutating func update(
    measurement: SIMD3<Float>, measurementStdMeters: Double, timestampSeconds: Double
  ) -> FilterUpdateOutcome

  /// The estimate extrapolated to `timestampSeconds` without changing state (models without
  /// velocity return `position`), or `nil` before the first accepted sample.
  func predictedPosition(atSeconds timestampSeconds: Double) -> SIMD3<Float>?

  /// Forgets the history and restarts from `position` at `timestampSeconds` (velocity zero), as if
  /// `position` were the first sample. Used for re-anchoring. Non-finite input is ignored.
  mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double)
}

extension PositionFilter {
  /// Ignores the expected error: `update(measurement:timestampSeconds:)`.
  public mutating func update(
    measurement: SIMD3<Float>, measurementStdMeters: Double, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    update(measurement: measurement, timestampSeconds: timestampSeconds)
  }

  /// The current estimate: models without a velocity do not extrapolate.
  public func predictedPosition(atSeconds timestampSeconds: Double) -> SIMD3<Float>? { position }

  /// Feeds one measurement and returns the estimate after it (the unchanged estimate when the
  /// sample was rejected; `nil` only while nothing was ever accepted).
  @discardableResult
  public mutating func filter(_ measurement: SIMD3<Float>, timestampSeconds: Double) -> SIMD3<
    Float
  >? {
    _ = update(measurement: measurement, timestampSeconds: timestampSeconds)
    return position
  }
}

/// What a `PositionFilter` did with one measurement.
public enum FilterUpdateOutcome: String, Sendable, Hashable, Codable, CaseIterable {
  /// The measurement was used; the estimate may have changed.
  case accepted
  /// A coordinate or the timestamp was NaN or infinite; nothing changed.
  case rejectedNonFinite
  /// The timestamp was not later than the last accepted one; nothing changed.
  case rejectedNonIncreasingTimestamp
  /// The filter's gate judged the measurement inconsistent with the estimate; nothing changed.
  case rejectedOutlier

  /// Whether the measurement was used.
  public var isAccepted: Bool { self == .accepted }
}

/// Shared validation of a sample against the last accepted timestamp.
@usableFromInline
func validateSample(
  _ measurement: SIMD3<Float>, timestampSeconds: Double, lastTimestampSeconds: Double?
) -> FilterUpdateOutcome? {
  guard measurement.isFinite, timestampSeconds.isFinite else { return .rejectedNonFinite }
  if let last = lastTimestampSeconds, !(timestampSeconds > last) {
    return .rejectedNonIncreasingTimestamp
  }
  return nil
}

/// The smoothing factor of a first-order low-pass filter with time constant `tauSeconds` for a
/// sample interval `intervalSeconds`: `alpha = 1 / (1 + tau / Te)` (the One-Euro authors' form).
@usableFromInline
func lowPassAlpha(tauSeconds: Double, intervalSeconds: Double) -> Double {
  1 / (1 + tauSeconds / intervalSeconds)
}

extension SIMD3 where Scalar == Double {
  /// Whether all three components are finite.
  @usableFromInline var isFiniteVector: Bool { x.isFinite && y.isFinite && z.isFinite }

}
