import SpatialMath

extension ARCore {
  /// Pinhole intrinsics of one camera stream (`com.google.ar.core.CameraIntrinsics`), as
  /// `Camera.getImageIntrinsics()` (CPU image) and `Camera.getTextureIntrinsics()` (GPU texture)
  /// return them: "unrotated and uncropped" — in the stream's own pixels, top-left origin, x right
  /// and y down, before any display rotation. Where the principal point sits within a pixel is
  /// the camera's ``ARCore/PrincipalPointConvention``.
  public struct CameraIntrinsics: Sendable, Hashable {
    /// `getFocalLength()`: (fx, fy) in pixels (> 0).
    public let focalLengthPixels: SIMD2<Double>
    /// `getPrincipalPoint()`: (cx, cy) in pixels.
    public let principalPointPixels: SIMD2<Double>
    /// `getImageDimensions()`: the stream's width and height in pixels (> 0).
    public let imageDimensions: Size

    /// Creates intrinsics.
    ///
    /// - Throws: ``ARCoreError/intrinsicsNotValid(focalLength:principalPoint:)`` for a focal length
    ///   that is not positive and finite or a principal point that is not finite,
    ///   ``ARCoreError/streamSizeNotPositive(_:)`` for dimensions that are not.
    public init(
      focalLengthPixels: SIMD2<Double>, principalPointPixels: SIMD2<Double>, imageDimensions: Size
    ) throws(ARCoreError) {
      guard focalLengthPixels.x.isFinite, focalLengthPixels.y.isFinite, focalLengthPixels.x > 0,
        focalLengthPixels.y > 0, principalPointPixels.x.isFinite, principalPointPixels.y.isFinite
      else {
        throw .intrinsicsNotValid(
          focalLength: focalLengthPixels, principalPoint: principalPointPixels)
      }
      guard imageDimensions.isPositiveAndFinite else {
        throw .streamSizeNotPositive(imageDimensions)
      }
      self.focalLengthPixels = focalLengthPixels
      self.principalPointPixels = principalPointPixels
      self.imageDimensions = imageDimensions
    }

    /// The intrinsics of another stream of the same camera with `dimensions`, when both streams
    /// are the largest centred crops of one sensor of aspect `sensorAspectRatio` (width / height)
    /// with their own aspect, scaled uniformly (square pixels). ARCore does not document how its
    /// CPU image and GPU texture relate; this is the model used when a recording gives only one of
    /// them. A stream at least as wide as the sensor spans its width; a narrower one its height.
    ///
    /// Example: a 1920x1080 texture and a 640x480 image of a 4:3 sensor both span the sensor's
    /// width, so the image is the texture scaled by 1/3 with 60 more image rows above and below
    /// (the texture's 1080 rows are the image's middle 360): `fx_image = fx_texture / 3`,
    /// `cx_image = 320 + (cx_texture - 960) / 3`, `cy_image = 240 + (cy_texture - 540) / 3` (in
    /// continuous pixels).
    ///
    /// - Throws: ``ARCoreError/streamSizeNotPositive(_:)`` or
    ///   ``ARCoreError/sensorAspectRatioNotPositive(_:)`` when `dimensions` or
    ///   `sensorAspectRatio` is not positive and finite.
    public func sameSensorStream(
      dimensions: Size, sensorAspectRatio: Double = 4.0 / 3.0,
      convention: PrincipalPointConvention
    ) throws(ARCoreError) -> CameraIntrinsics {
      guard dimensions.isPositiveAndFinite else { throw .streamSizeNotPositive(dimensions) }
      guard sensorAspectRatio.isFinite, sensorAspectRatio > 0 else {
        throw .sensorAspectRatioNotPositive(sensorAspectRatio)
      }
      func pixelsPerSensorHeight(_ size: Size) -> Double {
        size.width / size.height >= sensorAspectRatio
          ? size.width / sensorAspectRatio : size.height
      }
      let ratio = pixelsPerSensorHeight(dimensions) / pixelsPerSensorHeight(imageDimensions)
      let offset = convention.offsetToContinuousPixels
      let from = SIMD2(imageDimensions.width, imageDimensions.height) / 2
      let to = SIMD2(dimensions.width, dimensions.height) / 2
      let principal = to + ratio * (principalPointPixels + offset - from) - offset
      return try CameraIntrinsics(
        focalLengthPixels: focalLengthPixels * ratio, principalPointPixels: principal,
        imageDimensions: dimensions)
    }
  }
}
