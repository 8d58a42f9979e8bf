import SpatialMath

/// Remembers consecutive rejected measurements and says when they agree with each other, which is
/// the evidence for re-anchoring an estimate that has become clearly wrong.
///
/// Measurements are in metres. `add` returns the mean of the last `requiredCount` rejections when
/// every one of them lies within `consistencyRadiusMeters` of that mean, and then clears itself.
struct ConsistentRejectionBuffer: Sendable, Hashable, Codable {
  var requiredCount: Int
  var consistencyRadiusMeters: Double
  private(set) var rejected: [SIMD3<Double>] = []

  init(requiredCount: Int, consistencyRadiusMeters: Double) {
    self.requiredCount = requiredCount
    self.consistencyRadiusMeters = consistencyRadiusMeters
  }

  /// Forgets the rejections (call when a measurement is accepted).
  mutating func clear() { rejected.removeAll(keepingCapacity: true) }

  /// Records a rejection; returns the re-anchoring position (mean) when the last `requiredCount`
  /// rejections are mutually consistent, else `nil`. A `requiredCount` below 1 never re-anchors.
  mutating func add(_ measurement: SIMD3<Double>) -> SIMD3<Double>? {
    guard requiredCount >= 1 else { return nil }
    rejected.append(measurement)
    if rejected.count > requiredCount { rejected.removeFirst(rejected.count - requiredCount) }
    guard rejected.count == requiredCount else { return nil }
    let mean = rejected.reduce(SIMD3<Double>.zero, +) / Double(requiredCount)
    let radiusSquared = consistencyRadiusMeters * consistencyRadiusMeters
    for m in rejected where ((m - mean) * (m - mean)).sum() > radiusSquared { return nil }
    clear()
    return mean
  }
}
