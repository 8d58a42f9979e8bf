extension Rect {
  /// The intersection over union (Jaccard index) of two rects: the area of their overlap divided
  /// by the area of their union, in 0...1. Both rects are standardized first, so the origin
  /// convention (top-left or lower-left) does not matter as long as both use the same one.
  ///
  /// Scaling both axes of a space (normalized coordinates to model-input or image pixels) scales
  /// every area by the same factor, so the IoU of two Vision boxes is the same in normalized
  /// coordinates and in pixels, whatever the aspect ratio of the space.
  ///
  /// Returns 0 when the rects do not overlap with positive area, when the union has zero area,
  /// or when a coordinate is not finite.
  public func intersectionOverUnion(with other: Rect) -> Double {
    guard isFinite, other.isFinite, let overlap = intersection(other) else { return 0 }
    let intersectionArea = overlap.width * overlap.height
    let union = width * height + other.width * other.height - intersectionArea
    guard union > 0, union.isFinite else { return 0 }
    return min(max(intersectionArea / union, 0), 1)
  }
}
