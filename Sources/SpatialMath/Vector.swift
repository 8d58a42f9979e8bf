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

  /// The unit vector in the same direction, or `nil` when a component is not finite or the length
  /// is zero or below 1e-20 (too small to be a meaningful direction).
  ///
  /// Vectors whose squared length overflows or underflows `Float` (components beyond about 1e19 or
  /// below about 1e-19) are rescaled by their largest component first, so every finite vector
  /// longer than 1e-20 normalizes.
  @inlinable public func normalized() -> SIMD3<Float>? {
    let l2 = lengthSquared
    if l2.isFinite, l2 >= Float.leastNormalMagnitude {
      return self / l2.squareRoot()
    }
    // Slow path: rescale so that the largest component has magnitude 1.
    guard isFinite else { return nil }
    let m = Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(z))
    guard m > 0 else { return nil }
    let scaled = self / m
    let scaledLength = scaled.length
    guard m * scaledLength > 1e-20 else { return nil }
    return scaled / scaledLength
  }

  /// Whether all three components are finite.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

  /// The Euclidean distance to `other`.
  @inlinable public func distance(to other: SIMD3<Float>) -> Float { (self - other).length }
}

/// Vector helpers for `SIMD2<Float>`, the 2D vector of plane-local `(x, z)` coordinates.
extension SIMD2 where Scalar == Float {
  /// The dot product.
  @inlinable public func dot(_ other: SIMD2<Float>) -> Float { (self * other).sum() }

  /// The z component of the 3D cross product `(self, 0) × (other, 0)`: positive when `other` lies
  /// counter-clockwise of `self` in a right-handed x-right, y-up plane.
  @inlinable public func cross(_ other: SIMD2<Float>) -> Float { x * other.y - y * other.x }

  /// The Euclidean length.
  @inlinable public var length: Float { dot(self).squareRoot() }

  /// The squared Euclidean length.
  @inlinable public var lengthSquared: Float { dot(self) }

  /// The unit vector in the same direction, or `nil` when a component is not finite or the length
  /// is zero or below 1e-20; like `SIMD3<Float>.normalized()`, large and tiny vectors are rescaled
  /// by their largest component first.
  @inlinable public func normalized() -> SIMD2<Float>? {
    SIMD3(x, y, 0).normalized().map { SIMD2($0.x, $0.y) }
  }

  /// Whether both components are finite.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The Euclidean distance to `other`.
  @inlinable public func distance(to other: SIMD2<Float>) -> Float { (self - other).length }
}

/// Helpers for `SIMD4<Float>` (homogeneous points, quaternion storage).
extension SIMD4 where Scalar == Float {
  /// The first three components.
  @inlinable public var xyz: SIMD3<Float> { SIMD3(x, y, z) }

  /// Whether all four components are finite.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }
}
