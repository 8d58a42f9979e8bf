import SpatialMath

/// Remembers consecutive rejected measurements and says when they agree with each other, which is
/// the evidence for re-anchoring an estimate that has become clearly wrong.
///
/// Measurements are in metres. `add` returns the mean of the last `requiredCount` rejections when
/// every one of them lies within its radius of that mean — `consistencyRadiusMeters`, or the
/// larger radius given with it (a measurement expected to be less precise may stray further) —
/// and then clears itself.
struct ConsistentRejectionBuffer: Sendable, Hashable, Codable {
  var requiredCount: Int
  var consistencyRadiusMeters: Double
  private(set) var rejected: [SIMD3<Double>] = []
  /// The radius of each entry of `rejected`, metres.
  private(set) var radii: [Double] = []

  init(requiredCount: Int, consistencyRadiusMeters: Double) {
    self.requiredCount = requiredCount
    self.consistencyRadiusMeters = consistencyRadiusMeters
  }

  /// Forgets the rejections (call when a measurement is accepted).
  mutating func clear() {
    rejected.removeAll(keepingCapacity: true)
    radii.removeAll(keepingCapacity: true)
  }

  /// Records a rejection; returns the re-anchoring position (mean) when the last `requiredCount`
  /// rejections are mutually consistent, else `nil`. A `requiredCount` below 1 never re-anchors.
  /// `radiusMeters`, when larger than `consistencyRadiusMeters`, is this entry's radius.
  mutating func add(_ measurement: SIMD3<Double>, radiusMeters: Double? = nil) -> SIMD3<Double>? {
    guard requiredCount >= 1 else { return nil }
    rejected.append(measurement)
    radii.append(max(consistencyRadiusMeters, radiusMeters ?? 0))
    if rejected.count > requiredCount {
      rejected.removeFirst(rejected.count - requiredCount)
      radii.removeFirst(radii.count - requiredCount)
    }
    guard rejected.count == requiredCount else { return nil }
    let mean = rejected.reduce(SIMD3<Double>.zero, +) / Double(requiredCount)
    for (m, radius) in zip(rejected, radii) where ((m - mean) * (m - mean)).sum() > radius * radius
    {
      return nil
    }
    clear()
    return mean
  }
}
