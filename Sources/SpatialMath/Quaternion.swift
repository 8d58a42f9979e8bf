#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A rotation quaternion of `Float`, laid out like simd's `simd_quatf`: `vector = (ix, iy, iz, r)`,
/// imaginary part first, real part last.
///
/// Rotations follow the right-hand rule: `Quaternion(angle: .degrees(90), axis: [0, 0, 1])` turns
/// +x into +y. Products compose right to left: `(q1 * q2).act(v) == q1.act(q2.act(v))`.
/// Rotation APIs expect a unit quaternion; `normalized()` makes one.
public struct Quaternion: Sendable, Hashable, Codable {
  /// The components `(ix, iy, iz, r)`.
  public var vector: SIMD4<Float>

  /// Creates a quaternion from its components `(ix, iy, iz, r)`.
  @inlinable
  public init(vector: SIMD4<Float>) { self.vector = vector }

  /// Creates a quaternion from its imaginary and real parts.
  @inlinable
  public init(imag: SIMD3<Float>, real: Float) { vector = SIMD4(imag, real) }

  /// The rotation by `angle` about `axis` (right-hand rule). The axis need not be unit length.
  ///
  /// - Precondition: `axis` is finite and not zero. Callers holding data-derived axes check them
  ///   with `SIMD3.normalized()` first.
  public init(angle: Angle, axis: SIMD3<Float>) {
    guard let unitAxis = axis.normalized() else {
      preconditionFailure("Quaternion(angle:axis:) needs a finite non-zero axis, got \(axis)")
    }
    let half = angle.radians / 2
    self.init(imag: unitAxis * Float(sin(half)), real: Float(cos(half)))
  }

  /// The identity rotation.
  public static let identity = Quaternion(vector: SIMD4(0, 0, 0, 1))

  /// The imaginary part `(ix, iy, iz)`.
  @inlinable public var imag: SIMD3<Float> { vector.xyz }

  /// The real part.
  @inlinable public var real: Float { vector.w }

  /// The Euclidean norm of the four components.
  @inlinable public var length: Float { (vector * vector).sum().squareRoot() }

  /// The unit quaternion in the same direction, or `nil` when a component is not finite or the
  /// length is zero or below 1e-20. Components too large or too small to square in `Float` are
  /// rescaled by the largest one first.
  public func normalized() -> Quaternion? {
    let l2 = (vector * vector).sum()
    if l2.isFinite, l2 >= Float.leastNormalMagnitude {
      return Quaternion(vector: vector / l2.squareRoot())
    }
    guard vector.isFinite else { return nil }
    let m = Swift.max(
      Swift.abs(vector.x), Swift.abs(vector.y), Swift.abs(vector.z), Swift.abs(vector.w))
    guard m > 0 else { return nil }
    let scaled = vector / m
    let scaledLength = (scaled * scaled).sum().squareRoot()
    guard m * scaledLength > 1e-20 else { return nil }
    return Quaternion(vector: scaled / scaledLength)
  }

  /// The conjugate `(-imag, real)`: the inverse rotation of a unit quaternion.
  @inlinable public var conjugate: Quaternion { Quaternion(imag: -imag, real: real) }

  /// The rotation angle of a unit quaternion, in `[0, 2π]`.
  public var angle: Angle {
    Angle(radians: 2 * atan2(Double(imag.length), Double(real)))
  }

  /// The unit rotation axis of a unit quaternion; +x for the identity (any axis would do).
  public var axis: SIMD3<Float> { imag.normalized() ?? SIMD3(1, 0, 0) }

