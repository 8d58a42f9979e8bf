import SpatialMath

/// A frame's sparse feature points (ARKit's `ARPointCloud`): world-space positions in metres, each
/// with an identifier that stays the same for the same physical feature across frames.
///
/// Encoded as `{"points": [[x, y, z], ...], "identifiers": [1, 2, ...]}` (DESIGN §7).
public struct FeaturePointCloud: Sendable, Hashable {
  /// The positions in world space (metres); all finite.
  public let points: [SIMD3<Float>]
  /// One identifier per point, in the same order.
  public let identifiers: [UInt64]

  /// An empty cloud.
  public static let empty = FeaturePointCloud(unchecked: [], identifiers: [])

  /// Creates a cloud.
  ///
  /// - Throws: `WorldError.featurePointIdentifierCount` when the counts differ,
  ///   `.featurePointNotFinite` naming the first point that is not finite.
  public init(points: [SIMD3<Float>], identifiers: [UInt64]) throws(WorldError) {
    guard points.count == identifiers.count else {
      throw .featurePointIdentifierCount(points: points.count, identifiers: identifiers.count)
    }
    if let bad = points.firstIndex(where: { !$0.isFinite }) {
      throw .featurePointNotFinite(index: bad)
    }
    self.init(unchecked: points, identifiers: identifiers)
  }

  /// Creates a cloud with identifiers `0, 1, 2, ...`.
  ///
  /// - Throws: `WorldError.featurePointNotFinite` naming the first point that is not finite.
  public init(points: [SIMD3<Float>]) throws(WorldError) {
    try self.init(points: points, identifiers: (0..<points.count).map { UInt64($0) })
  }

  init(unchecked points: [SIMD3<Float>], identifiers: [UInt64]) {
    self.points = points
    self.identifiers = identifiers
  }

  /// The number of points.
  public var count: Int { points.count }
}

extension FeaturePointCloud: Codable {
  private enum CodingKeys: String, CodingKey { case points, identifiers }

  /// Decodes `{"points", "identifiers"}`; `identifiers` defaults to `0, 1, 2, ...` when absent.
  /// Throws `DecodingError.dataCorrupted` at `points[i]` for a point that is not 3 finite numbers,
  /// and at `identifiers` when the counts differ.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    var list = try c.nestedUnkeyedContainer(forKey: .points)
    var points: [SIMD3<Float>] = []
    points.reserveCapacity(list.count ?? 0)
    while !list.isAtEnd {
      let v = try list.decode([Double].self).map { Float($0) }
      guard v.count == 3, v.allSatisfy(\.isFinite) else {
        throw DecodingError.dataCorruptedError(
          in: list,
          debugDescription:
            "feature point \(points.count) must be 3 numbers [x, y, z], finite as Float")
      }
      points.append(SIMD3(v[0], v[1], v[2]))
    }
    let identifiers =
      try c.decodeIfPresent([UInt64].self, forKey: .identifiers)
      ?? (0..<points.count).map { UInt64($0) }
    guard identifiers.count == points.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .identifiers, in: c,
        debugDescription: "\(identifiers.count) identifiers for \(points.count) points")
    }
    self.init(unchecked: points, identifiers: identifiers)
  }

  /// Encodes the same fields and layout that `init(from:)` reads.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(points.map { [$0.x, $0.y, $0.z] }, forKey: .points)
    try c.encode(identifiers, forKey: .identifiers)
  }
}
