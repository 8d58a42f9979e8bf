/// One frame's scene depth, as ARKit's `ARDepthData`: a ``DepthMap`` and its confidence map of
/// the same size (``DepthConfidence`` per pixel, row-major). A no-return pixel (depth 0) has low
/// confidence.
public struct DepthData: Sendable, Hashable {
  /// The z-depth map (`ARDepthData.depthMap`).
  public let depthMap: DepthMap
  /// The confidence of each pixel (`ARDepthData.confidenceMap`), row-major like the depth.
  public let confidenceMap: [DepthConfidence]

  /// Creates depth data.
  ///
  /// - Throws: `DepthMapError.confidenceSizeMismatch` when the maps differ in size.
  public init(depthMap: DepthMap, confidenceMap: [DepthConfidence]) throws(DepthMapError) {
    guard confidenceMap.count == depthMap.depthMeters.count else {
      throw .confidenceSizeMismatch
    }
    self.depthMap = depthMap
    self.confidenceMap = confidenceMap
  }

  /// The confidence at `(column, row)`, or `nil` outside the map.
  public func confidence(column: Int, row: Int) -> DepthConfidence? {
    guard (0..<depthMap.width).contains(column), (0..<depthMap.height).contains(row) else {
      return nil
    }
    return confidenceMap[row * depthMap.width + column]
  }
}
