import SpatialMath

extension ViewportFrame {
  /// World rays from the camera centre through many viewport points (points, top-left origin),
  /// packed for the batched kernels, one ray per point in order. The display transform is
  /// inverted once for the batch. A point that cannot be unprojected (not finite, or outside
  /// where the lens distortion inverts) gets a zero direction, which the kernels report as a miss,
  /// so indices stay aligned with `viewportPoints`.
  ///
  /// - Complexity: O(points).
  public func batchRays(throughViewportPoints viewportPoints: [Point]) -> BatchRaySoA {
    let origin = camera.worldFromCamera.translation
    var components = [[Float]](repeating: [], count: 6)
    for c in 0..<6 { components[c].reserveCapacity(viewportPoints.count) }
    let imageFromViewport = camera.displayTransform(for: viewport).inverted()
    let (w, h) = (camera.imageResolution.width, camera.imageResolution.height)
    for point in viewportPoints {
      var direction = SIMD3<Float>.zero
      if let imageFromViewport, point.isFinite {
        let imageNormalized = viewport.normalized(forPoints: point).applying(imageFromViewport)
        let pixel = Point(x: imageNormalized.x * w, y: imageNormalized.y * h)
        if let cameraDirection = camera.cameraDirection(forImagePixel: pixel) {
          direction = camera.worldFromCamera.transformDirection(cameraDirection)
        }
      }
      components[0].append(origin.x)
      components[1].append(origin.y)
      components[2].append(origin.z)
      components[3].append(direction.x)
      components[4].append(direction.y)
      components[5].append(direction.z)
    }
    return BatchRaySoA(
      unchecked: components[0], originY: components[1], originZ: components[2],
      directionX: components[3], directionY: components[4], directionZ: components[5])
  }
}
