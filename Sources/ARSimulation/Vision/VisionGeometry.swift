import SpatialMath

/// The coordinate maps between a stored camera image and the boxes a Vision + Core ML request
/// returns for it (<doc:CoordinateSpaces>, Vision geometry), as affine transforms of normalized coordinates.
///
/// Forward (what a detector sees; what the synthetic detector does), from image normalized
/// (top-left origin over the stored landscape image):
/// 1. orientation -> oriented-image normalized (top-left);
/// 2. region of interest (given lower-left) -> region normalized (top-left);
/// 3. for the `Rotate90CCW` options, the region turned 90° counter-clockwise: `(y, 1-x)`;
/// 4. crop and scale -> model-input normalized (top-left): `scaleFill` unchanged; `centerCrop`
///    shows the centred fraction `(mw/s)/rw` by `(mh/s)/rh` of the region, `s = max(mw/rw, mh/rh)`;
///    `scaleFit` puts the region in the fraction `s*rw/mw` by `s*rh/mh`, `s = min(...)`, placed by
///    `scaleFitAlignment`;
/// 5. flip to Vision's lower-left origin: `y_vision = 1 - y` (`1 - y - height` for rects).
/// Inverse (what placement does) is the inverse transform. Boxes keep being relative to what the
/// model saw: Vision does not undo the crop for detector outputs.
///
/// Requests other than Core ML ones (hand and body pose, contours, object tracking; see
/// ``VisionRequestType``) skip steps 3 and 4: their results are relative to the region of
/// interest, and the settings' crop option and model input size are ignored.
public struct VisionGeometry: Sendable, Hashable {
  /// The request settings.
  public let settings: VisionRequestSettings
  /// The kind of request whose results these maps convert.
  public let requestType: VisionRequestType
  /// The stored (captured) image size in pixels.
  public let imageResolution: Size
  /// Stored-image normalized -> oriented-image normalized (both top-left).
  public let orientedFromImage: AffineTransform2D
  /// Oriented-image normalized (top-left) -> Vision normalized (lower-left, relative to the
  /// model input).
  public let visionFromOriented: AffineTransform2D
  /// Stored-image normalized (top-left) -> Vision normalized (lower-left).
  public let visionFromImage: AffineTransform2D
  /// Vision normalized (lower-left) -> stored-image normalized (top-left).
  public let imageFromVision: AffineTransform2D
  /// Vision normalized (lower-left) -> oriented-image normalized (top-left).
  public let orientedFromVision: AffineTransform2D

  /// Builds the maps for a request of `requestType` (a Core ML model by default) on an image of
  /// `imageResolution` pixels; throws when the size is not positive, or `.scaleOutOfRange` when
  /// the model input and image sizes are too far apart for the maps to be finite and invertible.
  public init(
    settings: VisionRequestSettings, imageResolution: Size,
    requestType: VisionRequestType = .coreMLModel
  ) throws(VisionGeometryError) {
    guard imageResolution.isPositiveAndFinite else {
      throw .imageSizeNotPositive(imageResolution)
    }
    self.settings = settings
    self.requestType = requestType
    self.imageResolution = imageResolution
    orientedFromImage = settings.orientation.orientedFromStoredNormalized
    let orientedSize = settings.orientation.orientedSize(forStoredSize: imageResolution)

    // 2. Region of interest: lower-left normalized -> its top-left rect in the oriented image.
    let roi = settings.regionOfInterest
    let roiTop = 1 - roi.origin.y - roi.size.height
    let regionFromOriented = AffineTransform2D(
      a: 1 / roi.size.width, b: 0, c: 0, d: 1 / roi.size.height,
      tx: -roi.origin.x / roi.size.width, ty: -roiTop / roi.size.height)
    var regionPixels = Size(
      width: roi.size.width * orientedSize.width, height: roi.size.height * orientedSize.height)

    // 3. Optional 90° counter-clockwise turn of the region: (x, y) -> (y, 1 - x).
    var turnedFromRegion = AffineTransform2D.identity
    if requestType.appliesCropAndScale, settings.cropAndScale.rotatesRegion90CCW {
      turnedFromRegion = AffineTransform2D(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)
      regionPixels = regionPixels.transposed
    }

    // 4. Crop and scale to the model input.
    let model = settings.modelInputSize
    let sx = model.width / regionPixels.width
    let sy = model.height / regionPixels.height
    let modelFromTurned: AffineTransform2D
    switch settings.cropAndScale {
    case _ where !requestType.appliesCropAndScale:
      modelFromTurned = .identity
    case .scaleFill, .scaleFillRotate90CCW:
      modelFromTurned = .identity
    case .centerCrop:
      let s = max(sx, sy)
      let fx = (model.width / s) / regionPixels.width
      let fy = (model.height / s) / regionPixels.height
      modelFromTurned = AffineTransform2D(
        a: 1 / fx, b: 0, c: 0, d: 1 / fy, tx: -(1 - fx) / 2 / fx, ty: -(1 - fy) / 2 / fy)
    case .scaleFit, .scaleFitRotate90CCW:
      let s = min(sx, sy)
      let gx = s * regionPixels.width / model.width
      let gy = s * regionPixels.height / model.height
      let alignment = settings.scaleFitAlignment
      modelFromTurned = AffineTransform2D(
        a: gx, b: 0, c: 0, d: gy, tx: alignment.horizontal * (1 - gx),
        ty: alignment.vertical * (1 - gy))
    }

    // 5. Flip to the lower-left origin.
    let flip = AffineTransform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)

