import SpatialMath

/// Why camera parameters were refused.
public enum CameraError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A focal length is zero, negative or not finite.
  case focalLengthNotPositive(fx: Double, fy: Double)
  /// The principal point is not finite.
  case principalPointNotFinite(Point)
  /// The intrinsics matrix is not `[[fx,0,0],[0,fy,0],[ox,oy,1]]`.
  case intrinsicsNotPinhole(Matrix3x3)
  /// The image resolution is not positive and finite.
  case imageResolutionNotPositive(Size)
  /// The camera transform has a non-finite entry.
  case transformNotFinite
  /// The camera transform is not rigid (orthonormal rotation, determinant +1, last row 0 0 0 1).
  case transformNotRigid
  /// A distortion coefficient is not finite.
  case distortionNotFinite

  /// A one-line explanation naming the bad value.
  public var description: String {
    switch self {
    case .focalLengthNotPositive(let fx, let fy):
      "focal lengths must be > 0 and finite, got fx=\(fx), fy=\(fy)"
    case .principalPointNotFinite(let p):
      "principal point must be finite, got (\(p.x), \(p.y))"
    case .intrinsicsNotPinhole(let m):
      "intrinsics must be [fx,0,0, 0,fy,0, ox,oy,1] (column-major), got \(m.columnMajor)"
    case .imageResolutionNotPositive(let s):
      "image resolution must be > 0 and finite, got \(s.width)x\(s.height)"
    case .transformNotFinite:
      "camera transform has a non-finite entry"
    case .transformNotRigid:
      "camera transform is not rigid (expected an orthonormal rotation with determinant +1, "
        + "last row 0 0 0 1)"
    case .distortionNotFinite:
      "distortion coefficients must be finite"
    }
  }
}
