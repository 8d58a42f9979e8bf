import SpatialMath

extension Camera {
  /// The view matrix for rendering in an interface orientation (ARKit's `viewMatrix(for:)`):
  /// `viewFromWorld = Rz(-θ) * cameraFromWorld`, where θ is the clockwise display rotation
  /// (portrait 90°). View space has +x to the right of the screen and +y up the screen, looking
  /// along -z; for `landscapeRight` it is camera space. Computed from `transform` as
  /// `Rz(-θ) * [Rᵀ | -Rᵀ t]`, so quarter turns and axis-aligned poses give exact zeros and ones.
  public func viewMatrix(for orientation: InterfaceOrientation) -> Matrix4x4 {
    Self.viewMatrix(worldFromCamera: transform, for: orientation)
  }

  /// The view matrix of a camera pose (`worldFromCamera`, ARKit camera axes, a rigid matrix) in an
  /// interface orientation, as `viewMatrix(for:)` computes it; needs no intrinsics. The inverse
  /// is the rigid one, `[Rᵀ | -Rᵀ t]`.
  public static func viewMatrix(
    worldFromCamera: Matrix4x4, for orientation: InterfaceOrientation
  ) -> Matrix4x4 {
    let rotation = worldFromCamera.upperLeft3x3.transpose
    let cameraFromWorld = Matrix4x4(
      rotation: rotation, translation: -(rotation * worldFromCamera.translation))
    return viewFromCamera(orientation) * cameraFromWorld
  }

  /// The rotation from camera space to the view space of an interface orientation, `Rz(-θ)`;
  /// its entries are exactly 0 and ±1.
  static func viewFromCamera(_ orientation: InterfaceOrientation) -> Matrix4x4 {
    let (c, s): (Float, Float)
    switch orientation.quarterTurnsClockwise {
    case 0: (c, s) = (1, 0)
    case 1: (c, s) = (0, -1)
    case 2: (c, s) = (-1, 0)
    default: (c, s) = (0, 1)
    }
    // Rotation by -θ about z (θ clockwise on screen): x' = c x - s y, y' = s x + c y.
    return Matrix4x4(
      rotation: Matrix3x3(SIMD3(c, s, 0), SIMD3(-s, c, 0), SIMD3(0, 0, 1)), translation: .zero)
  }

  /// The projection matrix for rendering in an interface orientation (ARKit's
  /// `projectionMatrix(for:viewportSize:zNear:zFar:)`), consistent with `projectPoint`: for a view
  /// point `p = viewMatrix(for:) * world`, `clip = projection * p`, the normalized device
  /// coordinates `clip.xy / clip.w` equal `(2x' - 1, 1 - 2y')` where `(x', y')` is the
  /// viewport-normalized point of `projectPoint` (ignoring lens distortion, which is not linear).
  /// Depth follows Metal: `z_ndc = clip.z / clip.w` is 0 at `zNear` and 1 at `zFar`; `clip.w`
  /// is the depth `-z` in view space. The principal point enters as `(ox + 0.5, oy + 0.5)`
  /// (continuous pixels): for landscapeRight and a viewport of the image's aspect, column 2 is
  /// `(1 - 2(ox + 0.5)/W, 2(oy + 0.5)/H - 1, zFar/(zNear - zFar), -1)`.
  ///
  /// Like ARKit's, it is not optional.
  ///
  /// - Precondition: `0 < zNear < zFar`, both finite (programming constants; a programming error
  ///   otherwise).
  public func projectionMatrix(for viewport: Viewport, zNear: Double, zFar: Double) -> Matrix4x4 {
    precondition(
      zNear.isFinite && zFar.isFinite && zNear > 0 && zFar > zNear,
      "projectionMatrix: need 0 < zNear < zFar, finite; got zNear \(zNear), zFar \(zFar)")
    let orientation = viewport.interfaceOrientation
    let t = displayTransform(for: viewport)
    let (w, h) = (imageResolution.width, imageResolution.height)
    let fx = intrinsics.focalLengthXPixels
    let fy = intrinsics.focalLengthYPixels
    // The principal point in continuous image pixels, (ox + 0.5, oy + 0.5).
    let ox = intrinsics.principalPointContinuousPixels.x
    let oy = intrinsics.principalPointContinuousPixels.y
    // In camera space (X, Y, Z), with x' the viewport-normalized point and (ox, oy) as above:
    //   x' (-Z) = a fx/W X - c fy/H Y - (a ox/W + c oy/H + tx) Z,   likewise y' with b, d, ty.
    //   clip.x = (2x' - 1)(-Z),  clip.y = (1 - 2y')(-Z),  clip.w = -Z.
    let ex = t.a * ox / w + t.c * oy / h + t.tx
    let ey = t.b * ox / w + t.d * oy / h + t.ty
    let rowX = SIMD4(2 * t.a * fx / w, -2 * t.c * fy / h, 1 - 2 * ex, 0)
    let rowY = SIMD4(-2 * t.b * fx / w, 2 * t.d * fy / h, 2 * ey - 1, 0)
    let rowZ = SIMD4(0, 0, zFar / (zNear - zFar), zFar * zNear / (zNear - zFar))
    let rowW = SIMD4<Double>(0, 0, -1, 0)
    let clipFromCamera = Matrix4x4(
      SIMD4<Float>(SIMD4(rowX.x, rowY.x, rowZ.x, rowW.x)),
      SIMD4<Float>(SIMD4(rowX.y, rowY.y, rowZ.y, rowW.y)),
      SIMD4<Float>(SIMD4(rowX.z, rowY.z, rowZ.z, rowW.z)),
      SIMD4<Float>(SIMD4(rowX.w, rowY.w, rowZ.w, rowW.w)))
    // The view matrix already rotated camera space into view space: undo it here.
    return clipFromCamera * Self.viewFromCamera(orientation).transpose
  }

  /// ARKit's `projectionMatrix(for:viewportSize:zNear:zFar:)`: `projectionMatrix(for:zNear:zFar:)`
  /// for the orientation and size. Like ARKit's, it is not optional.
  ///
  /// - Precondition: `viewportSize` is positive and finite (see
  ///   `displayTransform(for:viewportSize:)`) and `0 < zNear < zFar`, both finite.
  public func projectionMatrix(
    for orientation: InterfaceOrientation, viewportSize: Size, zNear: Double, zFar: Double
  ) -> Matrix4x4 {
    precondition(
      viewportSize.isPositiveAndFinite,
      "projectionMatrix: viewport size \(viewportSize.width)x\(viewportSize.height) is not "
        + "positive and finite")
    return projectionMatrix(
      for: Viewport(unchecked: viewportSize, interfaceOrientation: orientation), zNear: zNear,
      zFar: zFar)
  }
}
