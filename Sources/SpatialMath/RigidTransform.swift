/// A rigid transform (rotation then translation, no scale): `p' = rotation.act(p) + translation`.
///
/// Name instances `targetFromSource` (`worldFromCamera`, `worldFromPlane`). The inverse always
/// exists and is exact up to rounding.
public struct RigidTransform: Sendable, Hashable {
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

  /// The rigid transform of a 4x4 matrix (column-major, translation in `columns.3`).
  ///
  /// - Throws: `GeometryError.notFinite` when an entry is not finite; `.notRigid` when the bottom
  ///   row is not (0, 0, 0, 1) or the upper-left 3x3 is not a rotation (columns orthonormal and
  ///   determinant +1 within `tolerance`, default 1e-3).
  public init(_ matrix: Matrix4x4, tolerance: Float = 1e-3) throws(GeometryError) {
    guard matrix.isFinite else { throw .notFinite(name: "matrix") }
    let bottom = SIMD4(
      matrix.columns.0.w, matrix.columns.1.w, matrix.columns.2.w, matrix.columns.3.w)
    guard bottom.isApproximatelyEqual(to: SIMD4(0, 0, 0, 1), tolerance: Double(tolerance)) else {
      throw .notRigid(.bottomRow)
    }
    let r = matrix.upperLeft3x3
    let rtr = r.transpose * r
    guard rtr.isApproximatelyEqual(to: .identity, tolerance: Double(tolerance)) else {
      throw .notRigid(.notOrthonormal)
    }
    guard abs(r.determinant - 1) <= tolerance else { throw .notRigid(.determinant) }
    self.init(rotation: try Quaternion(rotationMatrix: r), translation: matrix.translation)
  }

  /// The 4x4 matrix (column-major, translation in `columns.3`); same as `Matrix4x4(self)`.
  public var matrix: Matrix4x4 { Matrix4x4(self) }

  /// The inverse transform (`sourceFromTarget`).
  @inlinable
  public var inverse: RigidTransform {
    let inv = rotation.conjugate
    return RigidTransform(rotation: inv, translation: -inv.act(translation))
  }

  /// Maps a point from the source space to the target space: `rotation.act(point) + translation`.
  @inlinable
  public func transformPoint(_ point: SIMD3<Float>) -> SIMD3<Float> {
    rotation.act(point) + translation
  }

  /// Maps a direction (or any free vector) from the source to the target space: rotation only.
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

extension RigidTransform: Codable {
  private enum CodingKeys: String, CodingKey { case rotation, translation }

  /// Decodes `{"rotation": {"vector": [ix, iy, iz, r]}, "translation": [x, y, z]}`. The rotation is
  /// renormalized; throws when anything is not finite or the rotation's length is not within 1e-3
  /// of 1 (a quaternion that far from unit length is not a rotation the writer meant).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let rotation = try c.decode(Quaternion.self, forKey: .rotation)
    let translation = try c.decode(SIMD3<Float>.self, forKey: .translation)
    guard let unit = rotation.normalized(), abs(rotation.length - 1) <= 1e-3 else {
      throw DecodingError.dataCorruptedError(
        forKey: .rotation, in: c,
        debugDescription: "rotation must be a finite unit quaternion, got \(rotation.vector)")
    }
    guard translation.isFinite else {
      throw DecodingError.dataCorruptedError(
        forKey: .translation, in: c, debugDescription: "translation must be finite")
    }
    self.init(rotation: unit, translation: translation)
  }

  /// Encodes `{"rotation": {"vector": [ix, iy, iz, r]}, "translation": [x, y, z]}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(rotation, forKey: .rotation)
    try c.encode(translation, forKey: .translation)
  }
}

extension RigidTransform: ApproximatelyEquatable {
  /// Compares translations componentwise with both tolerances and rotations as rotations (`q`
  /// equals `-q`) componentwise with `absoluteTolerance` only.
  package func isApproximatelyEqual(
    to other: RigidTransform, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    translation.isApproximatelyEqual(
      to: other.translation, absoluteTolerance: absoluteTolerance,
      relativeTolerance: relativeTolerance)
      && rotation.isApproximatelySameRotation(as: other.rotation, tolerance: absoluteTolerance)
  }
}
