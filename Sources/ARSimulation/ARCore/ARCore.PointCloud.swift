extension ARCore {
  /// The frame's point cloud (`Frame.acquirePointCloud()`): world points (metres) with their
  /// identifiers and confidences (`getPoints()` is x, y, z, confidence per point; `getIds()`).
  public struct PointCloud: Sendable, Hashable {
    /// World positions, metres.
    public let points: [SIMD3<Float>]
    /// One identifier per point.
    public let identifiers: [UInt64]
    /// One confidence in `0...1` per point.
    public let confidences: [Float]

    /// Creates a cloud; `nil` when the arrays differ in length, a point is not finite or a
    /// confidence is outside `0...1`. Confidences default to 1.
    public init?(points: [SIMD3<Float>], identifiers: [UInt64], confidences: [Float]? = nil) {
      let confidences = confidences ?? Array(repeating: 1, count: points.count)
      guard points.count == identifiers.count, points.count == confidences.count,
        points.allSatisfy(\.isFinite), confidences.allSatisfy({ (0...1).contains($0) })
      else { return nil }
      self.points = points
      self.identifiers = identifiers
      self.confidences = confidences
    }

    /// An empty cloud.
    public static let empty = PointCloud(points: [], identifiers: [])!
  }
}
