/// A symmetric 3x3 covariance of a world position, square metres, in `Double`.
///
/// `MarkerTracker` scales its gates by it: a residual `r` (metres) is within a chi-square gate
/// `g` when `rᵀ S⁻¹ r <= g` (the squared Mahalanobis distance).
public struct PositionCovariance: Sendable, Hashable, Codable {
  /// The diagonal entries `(xx, yy, zz)`, m².
  public var diagonal: SIMD3<Double>
  /// The off-diagonal entries `(xy, xz, yz)`, m².
  public var offDiagonal: SIMD3<Double>

  /// Creates a covariance from its six distinct entries (m²). It should be positive definite;
  /// one that is not gates nothing (`mahalanobisSquared` returns `nil`).
  public init(diagonal: SIMD3<Double>, offDiagonal: SIMD3<Double> = .zero) {
    self.diagonal = diagonal
    self.offDiagonal = offDiagonal
  }

  /// The isotropic covariance `std² I` (std in metres).
  public init(isotropicStdMeters std: Double) {
    self.init(diagonal: SIMD3(repeating: std * std))
  }

  /// The rank-one covariance `std² d dᵀ` along `direction` (normalized here; a zero direction
  /// gives zero).
  public init(alongDirection direction: SIMD3<Double>, stdMeters std: Double) {
    let length = (direction * direction).sum().squareRoot()
    guard length > 0, length.isFinite else {
      self.init(diagonal: .zero)
      return
    }
    let d = direction / length
    let v = std * std
    self.init(
      diagonal: v * d * d, offDiagonal: v * SIMD3(d.x * d.y, d.x * d.z, d.y * d.z))
  }

  /// The zero covariance.
  public static let zero = PositionCovariance(diagonal: .zero)

  /// The sum of two covariances.
  public static func + (a: PositionCovariance, b: PositionCovariance) -> PositionCovariance {
    PositionCovariance(
      diagonal: a.diagonal + b.diagonal, offDiagonal: a.offDiagonal + b.offDiagonal)
  }

  /// The covariance scaled by `factor` (a variance factor: `factor * S`).
  public static func * (factor: Double, s: PositionCovariance) -> PositionCovariance {
    PositionCovariance(diagonal: factor * s.diagonal, offDiagonal: factor * s.offDiagonal)
  }

  /// `S v`.
  public func applied(to v: SIMD3<Double>) -> SIMD3<Double> {
    let (xx, yy, zz) = (diagonal.x, diagonal.y, diagonal.z)
    let (xy, xz, yz) = (offDiagonal.x, offDiagonal.y, offDiagonal.z)
    return SIMD3(
      xx * v.x + xy * v.y + xz * v.z, xy * v.x + yy * v.y + yz * v.z,
      xz * v.x + yz * v.y + zz * v.z)
  }

  /// The determinant, m⁶.
  public var determinant: Double {
    let (xx, yy, zz) = (diagonal.x, diagonal.y, diagonal.z)
    let (xy, xz, yz) = (offDiagonal.x, offDiagonal.y, offDiagonal.z)
    return xx * (yy * zz - yz * yz) - xy * (xy * zz - yz * xz) + xz * (xy * yz - yy * xz)
  }

  /// The squared Mahalanobis distance `rᵀ S⁻¹ r` of a residual `r` (metres), dimensionless, or
  /// `nil` when the covariance is not positive definite or the result is not finite.
  public func mahalanobisSquared(_ r: SIMD3<Double>) -> Double? {
    let (xx, yy, zz) = (diagonal.x, diagonal.y, diagonal.z)
    let (xy, xz, yz) = (offDiagonal.x, offDiagonal.y, offDiagonal.z)
    // Positive definite iff the leading principal minors are positive (Sylvester).
    let minor2 = xx * yy - xy * xy
    let det = determinant
    guard xx > 0, minor2 > 0, det > 0, det.isFinite else { return nil }
    // The adjugate (cofactors; symmetric), so S⁻¹ = adj / det.
    let a = SIMD3(yy * zz - yz * yz, xx * zz - xz * xz, minor2)
    let b = SIMD3(xz * yz - xy * zz, xy * yz - xz * yy, xy * xz - xx * yz)
    let adjR = SIMD3(
      a.x * r.x + b.x * r.y + b.y * r.z, b.x * r.x + a.y * r.y + b.z * r.z,
      b.y * r.x + b.z * r.y + a.z * r.z)
    let value = (r * adjR).sum() / det
    return value.isFinite ? max(value, 0) : nil
  }

  /// The largest eigenvalue, m² (the variance along the worst direction), by the closed form for
  /// symmetric 3x3 matrices; 0 for the zero matrix.
  public var largestEigenvalue: Double {
    let (xx, yy, zz) = (diagonal.x, diagonal.y, diagonal.z)
    let p1 = (offDiagonal * offDiagonal).sum()
    if p1 == 0 { return max(xx, yy, zz) }
    let q = (xx + yy + zz) / 3
    let p2 = (xx - q) * (xx - q) + (yy - q) * (yy - q) + (zz - q) * (zz - q) + 2 * p1
    let p = (p2 / 6).squareRoot()
    // B = (S - q I) / p; r = det(B) / 2, clamped to [-1, 1] against rounding.
    let shifted = PositionCovariance(
      diagonal: (diagonal - SIMD3(repeating: q)) / p, offDiagonal: offDiagonal / p)
    let r = min(max(shifted.determinant / 2, -1), 1)
    let phi = _acos(r) / 3
    return q + 2 * p * _cos(phi)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

@inline(__always) private func _acos(_ x: Double) -> Double { acos(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { cos(x) }
