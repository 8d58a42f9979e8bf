import SpatialMath

/// One Vision box followed through every coordinate space, down to a world ray: what placement
/// does with a detection, laid out for debugging (`arsim explain` prints it).
///
/// All rects have a top-left origin except `visionNormalized` (lower-left). Rects through a 90°
/// rotation stay axis-aligned, so every rect here is exact, not a bounding box of a tilted one.
public struct VisionBoxTrace: Sendable, Hashable {
  /// One point (the box centre) in every space, matching the rects.
  public struct Points: Sendable, Hashable {
    /// Vision normalized, lower-left origin, relative to the model input.
    public let visionNormalized: Point
    /// Oriented-image normalized, top-left origin.
    public let orientedImageNormalized: Point
    /// Stored-image normalized, top-left origin.
    public let imageNormalized: Point
    /// Stored-image pixels, top-left origin.
    public let imagePixels: Point
    /// Viewport normalized, top-left origin.
    public let viewportNormalized: Point
    /// Viewport points, top-left origin.
    public let viewportPoints: Point
  }

  /// The box as Vision reports it: normalized, lower-left origin, relative to the model input.
  public let visionNormalized: Rect
  /// The box in the oriented (upright) image, normalized, top-left origin.
  public let orientedImageNormalized: Rect
  /// The box in the stored (captured, landscape) image, normalized, top-left origin.
  public let imageNormalized: Rect
  /// The box in stored-image pixels, top-left origin.
  public let imagePixels: Rect
  /// The box in the viewport, normalized, top-left origin.
  public let viewportNormalized: Rect
  /// The box in viewport points, top-left origin.
  public let viewportPoints: Rect
  /// The box centre in every space.
  public let center: Points
  /// The display transform used (image normalized -> viewport normalized).
  public let displayTransform: AffineTransform2D
  /// The world-space ray through the box centre, when a camera was given and the centre can be
  /// unprojected.
  public let ray: Ray?

  /// Traces `visionBox` (Vision normalized, lower-left) of a request with `request` settings on a
  /// stored image of `imageResolution` pixels shown in `viewport`; with a `camera`, also the
  /// world ray through the box centre (the camera's own resolution is used for the ray).
  ///
  /// - Throws: `VisionGeometryError` for an invalid box or image size.
  public init(
    visionBox: Rect, request: VisionRequestSettings, imageResolution: Size, viewport: Viewport,
    camera: Camera? = nil
  ) throws(VisionGeometryError) {
    guard visionBox.isFinite, visionBox.size.width >= 0, visionBox.size.height >= 0 else {
      throw .boxInvalid(visionBox)
    }
    let geometry = try VisionGeometry(settings: request, imageResolution: imageResolution)
    guard
      let display = AffineTransform2D.displayTransform(
        imageResolution: imageResolution, orientation: viewport.interfaceOrientation,
        viewportSize: viewport.size)
    else { throw .imageSizeNotPositive(imageResolution) }
    let (w, h) = (imageResolution.width, imageResolution.height)

    visionNormalized = visionBox
    orientedImageNormalized = geometry.orientedImageNormalizedRect(forVisionRect: visionBox)
    imageNormalized = geometry.imageNormalizedRect(forVisionRect: visionBox)
    imagePixels = imageNormalized.scaled(x: w, y: h)
    viewportNormalized = imageNormalized.applying(display)
    viewportPoints = viewportNormalized.scaled(x: viewport.size.width, y: viewport.size.height)
    displayTransform = display

    let visionCenter = visionBox.center
    let imageCenter = geometry.imageNormalizedPoint(forVisionPoint: visionCenter)
    let viewportCenter = imageCenter.applying(display)
    center = Points(
      visionNormalized: visionCenter,
      orientedImageNormalized: visionCenter.applying(geometry.orientedFromVision),
      imageNormalized: imageCenter,
      imagePixels: Point(x: imageCenter.x * w, y: imageCenter.y * h),
      viewportNormalized: viewportCenter,
      viewportPoints: viewport.points(forNormalized: viewportCenter))
    ray = camera?.ray(throughImageNormalized: imageCenter)
  }
}