  /// Hamilton product: the rotation `rhs` followed by `lhs`.
  @inlinable
  public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
    let (a, b) = (lhs.imag, rhs.imag)
    let real = lhs.real * rhs.real - a.dot(b)
    let imag = lhs.real * b + rhs.real * a + a.cross(b)
    return Quaternion(imag: imag, real: real)
  }

  /// Rotates `v` by this unit quaternion.
  @inlinable
  public func act(_ v: SIMD3<Float>) -> SIMD3<Float> {
    // v' = v + 2 r (u × v) + 2 u × (u × v), with u = imag.
    let u = imag
    let t = 2 * u.cross(v)
    return v + real * t + u.cross(t)
  }

  /// The rotation matrix of this unit quaternion (columns are the images of the axes).
  public var rotationMatrix: Matrix3x3 {
    let (x, y, z, w) = (vector.x, vector.y, vector.z, vector.w)
    return Matrix3x3(
      SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
      SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
      SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
  }

  /// The unit quaternion of a rotation matrix (Shepperd's method, computed in `Double`), with a
  /// non-negative real part. The matrix should be orthonormal with determinant +1; small errors are
  /// absorbed by normalizing.
  ///
  /// - Throws: `GeometryError.notFinite` for a non-finite matrix, `.zeroVector` when it is so far
  ///   from a rotation that no quaternion results (for example the zero matrix).
  public init(rotationMatrix m: Matrix3x3) throws(GeometryError) {
    let e = m.columnMajor.map(Double.init)
    guard e.allSatisfy(\.isFinite) else { throw .notFinite(name: "rotation matrix") }
    // Row r, column c of a column-major 3x3 is e[c*3 + r].
    func at(_ r: Int, _ c: Int) -> Double { e[c * 3 + r] }
    let trace = at(0, 0) + at(1, 1) + at(2, 2)
    var q: SIMD4<Double>
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      q = SIMD4(
        (at(2, 1) - at(1, 2)) / s, (at(0, 2) - at(2, 0)) / s, (at(1, 0) - at(0, 1)) / s, s / 4)
    } else if at(0, 0) > at(1, 1) && at(0, 0) > at(2, 2) {
      let s = (1 + at(0, 0) - at(1, 1) - at(2, 2)).squareRoot() * 2
      q = SIMD4(
        s / 4, (at(0, 1) + at(1, 0)) / s, (at(0, 2) + at(2, 0)) / s, (at(2, 1) - at(1, 2)) / s)
    } else if at(1, 1) > at(2, 2) {
      let s = (1 + at(1, 1) - at(0, 0) - at(2, 2)).squareRoot() * 2
      q = SIMD4(
        (at(0, 1) + at(1, 0)) / s, s / 4, (at(1, 2) + at(2, 1)) / s, (at(0, 2) - at(2, 0)) / s)
    } else {
      let s = (1 + at(2, 2) - at(0, 0) - at(1, 1)).squareRoot() * 2
      q = SIMD4(
        (at(0, 2) + at(2, 0)) / s, (at(1, 2) + at(2, 1)) / s, s / 4, (at(1, 0) - at(0, 1)) / s)
    }
    if q.w < 0 { q = -q }
    let l = (q * q).sum().squareRoot()
    guard l.isFinite, l > 0 else { throw .zeroVector(name: "quaternion of the rotation matrix") }
    self.init(vector: SIMD4<Float>(q / l))
  }

  /// Spherical linear interpolation along the shorter arc from `self` (`t = 0`) to `other`
  /// (`t = 1`), computed in `Double`; the rotation angle from `self` grows linearly with `t`.
  ///
  /// - Precondition: both are unit quaternions and `t` is finite (for a zero quaternion the result
  ///   is not a number). The result is unit length; when `other` is nearer `-self` than `self`,
  ///   `-other` is used, so the result may be `-other` at `t = 1`.
  public func slerp(to other: Quaternion, t: Float) -> Quaternion {
    let a = SIMD4<Double>(vector)
    var b = SIMD4<Double>(other.vector)
    var cosTheta = (a * b).sum()
    if cosTheta < 0 {  // q and -q are the same rotation: take the shorter arc.
      b = -b
      cosTheta = -cosTheta
    }
    let tt = Double(t)
    let result: SIMD4<Double>
    if cosTheta > 0.9995 {
      result = a + (b - a) * tt  // Nearly parallel: lerp, then normalize.
    } else {
      let theta = acos(min(cosTheta, 1))
      let s = sin(theta)
      result = a * (sin((1 - tt) * theta) / s) + b * (sin(tt * theta) / s)
    }
    let l = (result * result).sum().squareRoot()
    return Quaternion(vector: SIMD4<Float>(result / l))
  }
}

extension Quaternion: ApproximatelyEquatable {
  /// Componentwise comparison. `q` and `-q` are the same rotation but are not approximately equal
  /// here; compare `rotationMatrix` or use `isApproximatelySameRotation(as:tolerance:)` for that.
  package func isApproximatelyEqual(
    to other: Quaternion, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    vector.isApproximatelyEqual(
      to: other.vector, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
  }

  /// Whether `self` and `other` are the same rotation within `tolerance` componentwise, treating
  /// `q` and `-q` as equal.
  public func isApproximatelySameRotation(as other: Quaternion, tolerance: Double = 1e-6) -> Bool {
    isApproximatelyEqual(to: other, tolerance: tolerance)
      || isApproximatelyEqual(to: Quaternion(vector: -other.vector), tolerance: tolerance)
  }
}
