import SpatialMath

extension CameraIntrinsics {
  /// The intrinsic matrix K as a homography from the normalized image plane
  /// `(x/(-z), -y/(-z))` (y down, the camera's ARKit axes) to image pixels, read off
  /// ``imagePixel(forNormalizedImagePlane:)`` so that it always agrees with the projection.
  public var pixelFromNormalizedImagePlane: Homography {
    let origin = imagePixel(forNormalizedImagePlane: SIMD2(0, 0))
    let unitX = imagePixel(forNormalizedImagePlane: SIMD2(1, 0))
    let unitY = imagePixel(forNormalizedImagePlane: SIMD2(0, 1))
    return Homography(
      rows: SIMD3(unitX.x - origin.x, unitY.x - origin.x, origin.x),
      SIMD3(unitX.y - origin.y, unitY.y - origin.y, origin.y), SIMD3(0, 0, 1))
  }
}

extension Homography {
  /// The homography that a world plane induces between two cameras' images: it maps the image
  /// pixel (top-left origin, continuous pixels of the stored image) where a point of the plane
  /// appears in `source` to the pixel where it appears in `target`. Lens distortion is ignored
  /// (the map is exact for ideal pinhole cameras).
  ///
  /// Derivation, in OpenCV's camera axes (x right, y down, z forward), which are ARKit's camera
  /// axes turned by `F = diag(1, -1, -1)`:
  /// - a world point `X_w` is `X_s = F R_sᵀ (X_w - c_s)` in the source camera and
  ///   `X_t = F R_tᵀ (X_w - c_t)` in the target, where `(R, c)` is each camera's `worldFromCamera`
  ///   rotation and position; so `X_t = R X_s + t` with `R = F R_tᵀ R_s F` and
  ///   `t = F R_tᵀ (c_s - c_t)`;
  /// - the plane `n_w · X_w = d_w` reads `n · X_s + d = 0` in the source camera, with
  ///   `n = F R_sᵀ n_w` and `d = n_w · c_s - d_w` (the signed distance of the source camera from
  ///   the plane, positive on the normal's side);
  /// - for points of the plane `-(n · X_s) / d = 1`, so `X_t = R X_s - t (n · X_s) / d =
  ///   (R - t nᵀ / d) X_s`;
  /// - pixels are `x ~ K X` with K the intrinsic matrix (``CameraIntrinsics/pixelFromNormalizedImagePlane``),
  ///   hence `H = K_t (R - t nᵀ / d) K_s⁻¹`.
  ///
  /// Points of the plane behind either camera are mapped by the same matrix (a homography does
  /// not know which side a point is on); callers that care check visibility themselves.
  ///
  /// - Returns: `nil` when the source camera lies on the plane (`|d|` below 1e-9 m: every point of
  ///   the plane projects to one line) or the result is not finite.
  public static func planeInduced(by plane: Plane, from source: Camera, to target: Camera)
    -> Homography?
  {
    let rs = doubleMatrix(source.worldFromCamera.rotation.rotationMatrix)
    let rt = doubleMatrix(target.worldFromCamera.rotation.rotationMatrix)
    let cs = SIMD3<Double>(source.worldFromCamera.translation)
    let ct = SIMD3<Double>(target.worldFromCamera.translation)
    let nw = SIMD3<Double>(plane.normal)
    let dw = Double(plane.distanceFromOrigin)
    let flip = SIMD3<Double>(1, -1, -1)
    // R = F R_tᵀ R_s F: entry (i, j) = f_i f_j (column i of R_t) · (column j of R_s).
    var r: [SIMD3<Double>] = []  // rows of R
    for i in 0..<3 {
      r.append(SIMD3((0..<3).map { j in flip[i] * flip[j] * dot(rt[i], rs[j]) }))
    }
    let t = flip * SIMD3(dot(rt[0], cs - ct), dot(rt[1], cs - ct), dot(rt[2], cs - ct))
    let n = flip * SIMD3(dot(rs[0], nw), dot(rs[1], nw), dot(rs[2], nw))
    let d = dot(nw, cs) - dw
    guard abs(d) > 1e-9, d.isFinite else { return nil }
    let euclidean = Homography(rows: r[0] - t.x * n / d, r[1] - t.y * n / d, r[2] - t.z * n / d)
    guard let sourceK = source.intrinsics.pixelFromNormalizedImagePlane.inverted() else {
      return nil
    }
    let h = target.intrinsics.pixelFromNormalizedImagePlane * euclidean * sourceK
    return h.isFinite ? h : nil
  }
}

/// The columns of a rotation matrix in `Double`.
private func doubleMatrix(_ m: Matrix3x3) -> [SIMD3<Double>] {
  [SIMD3<Double>(m.columns.0), SIMD3<Double>(m.columns.1), SIMD3<Double>(m.columns.2)]
}

private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