    visionFromOriented = regionFromOriented.concatenating(turnedFromRegion)
      .concatenating(modelFromTurned).concatenating(flip)
    visionFromImage = orientedFromImage.concatenating(visionFromOriented)
    // Every step is invertible in exact arithmetic (positive sizes, non-zero scales), but sizes
    // that differ by ~1e150 overflow or lose the inverse in `Double`.
    guard visionFromImage.isFinite, visionFromOriented.isFinite,
      let imageFromVision = visionFromImage.inverted(),
      let orientedFromVision = visionFromOriented.inverted()
    else {
      throw .scaleOutOfRange(modelInputSize: settings.modelInputSize, imageSize: imageResolution)
    }
    self.imageFromVision = imageFromVision
    self.orientedFromVision = orientedFromVision
  }

  /// The image-normalized rect (top-left origin over the stored image) of a Vision box (lower-left
  /// origin, relative to the model input). Boxes partly in `scaleFit` padding map partly outside
  /// 0...1.
  public func imageNormalizedRect(forVisionRect visionRect: Rect) -> Rect {
    visionRect.applying(imageFromVision)
  }

  /// The oriented-image normalized rect (top-left origin) of a Vision box.
  public func orientedImageNormalizedRect(forVisionRect visionRect: Rect) -> Rect {
    visionRect.applying(orientedFromVision)
  }

  /// The Vision box (lower-left origin, relative to the model input) of an image-normalized rect
  /// (top-left origin over the stored image). Parts the model did not see (outside the crop) map
  /// outside 0...1.
  public func visionRect(forImageNormalizedRect imageRect: Rect) -> Rect {
    imageRect.applying(visionFromImage)
  }

  /// The image-normalized point (top-left origin) of a Vision point (lower-left origin).
  public func imageNormalizedPoint(forVisionPoint visionPoint: Point) -> Point {
    visionPoint.applying(imageFromVision)
  }

  /// The Vision point (lower-left origin) of an image-normalized point (top-left origin).
  public func visionPoint(forImageNormalizedPoint imagePoint: Point) -> Point {
    imagePoint.applying(visionFromImage)
  }

  /// The part of the stored image (image normalized, top-left origin) that the model saw: the
  /// region of interest, cropped by `centerCrop`.
  public var modelVisibleImageNormalizedRect: Rect {
    // The whole model input, in image coordinates; under scaleFit it includes padding, so clip
    // it to the region of interest.
    let visionUnit = Rect.unit.applying(imageFromVision)
    let roi = settings.regionOfInterest
    let roiTopLeft = Rect(
      x: roi.origin.x, y: 1 - roi.origin.y - roi.size.height, width: roi.size.width,
      height: roi.size.height)
    let roiInImage = roiTopLeft.applying(orientedFromImage.inverted()!)
    return visionUnit.intersection(roiInImage) ?? .zero
  }
}
