import SpatialMath

/// A frame's sparse feature points (ARKit's `ARPointCloud`): world-space positions in metres, each
/// with an identifier that stays the same for the same physical feature across frames.
///
/// Its JSON form (`{"points": [[x, y, z], ...], "identifiers": [...]}`) belongs to the recording
/// format: SceneFormat's `RecordingFeaturePoints`.
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
