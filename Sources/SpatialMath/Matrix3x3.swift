/// A 3x3 matrix of `Float`, column-major like simd's `simd_float3x3`.
///
/// `columns.0` is the first column. `matrix * vector` treats `vector` as a column. Used for
/// rotations and for camera intrinsics (`[[fx, 0, 0], [0, fy, 0], [ox, oy, 1]]` as columns).
public struct Matrix3x3: Sendable {
  /// The three columns.
  public var columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

  /// Creates a matrix from its columns.
  @inlinable
  public init(_ c0: SIMD3<Float>, _ c1: SIMD3<Float>, _ c2: SIMD3<Float>) {
    columns = (c0, c1, c2)
  }

  /// Creates a matrix from its columns.
  @inlinable
  public init(columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)) { self.columns = columns }

  /// Creates a matrix from 9 numbers in column-major order.
  ///
  /// - Throws: `GeometryError.wrongCount` when there are not exactly 9.
  public init(columnMajor values: [Float]) throws(GeometryError) {
    guard values.count == 9 else { throw .wrongCount(expected: 9, found: values.count) }
    self.init(
      SIMD3(values[0], values[1], values[2]), SIMD3(values[3], values[4], values[5]),
      SIMD3(values[6], values[7], values[8]))
  }

  /// A diagonal matrix.
  @inlinable
  public init(diagonal d: SIMD3<Float>) {
    self.init(SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z))
  }

  /// The identity matrix.
  public static let identity = Matrix3x3(diagonal: SIMD3(1, 1, 1))

  /// The 9 entries in column-major order.
  public var columnMajor: [Float] {
    [
      columns.0.x, columns.0.y, columns.0.z, columns.1.x, columns.1.y, columns.1.z,
      columns.2.x, columns.2.y, columns.2.z,
    ]
  }

  /// The entry at `row`, `column` (both 0-based).
  ///
  /// - Precondition: `row` and `column` are in `0..<3`.
  @inlinable
  public subscript(row row: Int, column column: Int) -> Float {
    precondition((0..<3).contains(row) && (0..<3).contains(column), "Matrix3x3 index out of range")
    switch column {
    case 0: return columns.0[row]
    case 1: return columns.1[row]
    default: return columns.2[row]
    }
  }

  /// The transpose.
  @inlinable
  public var transpose: Matrix3x3 {
    Matrix3x3(
      SIMD3(columns.0.x, columns.1.x, columns.2.x),
      SIMD3(columns.0.y, columns.1.y, columns.2.y),
      SIMD3(columns.0.z, columns.1.z, columns.2.z))
  }

  /// The determinant, computed in `Double`.
  public var determinant: Float {
    let (a, b, c) = (SIMD3<Double>(columns.0), SIMD3<Double>(columns.1), SIMD3<Double>(columns.2))
    return Float(Matrix3x3.determinant(a, b, c))
  }

  static func determinant(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>) -> Double {
    a.x * (b.y * c.z - c.y * b.z) - b.x * (a.y * c.z - c.y * a.z) + c.x * (a.y * b.z - b.y * a.z)
  }

  /// The inverse, computed in `Double` from the adjugate, or `nil` when the matrix is singular
  /// (|determinant| at most 1e-12 times the cube of its largest entry), not finite, or has an
  /// inverse too large for `Float`.
  public func inverted() -> Matrix3x3? {
    let a = SIMD3<Double>(columns.0)
    let b = SIMD3<Double>(columns.1)
    let c = SIMD3<Double>(columns.2)
    let det = Matrix3x3.determinant(a, b, c)
    let scale = max(a.absMax, b.absMax, c.absMax)
    guard det.isFinite, scale.isFinite, abs(det) > 1e-12 * scale * scale * scale else { return nil }
    // Rows of the inverse are the cross products of the columns, divided by the determinant.
    let r0 = cross(b, c) / det
    let r1 = cross(c, a) / det
    let r2 = cross(a, b) / det
    let inverse = Matrix3x3(
      SIMD3<Float>(SIMD3(r0.x, r1.x, r2.x)), SIMD3<Float>(SIMD3(r0.y, r1.y, r2.y)),
      SIMD3<Float>(SIMD3(r0.z, r1.z, r2.z)))
    // Entries near Float's subnormal range can make the inverse overflow `Float`.
    guard inverse.isFinite else { return nil }
    return inverse
  }

  /// Whether all 9 entries are finite.
  @inlinable
  public var isFinite: Bool {
    columns.0.isFinite && columns.1.isFinite && columns.2.isFinite
  }

  /// Matrix product: `(lhs * rhs) * v == lhs * (rhs * v)`; for transforms, `aFromB * bFromC` is
  /// `aFromC`.
  @inlinable
  public static func * (lhs: Matrix3x3, rhs: Matrix3x3) -> Matrix3x3 {
    Matrix3x3(lhs * rhs.columns.0, lhs * rhs.columns.1, lhs * rhs.columns.2)
  }

  /// Matrix times column vector.
  @inlinable
  public static func * (lhs: Matrix3x3, rhs: SIMD3<Float>) -> SIMD3<Float> {
    lhs.columns.0 * rhs.x + lhs.columns.1 * rhs.y + lhs.columns.2 * rhs.z
  }
}

private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
  SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

extension SIMD3 where Scalar == Double {
  var absMax: Double { Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(z)) }
}

extension Matrix3x3: Equatable, Hashable {
  /// Exact entrywise equality (no tolerance; see `isApproximatelyEqual`).
  public static func == (lhs: Matrix3x3, rhs: Matrix3x3) -> Bool {
    lhs.columns.0 == rhs.columns.0 && lhs.columns.1 == rhs.columns.1
      && lhs.columns.2 == rhs.columns.2
  }

  /// Hashes the 9 entries, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(columns.0)
    hasher.combine(columns.1)
    hasher.combine(columns.2)
  }
}

extension Matrix3x3: Codable {
  /// Decodes 9 numbers in column-major order.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.singleValueContainer().decode([Float].self)
    guard values.count == 9 else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected 9 numbers (column-major 3x3), found \(values.count)"))
    }
    self = try Matrix3x3(columnMajor: values)
  }

  /// Encodes 9 numbers in column-major order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(columnMajor)
  }
}

extension Matrix3x3: ApproximatelyEquatable {
  /// Entrywise comparison with the scalar rule of `ApproximatelyEquatable`.
  package func isApproximatelyEqual(
    to other: Matrix3x3, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    zip(columnMajor, other.columnMajor).allSatisfy {
      SpatialMath.isApproximatelyEqual(
        Double($0), Double($1), absoluteTolerance: absoluteTolerance,
        relativeTolerance: relativeTolerance)
    }
  }
}

extension Matrix3x3: CustomStringConvertible, CustomDebugStringConvertible {
  /// The rows, as written on paper, entries rounded to 4 fraction digits:
  /// `[[1, 0, 959.5], [0, 1, 719.5], [0, 0, 1]]` (the matrix is stored by columns).
  public var description: String {
    let c = [columns.0, columns.1, columns.2]
    let rows = (0..<3).map { r in
      "[" + c.map { DescriptionFormat.number($0[r], digits: 4) }.joined(separator: ", ") + "]"
    }
    return "[" + rows.joined(separator: ", ") + "]"
  }

  /// The exact columns, in order.
  public var debugDescription: String {
    "Matrix3x3(columns: \(columns.0), \(columns.1), \(columns.2))"
  }
}
