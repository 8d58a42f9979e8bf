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
  /// The world-space ray through the box centre; `nil` without a camera or when the centre cannot
  /// be unprojected.
  public let ray: Ray?

  /// Traces `visionBox` (Vision normalized, lower-left) of a request with `request` settings on
  /// the camera's image (`camera.imageResolution`) shown in `viewport`, down to the world ray
  /// through the box centre.
  ///
  /// - Throws: `VisionGeometryError` for an invalid box or request settings.
  public init(
    visionBox: Rect, request: VisionRequestSettings, camera: Camera, viewport: Viewport
  ) throws(VisionGeometryError) {
    try self.init(
      visionBox: visionBox, request: request, imageResolution: camera.imageResolution,
      viewport: viewport, camera: camera)
  }

  /// Traces `visionBox` (Vision normalized, lower-left) of a request with `request` settings on a
  /// stored image of `imageResolution` pixels shown in `viewport`, without a camera: `ray` is
  /// `nil`.
  ///
  /// - Throws: `VisionGeometryError` for an invalid box, request settings or image size.
  public init(
    visionBox: Rect, request: VisionRequestSettings, imageResolution: Size, viewport: Viewport
  ) throws(VisionGeometryError) {
    try self.init(
      visionBox: visionBox, request: request, imageResolution: imageResolution,
      viewport: viewport, camera: nil)
  }

  private init(
    visionBox: Rect, request: VisionRequestSettings, imageResolution: Size, viewport: Viewport,
    camera: Camera?
  ) throws(VisionGeometryError) {
    guard visionBox.isFinite, visionBox.size.width >= 0, visionBox.size.height >= 0 else {
      throw .boxInvalid(visionBox)
    }
    // Validates the image size, so the display transform below cannot fail.
    let geometry = try VisionGeometry(settings: request, imageResolution: imageResolution)
    let display = AffineTransform2D.displayTransform(
      unchecked: imageResolution, orientation: viewport.interfaceOrientation,
      viewportSize: viewport.size, videoGravity: .resizeAspectFill)
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
