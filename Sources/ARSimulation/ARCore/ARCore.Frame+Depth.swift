import SpatialMath

extension ARCore.Frame {
  /// `acquireDepthImage16Bits()`: the full depth image (smoothed, every pixel estimated where
  /// the device could), under `DepthMode.AUTOMATIC`.
  ///
  /// - Throws: ``ARCoreError/depthModeDoesNotProvide(image:depthMode:)`` under another depth
  ///   mode (ARCore's `IllegalStateException`), ``ARCoreError/depthNotYetAvailable(image:)``
  ///   when this frame has no depth (`NotYetAvailableException`).
  public func acquireDepthImage16Bits() throws(ARCoreError) -> ARCore.DepthImage {
    try available("acquireDepthImage16Bits", depth.depthImage, modes: [.automatic])
  }

  /// `acquireRawDepthImage16Bits()`: the raw depth image (sparse, unfiltered; 0 where there is
  /// no valid depth), under `AUTOMATIC` or `RAW_DEPTH_ONLY`.
  ///
  /// - Throws: as ``acquireDepthImage16Bits()`` (under `DISABLED` for the mode).
  public func acquireRawDepthImage16Bits() throws(ARCoreError) -> ARCore.DepthImage {
    try available(
      "acquireRawDepthImage16Bits", depth.rawDepthImage, modes: [.automatic, .rawDepthOnly])
  }

  /// `acquireRawDepthConfidenceImage()`: the raw depth's confidence, under `AUTOMATIC` or
  /// `RAW_DEPTH_ONLY`.
  ///
  /// - Throws: as ``acquireRawDepthImage16Bits()``.
  public func acquireRawDepthConfidenceImage() throws(ARCoreError) -> ARCore.DepthConfidenceImage {
    try available(
      "acquireRawDepthConfidenceImage", depth.rawDepthConfidenceImage,
      modes: [.automatic, .rawDepthOnly])
  }

  private func available<Image>(
    _ name: String, _ image: Image?, modes: Set<DepthMode>
  ) throws(ARCoreError) -> Image {
    guard modes.contains(depthMode) else {
      throw .depthModeDoesNotProvide(image: name, depthMode: depthMode)
    }
    guard let image else { throw .depthNotYetAvailable(image: name) }
    return image
  }

  /// The depth-point hit of a ray from the camera, or `nil` (see ``hitTest(x:y:)``).
  ///
  /// The ray's direction is taken into the texture, then to the depth pixel that covers it; its
  /// z-depth puts the hit on the ray at `z / cos`, with `cos` the cosine between the ray and the
  /// camera's viewing axis. The normal is the least-squares plane of the valid depth pixels
  /// within `hitTestOptions.depthNormalWindowRadius` of that pixel (each unprojected through its
  /// centre with the texture intrinsics scaled to the depth image), turned towards the camera.
  func depthPointHit(_ ray: Ray) -> ARCore.HitResult? {
    guard depthMode == .automatic, let image = depth.depthImage,
      (ray.origin - camera.pose.translation).length <= 1e-3,
      let texel = camera.textureTexel(forWorldPoint: camera.pose.translation + ray.direction)
    else { return nil }
    let texture = camera.textureIntrinsics.imageDimensions
    let scale = SIMD2(Double(image.width) / texture.width, Double(image.height) / texture.height)
    let pixelX = (texel.x * scale.x).rounded(.down)
    let pixelY = (texel.y * scale.y).rounded(.down)
    guard pixelX >= 0, pixelY >= 0, pixelX < Double(image.width), pixelY < Double(image.height)
    else { return nil }
    let pixel = SIMD2(Int(pixelX), Int(pixelY))
    guard let zMeters = image.depthMeters(x: pixel.x, y: pixel.y) else { return nil }
    let forward = camera.pose.worldFromLocal.transformDirection(SIMD3(0, 0, -1))
    let cosine = ray.direction.dot(forward)
    guard cosine > 1e-6 else { return nil }
    let point = ray.point(at: zMeters / cosine)
    guard var normal = depthNormal(around: pixel, in: image, scale: scale) else { return nil }
    if normal.dot(ray.direction) > 0 { normal = -normal }
    guard let pose = Self.pose(at: point, yAxis: normal, rayDirection: ray.direction) else {
      return nil
    }
    return ARCore.HitResult(
      distance: distanceFromCamera(point), hitPose: pose,
      trackable: .depthPoint(ARCore.DepthPoint(pose: pose, depthPixel: pixel)))
  }

  /// The unit normal of the depth surface around a depth pixel (world space, either sign), or
  /// `nil` when fewer than 3 valid pixels of the window fit a plane.
  private func depthNormal(
    around pixel: SIMD2<Int>, in image: ARCore.DepthImage, scale: SIMD2<Double>
  ) -> SIMD3<Float>? {
    let radius = max(hitTestOptions.depthNormalWindowRadius, 1)
    var points: [SIMD3<Float>] = []
    for y in (pixel.y - radius)...(pixel.y + radius) {
      for x in (pixel.x - radius)...(pixel.x + radius) {
        guard let z = image.depthMeters(x: x, y: y),
          let direction = camera.cameraDirection(
            forTextureTexel: SpatialMath.Point(
              x: (Double(x) + 0.5) / scale.x, y: (Double(y) + 0.5) / scale.y))
        else { continue }
        let local = direction * (z / -direction.z)
        points.append(camera.pose.worldFromLocal.transformPoint(local))
      }
    }
    return PlaneFit.leastSquares(points)?.plane.normal
  }
}
