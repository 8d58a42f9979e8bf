import SpatialMath

// Vision's pixel conversions (`VNImageRectForNormalizedRect`, `VNNormalizedRectForImageRect`,
// `VNImagePointForNormalizedPoint`): they scale by the image size and never flip, so a
// lower-left normalized rect becomes a lower-left pixel rect.

/// The pixel rect of a normalized rect: every coordinate scaled by `width` or `height`
/// (`VNImageRectForNormalizedRect`). No flip: the origin convention is kept.
public func imageRect(forNormalizedRect normalizedRect: Rect, width: Int, height: Int) -> Rect {
  normalizedRect.scaled(x: Double(width), y: Double(height))
}

/// The normalized rect of a pixel rect (`VNNormalizedRectForImageRect`); a zero `width` or
/// `height` gives non-finite coordinates on that axis, as dividing by zero does.
public func normalizedRect(forImageRect imageRect: Rect, width: Int, height: Int) -> Rect {
  imageRect.scaled(x: 1 / Double(width), y: 1 / Double(height))
}

/// The pixel point of a normalized point (`VNImagePointForNormalizedPoint`). No flip.
public func imagePoint(forNormalizedPoint normalizedPoint: Point, width: Int, height: Int) -> Point
{
  Point(x: normalizedPoint.x * Double(width), y: normalizedPoint.y * Double(height))
}

/// The normalized point of a pixel point (`VNNormalizedPointForImagePoint`). No flip.
public func normalizedPoint(forImagePoint imagePoint: Point, width: Int, height: Int) -> Point {
  Point(x: imagePoint.x / Double(width), y: imagePoint.y / Double(height))
}
