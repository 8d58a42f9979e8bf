import SpatialMath

/// A grid of pixels whose rays the grid kernel generates on the fly: one ray per grid pixel centre
/// through a pinhole camera (ARKit intrinsics and conventions, as `Camera`).
///
/// Grid pixel `(col, row)` has centre `(col + 0.5, row + 0.5)` (grid pixels, y down); rays come out
/// row-major. The centre maps to continuous image pixels with `imagePixelFromGridPixel` (for an
/// image grid the identity; for a viewport grid the inverse display transform, scaled). ARKit's
/// principal point `(ox, oy)` counts pixel centres at integers, so the camera-space direction of
/// the continuous image pixel `(u, v)` is `((u - ox - 0.5)/fx, -(v - oy - 0.5)/fy, -1)` normalized
/// (as `Camera.cameraDirection(forImagePixel:)`), rotated to world by `worldFromCamera`; all rays
/// start at the camera position. For a 1920x1440 image with `(ox, oy) = (959.5, 719.5)` the optical
/// axis passes between the four centre pixels and the rays are symmetric about it. Values are
/// converted to `Float` for the kernels (the continuous principal point is `ox + 0.5` rounded to
/// `Float`). Non-finite parameters make every ray miss.
public struct BatchPixelGrid: Sendable, Hashable, Codable {
  /// Grid width in pixels (columns).
  public var width: Int
  /// Grid height in pixels (rows).
  public var height: Int
  /// Focal lengths (fx, fy) in image pixels.
  public var focalLengthPixels: SIMD2<Float>
  /// Principal point `(ox, oy)` as ARKit reports it (image pixels, top-left origin, y down, pixel
  /// centres at integers); in continuous image pixels it is `(ox + 0.5, oy + 0.5)`.
  public var principalPointPixels: SIMD2<Float>
  /// Camera pose (camera looks along its -z, +y up in the image).
  public var worldFromCamera: RigidTransform
  /// Grid pixel coordinates to image pixel coordinates (`CGAffineTransform` convention).
  public var imagePixelFromGridPixel: AffineTransform2D

  /// A grid over the captured image itself: `width` x `height` image pixels.
  ///
  /// - Precondition: `width` and `height` are in `0...(1 << 23)` (pixel centres exact in `Float`).
  public init(
    imageWidth width: Int, height: Int, focalLengthPixels: SIMD2<Float>,
    principalPointPixels: SIMD2<Float>, worldFromCamera: RigidTransform
  ) {
    precondition(
      (0...(1 << 23)).contains(width) && (0...(1 << 23)).contains(height),
      "BatchPixelGrid size out of range: \(width)x\(height)")
    self.width = width
    self.height = height
    self.focalLengthPixels = focalLengthPixels
    self.principalPointPixels = principalPointPixels
    self.worldFromCamera = worldFromCamera
    self.imagePixelFromGridPixel = .identity
  }

  /// A grid over the viewport: `viewportWidth` x `viewportHeight` pixels, mapped to the image
  /// through the inverse of `displayTransform` (image normalized -> viewport normalized, as ARKit's
  /// `displayTransform(for:viewportSize:)` returns it).
  ///
  /// - Throws: `BatchRaycastError.gridInvalid` when the display transform is singular or a size
  ///   is not positive.
  /// - Precondition: the viewport size is in `0...(1 << 23)`.
  public init(
    viewportWidth: Int, viewportHeight: Int, displayTransform: AffineTransform2D,
    imageResolution: Size, focalLengthPixels: SIMD2<Float>, principalPointPixels: SIMD2<Float>,
    worldFromCamera: RigidTransform
  ) throws(BatchRaycastError) {
    guard viewportWidth > 0, viewportHeight > 0, imageResolution.width > 0,
      imageResolution.height > 0, let imageFromViewport = displayTransform.inverted()
    else { throw .gridInvalid }
    self.init(
      imageWidth: viewportWidth, height: viewportHeight, focalLengthPixels: focalLengthPixels,
      principalPointPixels: principalPointPixels, worldFromCamera: worldFromCamera)
    imagePixelFromGridPixel = AffineTransform2D(
      scaleX: 1 / Double(viewportWidth), y: 1 / Double(viewportHeight)
    )
    .concatenating(imageFromViewport)
    .concatenating(AffineTransform2D(scaleX: imageResolution.width, y: imageResolution.height))
  }

  /// The number of rays (`width * height`).
  public var count: Int { width * height }
}
