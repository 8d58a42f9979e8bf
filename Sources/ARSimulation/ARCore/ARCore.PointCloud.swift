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

    /// Creates a cloud; confidences default to 1.
    ///
    /// - Throws: ``ARCoreError/pointCloudCountsDiffer(points:identifiers:confidences:)``,
    ///   ``ARCoreError/pointNotFinite(index:)`` or ``ARCoreError/confidenceOutOfRange(_:)``.
    public init(
      points: [SIMD3<Float>], identifiers: [UInt64], confidences: [Float]? = nil
    ) throws(ARCoreError) {
      let confidences = confidences ?? Array(repeating: 1, count: points.count)
      guard points.count == identifiers.count, points.count == confidences.count else {
        throw .pointCloudCountsDiffer(
          points: points.count, identifiers: identifiers.count, confidences: confidences.count)
      }
      if let index = points.firstIndex(where: { !$0.isFinite }) {
        throw .pointNotFinite(index: index)
      }
      if let bad = confidences.first(where: { !(0...1).contains($0) }) {
        throw .confidenceOutOfRange(Double(bad))
      }
      self.points = points
      self.identifiers = identifiers
      self.confidences = confidences
    }

    /// An empty cloud.
    public static let empty = PointCloud(unchecked: [], [], [])

    private init(
      unchecked points: [SIMD3<Float>], _ identifiers: [UInt64], _ confidences: [Float]
    ) {
      self.points = points
      self.identifiers = identifiers
      self.confidences = confidences
    }
  }
}
