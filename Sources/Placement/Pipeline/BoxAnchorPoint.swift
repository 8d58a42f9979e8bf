import SpatialMath

/// The point of a detection box that placement raycasts through, as fractions of the box in the
/// upright (oriented) image the model saw: `x` from the box's left edge (0) to its right edge (1),
/// `y` from its top edge (0) to its bottom edge (1). The centre is (0.5, 0.5); a button's base is
/// `bottomCenter` (0.5, 1).
public struct BoxAnchorPoint: Sendable, Hashable {
  /// Fraction across the box from its left edge, 0...1.
  public let x: Double
  /// Fraction down the box from its top edge (upright image), 0...1.
  public let y: Double

  /// Creates an anchor point.
  ///
  /// - Throws: `ParameterError` unless both fractions are finite and in 0...1.
  public init(x: Double, y: Double) throws(ParameterError) {
    for (name, value) in [("x", x), ("y", y)] where !(value.isFinite && (0...1).contains(value)) {
      throw ParameterError(parameter: name, value: "\(value)", requirement: "within 0...1")
    }
    self.x = x
    self.y = y
  }

  private init(unchecked x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// The box centre (default).
  public static let center = BoxAnchorPoint(unchecked: 0.5, 0.5)
  /// The middle of the box's bottom edge in the upright image.
  public static let bottomCenter = BoxAnchorPoint(unchecked: 0.5, 1)
  /// The middle of the box's top edge in the upright image.
  public static let topCenter = BoxAnchorPoint(unchecked: 0.5, 0)

  /// The named anchor points, by name (`center`, `bottomCenter`, `topCenter`).
  public static let named: [(name: String, point: BoxAnchorPoint)] = [
    ("center", .center), ("bottomCenter", .bottomCenter), ("topCenter", .topCenter),
  ]

  /// The point in Vision normalized coordinates (lower-left origin) of a Vision box: Vision's y
  /// grows upwards, so the top edge is at `maxY`.
  public func visionPoint(in visionBox: Rect) -> Point {
    Point(
      x: visionBox.origin.x + x * visionBox.size.width,
      y: visionBox.origin.y + (1 - y) * visionBox.size.height)
  }
}
