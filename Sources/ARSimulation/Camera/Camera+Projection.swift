import SpatialMath

extension Camera {
  /// The camera-space position (metres, ARKit camera axes) of a world point.
  @inlinable
  public func cameraPoint(forWorldPoint worldPoint: SIMD3<Float>) -> SIMD3<Float> {
    cameraFromWorld.transformPoint(worldPoint)
  }

  /// The image pixel (top-left origin, continuous: pixel (i, j) covers [i, i+1) x [j, j+1)) where
  /// a camera-space point appears, `u = ox + 0.5 + fx*x/(-z)`, `v = oy + 0.5 - fy*y/(-z)` with
  /// ARKit's intrinsics, lens distortion applied to `(x/(-z), -y/(-z))` first when the camera has
  /// it; `nil` when the point is not at least `nearDistanceMeters` in front of the camera or not
  /// finite. OpenCV's pixel coordinates of the point are `(u - 0.5, v - 0.5)`.
  public func imagePixel(forCameraPoint p: SIMD3<Float>) -> Point? {
    let depth = Double(-p.z)
    guard p.isFinite, depth >= Double(nearDistanceMeters), depth > 0 else { return nil }
    var n = SIMD2(Double(p.x) / depth, -Double(p.y) / depth)
    if let distortion { n = distortion.distort(n) }
    let pixel = intrinsics.imagePixel(forNormalizedImagePlane: n)
    return pixel.isFinite ? pixel : nil
  }

  /// Projects a world point to image pixels (see `imagePixel(forCameraPoint:)`); `nil` behind the
  /// camera.
  public func projectToImagePixels(_ worldPoint: SIMD3<Float>) -> Point? {
    imagePixel(forCameraPoint: cameraPoint(forWorldPoint: worldPoint))
  }

  /// The unit camera-space direction through a point in continuous image pixels,
  /// `((u - ox - 0.5)/fx, -(v - oy - 0.5)/fy, -1)` normalized (the pixel centre `(i + 0.5, j + 0.5)`
  /// for pixel `(i, j)`), after undoing lens distortion; `nil` when the pixel is not finite, the
  /// normalized image-plane point overflows `Double`, or the distortion cannot be inverted there.
  public func cameraDirection(forImagePixel pixel: Point) -> SIMD3<Float>? {
    guard pixel.isFinite else { return nil }
    var n = intrinsics.normalizedImagePlane(forImagePixel: pixel)
    if let distortion {
      guard let ideal = distortion.undistort(n) else { return nil }
      n = ideal
    }
    guard n.x.isFinite, n.y.isFinite else { return nil }
    // Scale by the largest component first so that squaring cannot overflow for pixels far
    // outside the image (|n| up to 1e308): the direction stays unit length, never zero or NaN.
    let largest = max(abs(n.x), abs(n.y), 1)
    let d = SIMD3<Double>(n.x, -n.y, -1) / largest
    let unit = d / (d * d).sum().squareRoot()
    return SIMD3<Float>(unit)
  }

  /// The world-space ray from the camera centre through an image pixel (pixel centres are at
  /// `i + 0.5`); `nil` in the cases of `cameraDirection(forImagePixel:)`.
  public func ray(throughImagePixel pixel: Point) -> Ray? {
    guard let direction = cameraDirection(forImagePixel: pixel) else { return nil }
    return Ray(
      unchecked: worldFromCamera.translation,
      direction: worldFromCamera.transformDirection(direction))
  }

  /// The world-space ray through an image-normalized point (top-left origin, 0...1).
  public func ray(throughImageNormalized point: Point) -> Ray? {
    ray(
      throughImagePixel: Point(
        x: point.x * imageResolution.width, y: point.y * imageResolution.height))
  }

