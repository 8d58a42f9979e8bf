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

  init(
    id: Int, label: String, filter: Filter, firstSeenSeconds: Double,
    evidence: ConsistentRejectionBuffer
  ) {
    self.id = id
    self.label = label
    self.filter = filter
    self.lastHitSeconds = firstSeenSeconds
    self.firstSeenSeconds = firstSeenSeconds
    self.evidence = evidence
  }

  var output: TrackedMarker? {
    guard let position = filter.position else { return nil }
    return TrackedMarker(
      id: id, label: label, position: position, state: state,
      spreadMeters: Float(spreadSquared.squareRoot()), hitCount: hitCount,
      lastHitSeconds: lastHitSeconds, firstSeenSeconds: firstSeenSeconds)
  }

  /// Feeds an assigned measurement to the filter; on acceptance updates spread and hit bookkeeping
  /// (not the lifecycle). A filter rejection counts as evidence for re-anchoring.
  mutating func accept(
    _ measurement: SIMD3<Float>, at t: Double, spreadTimeConstantSeconds: Double
  ) -> (outcome: FilterUpdateOutcome, reanchored: Bool) {
    let prior = filter.predictedPosition(atSeconds: t)
    let outcome = filter.update(measurement: measurement, timestampSeconds: t)
    guard outcome.isAccepted else {
      if outcome == .rejectedOutlier, addEvidence(measurement, at: t) { return (.accepted, true) }
      return (outcome, false)
    }
    evidence.clear()
    if let prior {
      let residual = Double((measurement - prior).lengthSquared)
      let dt = t - lastHitSeconds
      if dt > 0 {
        spreadSquared +=
          lowPassAlpha(tauSeconds: spreadTimeConstantSeconds, intervalSeconds: dt)
          * (residual - spreadSquared)
      }
    }
    hitCount += 1
    lastHitSeconds = t
    return (.accepted, false)
  }

  /// Records a measurement that contradicts the marker; returns `true` when it completed the
  /// evidence and the marker was re-anchored to the mean of the consistent measurements.
  mutating func addEvidence(_ measurement: SIMD3<Float>, at t: Double) -> Bool {
    guard let anchor = evidence.add(SIMD3<Double>(measurement)) else { return false }
    filter.reset(to: SIMD3<Float>(anchor), timestampSeconds: t)
    hitCount = 1
    lastHitSeconds = t
    spreadSquared = 0
    return true
  }
}
