/// A 2D point in `Double`, like `CGPoint`. Which space it is in (image pixels, viewport points,
/// a normalized space) is said by the name of the variable or parameter that holds it.
public struct Point: Sendable, Hashable, Codable {
  /// The horizontal coordinate, in the units of its space.
  public var x: Double
  /// The vertical coordinate, in the units of its space (down in top-left spaces, up in
  /// lower-left ones).
  public var y: Double

  /// Creates a point.
  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// Whether both coordinates are finite.
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The point mapped by an affine transform (`CGPoint.applying(_:)`).
  @inlinable public func applying(_ t: AffineTransform2D) -> Point {
    Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }

  /// The Euclidean distance to `other`.
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }
}

extension Point: ApproximatelyEquatable {
  /// Compares `x` and `y` with the scalar rule of `ApproximatelyEquatable`.
  package func isApproximatelyEqual(
    to other: Point, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    SIMD2(x, y).isApproximatelyEqual(
      to: SIMD2(other.x, other.y), absoluteTolerance: absoluteTolerance,
      relativeTolerance: relativeTolerance)
  }
}
