import SpatialMath

/// One contour of a `VNDetectContoursRequest` result (`VNContour`): a path of normalized points.
public struct VisionContour: Sendable, Hashable {
  /// The points in Vision normalized coordinates (`VNContour.normalizedPoints`): lower-left
  /// origin, 0...1, relative to the request's region of interest in the oriented image (no crop).
  public var normalizedPoints: [Point]
  /// Whether the path closes (the last point connects to the first), as contours around shapes do.
  public var isClosed: Bool

  /// Creates a contour.
  public init(normalizedPoints: [Point], isClosed: Bool = true) {
    self.normalizedPoints = normalizedPoints
    self.isClosed = isClosed
  }
}