  /// The viewport point (points, top-left origin) where a world point is drawn in a viewport:
  /// project to image pixels, normalize, apply `displayTransform(for:)`, scale by the viewport
  /// size.
  ///
  /// Unlike ARKit, which returns a meaningless point for points behind the camera, this returns
  /// `nil` there. Points outside the visible part of the image give coordinates outside
  /// `0...viewport.size`.
  public func projectPoint(_ worldPoint: SIMD3<Float>, viewport: Viewport) -> Point? {
    guard let pixel = projectToImagePixels(worldPoint) else { return nil }
    let imageNormalized = Point(
      x: pixel.x / imageResolution.width, y: pixel.y / imageResolution.height)
    let viewportPoint = viewport.points(
      forNormalized: imageNormalized.applying(displayTransform(for: viewport)))
    return viewportPoint.isFinite ? viewportPoint : nil
  }

  /// ARKit's `projectPoint(_:orientation:viewportSize:)`: `projectPoint(_:viewport:)` for the
  /// orientation and size; `nil` behind the camera and also (where ARKit's result is undefined)
  /// for a viewport size that is not positive and finite.
  public func projectPoint(
    _ worldPoint: SIMD3<Float>, orientation: InterfaceOrientation, viewportSize: Size
  ) -> Point? {
    guard let viewport = try? Viewport(size: viewportSize, interfaceOrientation: orientation)
    else { return nil }
    return projectPoint(worldPoint, viewport: viewport)
  }

  /// The world-space ray through a viewport point (points, top-left origin): the inverse display
  /// transform gives the image point, then `ray(throughImagePixel:)`. `nil` for a non-finite point
  /// (or one that cannot be unprojected, see `cameraDirection(forImagePixel:)`).
  public func ray(throughViewportPoint viewportPoint: Point, viewport: Viewport) -> Ray? {
    guard viewportPoint.isFinite,
      let imageFromViewport = displayTransform(for: viewport).inverted()
    else { return nil }
    return ray(
      throughImageNormalized: viewport.normalized(forPoints: viewportPoint).applying(
        imageFromViewport))
  }

  /// `ray(throughViewportPoint:viewport:)` for an orientation and size; `nil` also for a
  /// viewport size that is not positive and finite.
  public func ray(
    throughViewportPoint viewportPoint: Point, orientation: InterfaceOrientation,
    viewportSize: Size
  ) -> Ray? {
    guard let viewport = try? Viewport(size: viewportSize, interfaceOrientation: orientation)
    else { return nil }
    return ray(throughViewportPoint: viewportPoint, viewport: viewport)
  }

  /// The world point where the ray through a viewport point meets a plane (ARKit's
  /// `unprojectPoint(_:ontoPlane:orientation:viewportSize:)` with the viewport's orientation and
  /// size).
  ///
  /// - Parameter planeTransform: `worldFromPlane`; the plane is the xz-plane of that transform
  ///   (its y axis is the normal), of infinite extent. Both faces count.
  /// - Returns: `nil` when the ray is parallel to the plane, the plane is behind the camera, or
  ///   the transform's y axis is zero or not finite.
  public func unprojectPoint(
    _ viewportPoint: Point, ontoPlane planeTransform: Matrix4x4, viewport: Viewport
  ) -> SIMD3<Float>? {
    guard let ray = ray(throughViewportPoint: viewportPoint, viewport: viewport),
      let plane = try? Plane(
        point: planeTransform.translation, normal: planeTransform.columns.1.xyz)
    else { return nil }
    return plane.intersection(with: ray)
  }

  /// ARKit's `unprojectPoint(_:ontoPlane:orientation:viewportSize:)`: see
  /// `unprojectPoint(_:ontoPlane:viewport:)`; `nil` also for a viewport size that is not positive
  /// and finite.
  public func unprojectPoint(
    _ viewportPoint: Point, ontoPlane planeTransform: Matrix4x4,
    orientation: InterfaceOrientation, viewportSize: Size
  ) -> SIMD3<Float>? {
    guard let viewport = try? Viewport(size: viewportSize, interfaceOrientation: orientation)
    else { return nil }
    return unprojectPoint(viewportPoint, ontoPlane: planeTransform, viewport: viewport)
  }
}
