/// Values that can be compared for equality within a tolerance.
///
/// Tolerances never live inside `==` or `Hashable`: exact equality stays exact, and callers state
/// the tolerance they mean. Two values are approximately equal when every component pair `(a, b)`
/// satisfies `|a - b| <= max(absoluteTolerance, relativeTolerance * max(|a|, |b|))`. NaN is never
/// approximately equal to anything; equal infinities are.
package protocol ApproximatelyEquatable {
  /// Whether `self` and `other` agree componentwise within the given tolerances (see the protocol).
  func isApproximatelyEqual(
    to other: Self, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool
}

extension ApproximatelyEquatable {
  /// Whether `self` and `other` agree within `absoluteTolerance` (default 1e-6) componentwise, with
  /// no relative tolerance.
  @inlinable
  package func isApproximatelyEqual(to other: Self, tolerance: Double = 1e-6) -> Bool {
    isApproximatelyEqual(to: other, absoluteTolerance: tolerance, relativeTolerance: 0)
  }
}

/// The scalar rule behind every `ApproximatelyEquatable` conformance in this module: `true` when
/// `a == b` (including equal infinities) or both are finite and
/// `|a - b| <= max(absoluteTolerance, relativeTolerance * max(|a|, |b|))`; never for NaN.
@inlinable
package func isApproximatelyEqual(
  _ a: Double, _ b: Double, absoluteTolerance: Double, relativeTolerance: Double = 0
) -> Bool {
  if a == b { return true }  // Equal infinities.
  guard a.isFinite, b.isFinite else { return false }
  let scale = max(abs(a), abs(b))
  return abs(a - b) <= max(absoluteTolerance, relativeTolerance * scale)
}

extension Double: ApproximatelyEquatable {
  /// The scalar rule of `ApproximatelyEquatable`.
  @inlinable
  package func isApproximatelyEqual(
    to other: Double, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    SpatialMath.isApproximatelyEqual(
      self, other, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
  }
}

extension Float: ApproximatelyEquatable {
  /// The scalar rule of `ApproximatelyEquatable`, applied to the values widened to `Double`.
  @inlinable
  package func isApproximatelyEqual(
    to other: Float, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    SpatialMath.isApproximatelyEqual(
      Double(self), Double(other), absoluteTolerance: absoluteTolerance,
      relativeTolerance: relativeTolerance)
  }
}

extension SIMD2: ApproximatelyEquatable where Scalar: BinaryFloatingPoint {}
extension SIMD3: ApproximatelyEquatable where Scalar: BinaryFloatingPoint {}
extension SIMD4: ApproximatelyEquatable where Scalar: BinaryFloatingPoint {}

extension SIMD where Scalar: BinaryFloatingPoint {
  /// Componentwise approximate equality (see `ApproximatelyEquatable`).
  @inlinable
  package func isApproximatelyEqual(
    to other: Self, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    for i in indices
    where !SpatialMath.isApproximatelyEqual(
      Double(self[i]), Double(other[i]), absoluteTolerance: absoluteTolerance,
      relativeTolerance: relativeTolerance)
    {
      return false
    }
    return true
  }
}

extension Angle: ApproximatelyEquatable {
  /// Compares radians; the angles are not wrapped first (2π and 0 differ).
  package func isApproximatelyEqual(
    to other: Angle, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    radians.isApproximatelyEqual(
      to: other.radians, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
  }
}
