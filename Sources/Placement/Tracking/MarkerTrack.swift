import SpatialMath

/// The tracker's private record of one marker.
struct MarkerTrack<Filter: PositionFilter>: Sendable {
  let id: Int
  let label: String
  var filter: Filter
  var state: MarkerState = .tentative
  var hitCount = 1
  var consecutiveHits = 1
  var lastHitSeconds: Double
  let firstSeenSeconds: Double
  /// Exponentially weighted mean squared residual, square metres.
  var spreadSquared = 0.0
  var evidence: ConsistentRejectionBuffer
  /// The unit normal of the surface of the last accepted measurement that had one (world).
  var surfaceNormal: SIMD3<Float>?
  /// With views: time missed in frames where the marker should have been detected since its last
  /// hit, seconds.
  var missedSeconds = 0.0

  init(
    id: Int, label: String, filter: Filter, firstSeenSeconds: Double,
    evidence: ConsistentRejectionBuffer, surfaceNormal: SIMD3<Float>? = nil
  ) {
    self.id = id
    self.label = label
    self.filter = filter
    self.lastHitSeconds = firstSeenSeconds
    self.firstSeenSeconds = firstSeenSeconds
    self.evidence = evidence
    self.surfaceNormal = surfaceNormal
  }

  /// Where to look for the marker's next measurement at `t`: the filter's prediction, or — with
  /// `maximumPredictionSeconds` (views) and no hit for longer than that — its current position.
  func predictedPosition(at t: Double, maximumPredictionSeconds: Double?) -> SIMD3<Float>? {
    if let maximumPredictionSeconds, t - lastHitSeconds > maximumPredictionSeconds {
      return filter.position
    }
    return filter.predictedPosition(atSeconds: t)
  }

  var output: TrackedMarker? {
    guard let position = filter.position else { return nil }
    return TrackedMarker(
      id: id, label: label, position: position, state: state,
      spreadMeters: Float(spreadSquared.squareRoot()), hitCount: hitCount,
      lastHitSeconds: lastHitSeconds, firstSeenSeconds: firstSeenSeconds)
  }

  /// Feeds an assigned measurement to the filter — with its expected error when known
  /// (`measurementStdMeters`) — and on acceptance updates spread, normal and hit bookkeeping
  /// (not the lifecycle). A filter rejection counts as evidence for re-anchoring, consistent
  /// within `evidenceRadiusMeters` when that is larger than the configured radius.
  mutating func accept(
    _ measurement: MarkerMeasurement, at t: Double, spreadTimeConstantSeconds: Double,
    measurementStdMeters: Double? = nil, evidenceRadiusMeters: Double? = nil,
    maximumPredictionSeconds: Double? = nil
  ) -> (outcome: FilterUpdateOutcome, reanchored: Bool) {
    if let maximumPredictionSeconds, t - lastHitSeconds > maximumPredictionSeconds,
      let position = filter.position, let last = filter.lastTimestampSeconds, last < t,
      filter.predictedPosition(atSeconds: t) != position
    {
      // A stale velocity would carry the marker away: restart it where it is.
      filter.reset(to: position, timestampSeconds: last)
    }
    let prior = predictedPosition(at: t, maximumPredictionSeconds: maximumPredictionSeconds)
    let outcome =
      if let measurementStdMeters {
        filter.update(
          measurement: measurement.position, measurementStdMeters: measurementStdMeters,
          timestampSeconds: t)
      } else {
        filter.update(measurement: measurement.position, timestampSeconds: t)
      }
    guard outcome.isAccepted else {
      if outcome == .rejectedOutlier,
        addEvidence(measurement, at: t, radiusMeters: evidenceRadiusMeters)
      {
        return (.accepted, true)
      }
      return (outcome, false)
    }
    evidence.clear()
    if let prior {
      let residual = Double((measurement.position - prior).lengthSquared)
      let dt = t - lastHitSeconds
      if dt > 0 {
        spreadSquared +=
          lowPassAlpha(tauSeconds: spreadTimeConstantSeconds, intervalSeconds: dt)
          * (residual - spreadSquared)
      }
    }
    if let normal = measurement.surfaceNormal, normal.isFinite { surfaceNormal = normal }
    hitCount += 1
    lastHitSeconds = t
    missedSeconds = 0
    return (.accepted, false)
  }

  /// Records a measurement that contradicts the marker; returns `true` when it completed the
  /// evidence and the marker was re-anchored to the mean of the consistent measurements.
  mutating func addEvidence(_ measurement: MarkerMeasurement, at t: Double, radiusMeters: Double?)
    -> Bool
  {
    guard
      let anchor = evidence.add(SIMD3<Double>(measurement.position), radiusMeters: radiusMeters)
    else { return false }
    filter.reset(to: SIMD3<Float>(anchor), timestampSeconds: t)
    if let normal = measurement.surfaceNormal, normal.isFinite { surfaceNormal = normal }
    hitCount = 1
    lastHitSeconds = t
    missedSeconds = 0
    spreadSquared = 0
    return true
  }
}
