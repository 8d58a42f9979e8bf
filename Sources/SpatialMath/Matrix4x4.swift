/// A 4x4 matrix of `Float`, column-major like simd's `simd_float4x4`; `columns.3` holds the
/// translation of an affine transform.
///
/// Transforms are named `targetFromSource`: `worldFromCamera * cameraPoint` gives a world point.
/// `matrix * vector` treats `vector` as a column.
public struct Matrix4x4: Sendable {
  /// The four columns.
  public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

  /// Creates a matrix from its columns.
  @inlinable
  public init(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) {
    columns = (c0, c1, c2, c3)
  }

  /// Creates a matrix from its columns.
  @inlinable
  public init(columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)) {
    self.columns = columns
  }

  /// Creates a matrix from 16 numbers in column-major order (the recording format's layout).
  ///
  /// - Throws: `GeometryError.wrongCount` when there are not exactly 16.
  public init(columnMajor values: [Float]) throws(GeometryError) {
    guard values.count == 16 else { throw .wrongCount(expected: 16, found: values.count) }
    self.init(
      SIMD4(values[0], values[1], values[2], values[3]),
      SIMD4(values[4], values[5], values[6], values[7]),
      SIMD4(values[8], values[9], values[10], values[11]),
      SIMD4(values[12], values[13], values[14], values[15]))
  }

  /// A diagonal matrix.
  @inlinable
  public init(diagonal d: SIMD4<Float>) {
    self.init(SIMD4(d.x, 0, 0, 0), SIMD4(0, d.y, 0, 0), SIMD4(0, 0, d.z, 0), SIMD4(0, 0, 0, d.w))
  }

  /// The identity matrix.
  public static let identity = Matrix4x4(diagonal: SIMD4(1, 1, 1, 1))

  /// An affine transform with the given rotation (upper-left 3x3) and translation.
  @inlinable
  public init(rotation: Matrix3x3, translation: SIMD3<Float>) {
    self.init(
      SIMD4(rotation.columns.0, 0), SIMD4(rotation.columns.1, 0), SIMD4(rotation.columns.2, 0),
      SIMD4(translation, 1))
  }

  /// The matrix of a rigid transform: `transform.rotation`'s matrix in the upper-left 3x3,
  /// `transform.translation` in `columns.3`, bottom row `(0, 0, 0, 1)`.
  @inlinable
  public init(_ transform: RigidTransform) {
    self.init(rotation: transform.rotation.rotationMatrix, translation: transform.translation)
  }

  /// A pure translation.
  @inlinable
  public init(translation: SIMD3<Float>) {
    self.init(rotation: .identity, translation: translation)
  }

  /// The 16 entries in column-major order.
  public var columnMajor: [Float] {
    var out: [Float] = []
    out.reserveCapacity(16)
    for c in [columns.0, columns.1, columns.2, columns.3] {
      out.append(contentsOf: [c.x, c.y, c.z, c.w])
    }
    return out
  }

  /// The entry at `row`, `column` (both 0-based).
  ///
  /// - Precondition: `row` and `column` are in `0..<4`.
  @inlinable
  public subscript(row row: Int, column column: Int) -> Float {
    precondition((0..<4).contains(row) && (0..<4).contains(column), "Matrix4x4 index out of range")
    switch column {
    case 0: return columns.0[row]
    case 1: return columns.1[row]
    case 2: return columns.2[row]
    default: return columns.3[row]
    }
  }

  /// The translation (`columns.3.xyz`).
  @inlinable
  public var translation: SIMD3<Float> {
    get { columns.3.xyz }
    set { columns.3 = SIMD4(newValue, columns.3.w) }
  }

  /// The upper-left 3x3 block (the rotation and scale of an affine transform).
  @inlinable
  public var upperLeft3x3: Matrix3x3 {
    Matrix3x3(columns.0.xyz, columns.1.xyz, columns.2.xyz)
  }

  /// The transpose.
  @inlinable
  public var transpose: Matrix4x4 {
    let (c0, c1, c2, c3) = columns
    return Matrix4x4(
      SIMD4(c0.x, c1.x, c2.x, c3.x), SIMD4(c0.y, c1.y, c2.y, c3.y),
      SIMD4(c0.z, c1.z, c2.z, c3.z), SIMD4(c0.w, c1.w, c2.w, c3.w))
  }

  /// The entries as a row-major `Double` array, for the Double-precision algorithms below.
  private var rowsDouble: [[Double]] {
    (0..<4).map { r in (0..<4).map { c in Double(self[row: r, column: c]) } }
  }

  /// The determinant, computed in `Double` by Gaussian elimination with partial pivoting.
  public var determinant: Float {
    var m = rowsDouble
    var det = 1.0
    for k in 0..<4 {
      let p = (k..<4).max { abs(m[$0][k]) < abs(m[$1][k]) }!
      if m[p][k] == 0 { return 0 }
      if p != k {
        m.swapAt(p, k)
        det = -det
      }
      det *= m[k][k]
      for r in (k + 1)..<4 {
        let f = m[r][k] / m[k][k]
        for c in k..<4 { m[r][c] -= f * m[k][c] }
      }
    }
    return Float(det)
  }

  /// The inverse, computed in `Double` by Gauss–Jordan elimination with partial pivoting, or `nil`
  /// when the matrix is singular (a pivot at most 1e-12 times the largest entry), not finite, or
  /// has an inverse too large for `Float`.
  ///
  /// For rigid transforms prefer `RigidTransform.inverse`, which is exact and cannot fail.
  public func inverted() -> Matrix4x4? {
    var m = rowsDouble
    var inv: [[Double]] = (0..<4).map { r in (0..<4).map { c in r == c ? 1 : 0 } }
    let scale = m.joined().map(abs).max() ?? 0
    guard scale.isFinite, scale > 0 else { return nil }
    for k in 0..<4 {
      let p = (k..<4).max { abs(m[$0][k]) < abs(m[$1][k]) }!
      guard abs(m[p][k]) > 1e-12 * scale else { return nil }
      m.swapAt(p, k)
      inv.swapAt(p, k)
      let pivot = m[k][k]
      for c in 0..<4 {
        m[k][c] /= pivot
        inv[k][c] /= pivot
      }
      for r in 0..<4 where r != k {
        let f = m[r][k]
        if f == 0 { continue }
        for c in 0..<4 {
          m[r][c] -= f * m[k][c]
          inv[r][c] -= f * inv[k][c]
        }
      }
    }
    func column(_ c: Int) -> SIMD4<Float> {
      SIMD4(Float(inv[0][c]), Float(inv[1][c]), Float(inv[2][c]), Float(inv[3][c]))
    }
    let inverse = Matrix4x4(column(0), column(1), column(2), column(3))
    guard inverse.isFinite else { return nil }
    return inverse
  }

  /// Matrix product: `(lhs * rhs) * v == lhs * (rhs * v)`; `aFromB * bFromC` is `aFromC`.
  @inlinable
  public static func * (lhs: Matrix4x4, rhs: Matrix4x4) -> Matrix4x4 {
    Matrix4x4(lhs * rhs.columns.0, lhs * rhs.columns.1, lhs * rhs.columns.2, lhs * rhs.columns.3)
  }

  /// Matrix times column vector.
  @inlinable
  public static func * (lhs: Matrix4x4, rhs: SIMD4<Float>) -> SIMD4<Float> {
    lhs.columns.0 * rhs.x + lhs.columns.1 * rhs.y + lhs.columns.2 * rhs.z + lhs.columns.3 * rhs.w
  }

  /// Applies the matrix to a point (w = 1) and divides by the resulting w. For an affine matrix
  /// (bottom row `(0, 0, 0, 1)`) the division is by 1 and the result is finite for finite input.
  ///
  /// Meant for affine matrices: for a projective matrix that sends the point to w = 0 the result
  /// is not finite. Use `projectedPoint(_:)` there, which returns `nil` in that case.
  @inlinable
  public func transformPoint(_ point: SIMD3<Float>) -> SIMD3<Float> {
    let h = self * SIMD4(point, 1)
    return h.w == 1 ? h.xyz : h.xyz / h.w
  }

  /// Applies the matrix to a point (w = 1) and divides by the resulting w (the perspective divide
  /// of a projection matrix), or `nil` when w is zero or the result is not finite.
  @inlinable
  public func projectedPoint(_ point: SIMD3<Float>) -> SIMD3<Float>? {
    let h = self * SIMD4(point, 1)
    guard h.w != 0 else { return nil }
    let p = h.w == 1 ? h.xyz : h.xyz / h.w
    return p.isFinite ? p : nil
  }

  /// Applies the upper-left 3x3 to a direction (w = 0): translation does not apply.
  @inlinable
  public func transformDirection(_ direction: SIMD3<Float>) -> SIMD3<Float> {
    (self * SIMD4(direction, 0)).xyz
  }

  /// Whether all 16 entries are finite.
  @inlinable
  public var isFinite: Bool {
    columns.0.isFinite && columns.1.isFinite && columns.2.isFinite && columns.3.isFinite
  }
}

