/// A projective transform of the plane (a 3x3 matrix up to scale) in `Double`, acting on points
/// written as column vectors `(x, y, 1)`: `(x', y') = ((h00 x + h01 y + h02) / w,
/// (h10 x + h11 y + h12) / w)` with `w = h20 x + h21 y + h22`.
///
/// Which 2D spaces it maps between is said by the name of the variable (`targetPixelFromSourcePixel`).
/// Two homographies that differ by a non-zero factor map every point alike; compare them with
/// ``isApproximatelyEqualUpToScale(to:tolerance:)``, never with `==`.
public struct Homography: Sendable, Hashable {
  /// The rows of the matrix: `rows.0 = (h00, h01, h02)` and so on.
  public var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

  /// Creates a homography from its rows.
  @inlinable
  public init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
    rows = (r0, r1, r2)
  }

  /// The identity.
  public static let identity = Homography(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

  /// The homography of an affine transform (`CGAffineTransform` fields: `x' = a x + c y + tx`).
  public init(_ affine: AffineTransform2D) {
    self.init(
      rows: SIMD3(affine.a, affine.c, affine.tx), SIMD3(affine.b, affine.d, affine.ty),
      SIMD3(0, 0, 1))
  }

  /// The entry at `row`, `column` (both 0...2).
  @inlinable
  public subscript(row: Int, column: Int) -> Double {
    switch row {
    case 0: rows.0[column]
    case 1: rows.1[column]
    default: rows.2[column]
    }
  }

  /// The matrix times a column vector.
  @inlinable
  public func multiply(_ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3((rows.0 * v).sum(), (rows.1 * v).sum(), (rows.2 * v).sum())
  }

  /// The image of a point, or `nil` when the point maps to infinity (|w| at most 1e-12 times the
  /// largest of |x'|, |y'|, 1 before division) or the result is not finite.
  @inlinable
  public func apply(to point: Point) -> Point? {
    let p = multiply(SIMD3(point.x, point.y, 1))
    let scale = max(abs(p.x), abs(p.y), 1)
    guard p.z.isFinite, abs(p.z) > 1e-12 * scale else { return nil }
    let result = Point(x: p.x / p.z, y: p.y / p.z)
    return result.isFinite ? result : nil
  }

  /// The matrix product: `(aFromB * bFromC)` is `aFromC` (apply `rhs` first).
  public static func * (lhs: Homography, rhs: Homography) -> Homography {
    func column(_ j: Int) -> SIMD3<Double> { SIMD3(rhs[0, j], rhs[1, j], rhs[2, j]) }
    let c0 = lhs.multiply(column(0))
    let c1 = lhs.multiply(column(1))
    let c2 = lhs.multiply(column(2))
    return Homography(
      rows: SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
  }

  /// The determinant.
  public var determinant: Double {
    let (r0, r1, r2) = rows
    return r0.x * (r1.y * r2.z - r1.z * r2.y) - r0.y * (r1.x * r2.z - r1.z * r2.x)
      + r0.z * (r1.x * r2.y - r1.y * r2.x)
  }

  /// The inverse (the adjugate over the determinant), or `nil` when the matrix is singular
  /// (|determinant| at most 1e-12 times the cube of its largest entry) or not finite.
  public func inverted() -> Homography? {
    let (r0, r1, r2) = rows
    let largest = [r0, r1, r2].map { max(abs($0.x), abs($0.y), abs($0.z)) }.max() ?? 0
    let det = determinant
    guard det.isFinite, largest.isFinite, largest > 0,
      abs(det) > 1e-12 * largest * largest * largest
    else { return nil }
    // Columns of the adjugate are cross products of the rows.
    let c0 = cross(r1, r2)
    let c1 = cross(r2, r0)
    let c2 = cross(r0, r1)
    let inverse = Homography(
      rows: SIMD3(c0.x, c1.x, c2.x) / det, SIMD3(c0.y, c1.y, c2.y) / det,
      SIMD3(c0.z, c1.z, c2.z) / det)
    return inverse.isFinite ? inverse : nil
  }

  /// The same map scaled so that its largest entry has magnitude 1 and the bottom-right entry is
  /// non-negative (a canonical representative for comparisons), or `nil` for the zero matrix.
  public func normalized() -> Homography? {
    let (r0, r1, r2) = rows
    let largest = [r0, r1, r2].map { max(abs($0.x), abs($0.y), abs($0.z)) }.max() ?? 0
    guard largest.isFinite, largest > 0 else { return nil }
    var k = 1 / largest
    if r2.z < 0 || (r2.z == 0 && (r2.y < 0 || (r2.y == 0 && r2.x < 0))) { k = -k }
    return Homography(rows: r0 * k, r1 * k, r2 * k)
  }

  /// Whether all nine entries are finite.
  public var isFinite: Bool {
    [rows.0, rows.1, rows.2].allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
  }

  /// Whether both homographies map points alike: their ``normalized()`` forms agree entry by
  /// entry within `tolerance` (absolute, on entries of magnitude at most 1).
  public func isApproximatelyEqualUpToScale(to other: Homography, tolerance: Double) -> Bool {
    guard let a = normalized(), let b = other.normalized() else { return false }
    return [a.rows.0 - b.rows.0, a.rows.1 - b.rows.1, a.rows.2 - b.rows.2].allSatisfy {
      abs($0.x) <= tolerance && abs($0.y) <= tolerance && abs($0.z) <= tolerance
    }
  }

  /// `==` compares the nine entries exactly (no tolerance, no scale).
  public static func == (lhs: Homography, rhs: Homography) -> Bool {
    lhs.rows.0 == rhs.rows.0 && lhs.rows.1 == rhs.rows.1 && lhs.rows.2 == rhs.rows.2
  }

  /// Hashes the nine entries.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(rows.0)
    hasher.combine(rows.1)
    hasher.combine(rows.2)
  }
}

private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
  SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
