import Foundation
import SpatialMath

/// Seeded generators of test inputs, built only from `SplitMix64` and closed forms (never from the
/// code under test, except where a test says so).
extension SplitMix64 {
  /// A uniform `Float` in `range` (through `uniform` in `Double`).
  mutating func float(_ range: ClosedRange<Float>) -> Float {
    Float(uniform(Double(range.lowerBound)...Double(range.upperBound)))
  }

  /// A vector with components uniform in `-r...r`.
  mutating func vector(_ r: Float = 10) -> SIMD3<Float> {
    SIMD3(float(-r...r), float(-r...r), float(-r...r))
  }

  /// A uniformly distributed unit vector (rejection sampling in the unit ball, in `Double`).
  mutating func unitVector() -> SIMD3<Float> {
    while true {
      let v = SIMD3(uniform(-1...1), uniform(-1...1), uniform(-1...1))
      let l2 = (v * v).sum()
      if l2 > 0.01 && l2 <= 1 { return SIMD3<Float>(v / l2.squareRoot()) }
    }
  }

  /// A uniformly distributed unit quaternion (rejection sampling in the unit 4-ball), real part of
  /// either sign.
  mutating func rotation() -> Quaternion {
    while true {
      let v = SIMD4(uniform(-1...1), uniform(-1...1), uniform(-1...1), uniform(-1...1))
      let l2 = (v * v).sum()
      if l2 > 0.01 && l2 <= 1 { return Quaternion(vector: SIMD4<Float>(v / l2.squareRoot())) }
    }
  }

  /// A random rigid transform with translation components in `-10...10`.
  mutating func rigidTransform() -> RigidTransform {
    RigidTransform(rotation: rotation(), translation: vector())
  }

  /// A strictly diagonally dominant 3x3 matrix (diagonal ±3, off-diagonal entries in -1...1):
  /// invertible with a condition number below 10.
  mutating func wellConditioned3x3() -> Matrix3x3 {
    var c = [SIMD3<Float>](repeating: .zero, count: 3)
    for j in 0..<3 {
      for i in 0..<3 { c[j][i] = i == j ? (nextUnitDouble() < 0.5 ? -3 : 3) : float(-1...1) }
    }
    return Matrix3x3(c[0], c[1], c[2])
  }

  /// A strictly diagonally dominant 4x4 matrix (diagonal ±4, off-diagonal entries in -1...1).
  mutating func wellConditioned4x4() -> Matrix4x4 {
    var c = [SIMD4<Float>](repeating: .zero, count: 4)
    for j in 0..<4 {
      for i in 0..<4 { c[j][i] = i == j ? (nextUnitDouble() < 0.5 ? -4 : 4) : float(-1...1) }
    }
    return Matrix4x4(c[0], c[1], c[2], c[3])
  }
}

/// The rotation matrix of `angleRadians` about the unit `axis` by Rodrigues' formula,
/// `R = cos θ I + sin θ [k]x + (1 - cos θ) k kᵀ`, computed in `Double`: an independent reference
/// for `Quaternion.rotationMatrix` and `Quaternion(rotationMatrix:)`.
func rodrigues(axis k: SIMD3<Double>, angleRadians theta: Double) -> Matrix3x3 {
  let (c, s) = (cos(theta), sin(theta))
  let t = 1 - c
  // Column j of [k]x is k × e_j: (0, kz, -ky), (-kz, 0, kx), (ky, -kx, 0).
  let col0 = SIMD3(c + t * k.x * k.x, t * k.x * k.y + s * k.z, t * k.x * k.z - s * k.y)
  let col1 = SIMD3(t * k.x * k.y - s * k.z, c + t * k.y * k.y, t * k.y * k.z + s * k.x)
  let col2 = SIMD3(t * k.x * k.z + s * k.y, t * k.y * k.z - s * k.x, c + t * k.z * k.z)
  return Matrix3x3(SIMD3<Float>(col0), SIMD3<Float>(col1), SIMD3<Float>(col2))
}

/// The quaternion `(sin(θ/2) k, cos(θ/2))` written out from the closed form, in `Double`.
func closedFormQuaternion(axis k: SIMD3<Double>, angleRadians theta: Double) -> Quaternion {
  Quaternion(vector: SIMD4<Float>(SIMD4(k * sin(theta / 2), cos(theta / 2))))
}

/// The seeds that every property test runs with (printed in each failure message).
let testSeeds: [UInt64] = [1, 2, 3, 42, 2024, 0xDEAD_BEEF, 0x1234_5678_9ABC_DEF0, 7_777_777]
