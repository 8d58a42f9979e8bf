#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A 2D affine transform with `CGAffineTransform`'s fields and conventions:
/// `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`.
///
/// Like Core Graphics, the matrix is written for row vectors, `[x y 1] * [[a b 0] [c d 0] [tx ty 1]]`,
/// so `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct AffineTransform2D: Sendable, Hashable, Codable {
  /// The coefficient of `x` in `x'`.
  public var a: Double
  /// The coefficient of `x` in `y'`.
  public var b: Double
  /// The coefficient of `y` in `x'`.
  public var c: Double
  /// The coefficient of `y` in `y'`.
  public var d: Double
  /// The translation added to `x'`, in the output space's units.
  public var tx: Double
  /// The translation added to `y'`, in the output space's units.
  public var ty: Double

  /// Creates a transform from its six fields (`CGAffineTransform(a:b:c:d:tx:ty:)`).
  @inlinable
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The identity transform.
  public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation (`CGAffineTransform(translationX:y:)`).
  public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A scale about the origin (`CGAffineTransform(scaleX:y:)`).
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation about the origin (`CGAffineTransform(rotationAngle:)`): `a = cos, b = sin,
  /// c = -sin, d = cos`, with `sin` and `cos` computed in `Double` (so `.degrees(90)` leaves
  /// about 6e-17 in `a` and `d`, as Core Graphics does). Positive angles turn +x towards +y, which is counter-clockwise in a y-up
  /// space and clockwise on a y-down screen.
  public init(rotationAngle angle: Angle) {
    let (s, co) = (sin(angle.radians), cos(angle.radians))
    self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
  }

  /// Whether all six fields are finite.
  public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }

  /// Whether this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// The determinant `a*d - b*c`.
  public var determinant: Double { a * d - b * c }

  /// `self` followed by `t2` (`CGAffineTransform.concatenating(_:)`): the row-vector product
  /// `self * t2`, so `p.applying(t1.concatenating(t2)) == p.applying(t1).applying(t2)`.
  public func concatenating(_ t2: AffineTransform2D) -> AffineTransform2D {
    AffineTransform2D(
      a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
  }

  /// The inverse, or `nil` when the transform is singular (|determinant| <= 1e-15 times the square
  /// of its largest linear entry), not finite, or has an inverse too large to represent.
  ///
  /// `CGAffineTransform.inverted()` returns the transform unchanged when it cannot be inverted;
  /// returning `nil` instead makes that case impossible to miss.
  public func inverted() -> AffineTransform2D? {
    let det = determinant
    let scale = max(abs(a), abs(b), abs(c), abs(d))
    guard det.isFinite, tx.isFinite, ty.isFinite, abs(det) > 1e-15 * scale * scale else {
      return nil
    }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    let inverse = AffineTransform2D(
      a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    guard inverse.isFinite else { return nil }
    return inverse
  }

  /// A translation applied before `self` (`CGAffineTransform.translatedBy(x:y:)`).
  public func translatedBy(x: Double, y: Double) -> AffineTransform2D {
    AffineTransform2D(translationX: x, y: y).concatenating(self)
  }

  /// A scale applied before `self` (`CGAffineTransform.scaledBy(x:y:)`).
  public func scaledBy(x: Double, y: Double) -> AffineTransform2D {
    AffineTransform2D(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation applied before `self` (`CGAffineTransform.rotated(by:)`).
  public func rotated(by angle: Angle) -> AffineTransform2D {
    AffineTransform2D(rotationAngle: angle).concatenating(self)
  }
}

extension AffineTransform2D: ApproximatelyEquatable {
  /// Compares the six fields with the scalar rule of `ApproximatelyEquatable`.
  package func isApproximatelyEqual(
    to other: AffineTransform2D, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    let l = [a, b, c, d, tx, ty]
    let r = [other.a, other.b, other.c, other.d, other.tx, other.ty]
    return zip(l, r).allSatisfy {
      SpatialMath.isApproximatelyEqual(
        $0, $1, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
    }
  }
}
