/// Vector helpers for `SIMD3<Float>`, the 3D vector of every world-, camera- and plane-space API.
///
/// On every platform `SIMD3<Float>` occupies 16 bytes (it is padded to `SIMD4`): code that hands
/// arrays of it to C must say so, or pack to `Float` triples first.
extension SIMD3 where Scalar == Float {
  /// The dot product.
  @inlinable public func dot(_ other: SIMD3<Float>) -> Float { (self * other).sum() }

  /// The cross product `self × other` (right-handed).
  @inlinable public func cross(_ other: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(
      y * other.z - z * other.y,
      z * other.x - x * other.z,
      x * other.y - y * other.x)
  }

  /// The Euclidean length.
  @inlinable public var length: Float { dot(self).squareRoot() }

  /// The squared Euclidean length.
  @inlinable public var lengthSquared: Float { dot(self) }

  /// The unit vector in the same direction, or `nil` when the length is zero, not finite, or
  /// too small to normalize without losing precision (below 1e-20).
  @inlinable public func normalized() -> SIMD3<Float>? {
    let l = length
    guard l.isFinite, l > 1e-20 else { return nil }
    return self / l
  }

  /// Whether all three components are finite.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

  /// The Euclidean distance to `other`.
  @inlinable public func distance(to other: SIMD3<Float>) -> Float { (self - other).length }
}

extension SIMD4 where Scalar == Float {
  /// The first three components.
  @inlinable public var xyz: SIMD3<Float> { SIMD3(x, y, z) }
}