extension Matrix4x4: Equatable, Hashable {
  /// Exact entrywise equality (no tolerance; see `isApproximatelyEqual`).
  public static func == (lhs: Matrix4x4, rhs: Matrix4x4) -> Bool {
    lhs.columns.0 == rhs.columns.0 && lhs.columns.1 == rhs.columns.1
      && lhs.columns.2 == rhs.columns.2 && lhs.columns.3 == rhs.columns.3
  }

  /// Hashes the 16 entries, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(columns.0)
    hasher.combine(columns.1)
    hasher.combine(columns.2)
    hasher.combine(columns.3)
  }
}

extension Matrix4x4: Codable {
  /// Decodes 16 numbers in column-major order.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.singleValueContainer().decode([Float].self)
    guard values.count == 16 else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected 16 numbers (column-major 4x4), found \(values.count)"))
    }
    self = try Matrix4x4(columnMajor: values)
  }

  /// Encodes 16 numbers in column-major order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(columnMajor)
  }
}

extension Matrix4x4: ApproximatelyEquatable {
  /// Entrywise comparison with the scalar rule of `ApproximatelyEquatable`.
  package func isApproximatelyEqual(
    to other: Matrix4x4, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    zip(columnMajor, other.columnMajor).allSatisfy {
      SpatialMath.isApproximatelyEqual(
        Double($0), Double($1), absoluteTolerance: absoluteTolerance,
        relativeTolerance: relativeTolerance)
    }
  }
}

extension Matrix4x4: CustomStringConvertible, CustomDebugStringConvertible {
  /// The rows, as written on paper, entries rounded to 4 fraction digits (the matrix is stored by
  /// columns, so the translation is the last entry of the first three rows).
  public var description: String {
    let c = [columns.0, columns.1, columns.2, columns.3]
    let rows = (0..<4).map { r in
      "[" + c.map { DescriptionFormat.number($0[r], digits: 4) }.joined(separator: ", ") + "]"
    }
    return "[" + rows.joined(separator: ", ") + "]"
  }

  /// The exact columns, in order.
  public var debugDescription: String {
    "Matrix4x4(columns: \(columns.0), \(columns.1), \(columns.2), \(columns.3))"
  }
}
