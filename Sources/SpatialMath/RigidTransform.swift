/// A rigid transform (rotation then translation, no scale): `p' = rotation.act(p) + translation`.
///
/// Name instances `targetFromSource` (`worldFromCamera`, `worldFromPlane`). The inverse always
/// exists and is exact up to rounding.
public struct RigidTransform: Sendable, Hashable, Codable {
  /// The unit rotation.
  public var rotation: Quaternion
  /// The translation, in the target space's units (metres for world space).
  public var translation: SIMD3<Float>

  /// Creates a transform. `rotation` must be a unit quaternion.
  @inlinable
  public init(rotation: Quaternion = .identity, translation: SIMD3<Float> = .zero) {
    self.rotation = rotation
    self.translation = translation
  }

  /// The identity transform.
  public static let identity = RigidTransform()

  /// The rigid transform of a 4x4 matrix, or `nil` when the matrix is not finite, its bottom row is
  /// not (0, 0, 0, 1), or its upper-left 3x3 is not a rotation (columns orthonormal and determinant
  /// +1 within `tolerance`, default 1e-3).
  public init?(_ matrix: Matrix4x4, tolerance: Float = 1e-3) {
    guard matrix.isFinite else { return nil }
    let bottom = SIMD4(matrix[row: 3, column: 0], matrix[row: 3, column: 1],
                       matrix[row: 3, column: 2], matrix[row: 3, column: 3])
    guard bottom.isApproximatelyEqual(to: SIMD4(0, 0, 0, 1), tolerance: Double(tolerance)) else {
      return nil
    }
    let r = matrix.upperLeft3x3
    let rtr = r.transpose * r
    guard rtr.isApproximatelyEqual(to: .identity, tolerance: Double(tolerance)),
      abs(r.determinant - 1) <= tolerance,
      let q = Quaternion(rotationMatrix: r)
    else { return nil }
    self.init(rotation: q, translation: matrix.translation)
  }

  /// The 4x4 matrix (column-major, translation in `columns.3`).
  public var matrix: Matrix4x4 {
    Matrix4x4(rotation: rotation.rotationMatrix, translation: translation)
  }

  /// The inverse transform (`sourceFromTarget`).
  @inlinable
  public var inverse: RigidTransform {
    let inv = rotation.conjugate
    return RigidTransform(rotation: inv, translation: -inv.act(translation))
  }

  /// Maps a point.
  @inlinable
  public func transformPoint(_ point: SIMD3<Float>) -> SIMD3<Float> {
    rotation.act(point) + translation
  }

  /// Maps a direction (rotation only).
  @inlinable
  public func transformDirection(_ direction: SIMD3<Float>) -> SIMD3<Float> {
    rotation.act(direction)
  }

  /// Composition: `(aFromB * bFromC)` is `aFromC`.
  @inlinable
  public static func * (lhs: RigidTransform, rhs: RigidTransform) -> RigidTransform {
    RigidTransform(
      rotation: lhs.rotation * rhs.rotation, translation: lhs.transformPoint(rhs.translation))
  }
}

extension RigidTransform: ApproximatelyEquatable {
  /// Compares translations componentwise and rotations as rotations (`q` equals `-q`).
  public func isApproximatelyEqual(
    to other: RigidTransform, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    translation.isApproximatelyEqual(
      to: other.translation, absoluteTolerance: absoluteTolerance,
      relativeTolerance: relativeTolerance)
      && rotation.isApproximatelySameRotation(as: other.rotation, tolerance: absoluteTolerance)
  }
}
