/// One of the package's position filters, chosen at run time (by name in the CLI and in replay
/// settings, from ``PositionFilterKind/all``), as one concrete type: `MarkerTracker<AnyPositionFilter>`.
///
/// It holds the filter as a value (copying an `AnyPositionFilter` copies the filter's state, as
/// the tracker does when it starts a marker from its prototype) and forwards every
/// `PositionFilter` requirement to it. Equality and hashing are the wrapped filter's (filters of
/// different types are never equal). Adding a filter does not touch this type: see
/// ``PositionFilterKind``.
public struct AnyPositionFilter: PositionFilter, Hashable {
  @usableFromInline var base: any PositionFilter & Hashable

  /// Wraps `filter` (an `AnyPositionFilter` is not wrapped twice).
  public init<Filter: PositionFilter & Hashable>(_ filter: Filter) {
    if let erased = filter as? AnyPositionFilter {
      self = erased
    } else {
      base = filter
    }
  }

  /// The wrapped filter.
  public var wrapped: any PositionFilter & Hashable { base }

  /// The wrapped filter as `type`, or `nil` when it is another type.
  public func unwrapped<Filter: PositionFilter>(as type: Filter.Type = Filter.self) -> Filter? {
    base as? Filter
  }

  /// The current estimate, or `nil` before the first accepted sample (see `PositionFilter`).
  @inlinable public var position: SIMD3<Float>? { base.position }

  /// The timestamp (seconds) of the last accepted sample, or `nil` before the first one.
  @inlinable public var lastTimestampSeconds: Double? { base.lastTimestampSeconds }

  /// The wrapped filter's prediction at `timestampSeconds` (see `PositionFilter`).
  @inlinable
  public func predictedPosition(atSeconds timestampSeconds: Double) -> SIMD3<Float>? {
    base.predictedPosition(atSeconds: timestampSeconds)
  }

  /// Feeds one measurement taken at `timestampSeconds` (seconds) and reports what was done with it
  /// (see `PositionFilter` for the rejection rules).
  @inlinable
  public mutating func update(
    measurement: SIMD3<Float>, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    base.update(measurement: measurement, timestampSeconds: timestampSeconds)
  }

  /// Feeds one measurement with its expected error to the wrapped filter (see `PositionFilter`).
  @inlinable
  public mutating func update(
    measurement: SIMD3<Float>, measurementStdMeters: Double, timestampSeconds: Double
  ) -> FilterUpdateOutcome {
    base.update(
      measurement: measurement, measurementStdMeters: measurementStdMeters,
      timestampSeconds: timestampSeconds)
  }

  /// Restarts from `position` at `timestampSeconds` as if it were the first sample (non-finite input
  /// is ignored).
  @inlinable
  public mutating func reset(to position: SIMD3<Float>, timestampSeconds: Double) {
    base.reset(to: position, timestampSeconds: timestampSeconds)
  }

  /// Whether both wrap filters of the same type with equal parameters and state.
  public static func == (lhs: AnyPositionFilter, rhs: AnyPositionFilter) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the wrapped filter.
  public func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }
}
