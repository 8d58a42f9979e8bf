import SpatialMath

extension AffineTransform2D {
  /// The transform from image-normalized coordinates (top-left origin, 0...1 over the captured
  /// landscape image) to viewport-normalized coordinates (top-left origin, 0...1 over the view),
  /// as ARKit's `ARFrame.displayTransform(for:viewportSize:)` (<doc:CoordinateSpaces>, display
  /// transform).
  ///
  /// The image is rotated clockwise by `orientation.displayRotation` —
  /// 0°: `(x, y)`, 90°: `(1-y, x)`, 180°: `(1-x, 1-y)`, 270°: `(y, 1-x)` — giving a rotated size
  /// `(Wr, Hr)`; it is then scaled about the centre so that it fits the viewport according to
  /// `videoGravity`: with `s = max(vw/Wr, vh/Hr)` for aspect fill (`min` for aspect fit),
  /// `kx = s*Wr/vw`, `ky = s*Hr/vh`, `x' = (xr - 1/2)*kx + 1/2`, `y' = (yr - 1/2)*ky + 1/2`
  /// (`resize` uses `kx = ky = 1`). Viewport -> image is the inverse.
  ///
  /// - Parameters:
  ///   - imageResolution: the captured image size in pixels (landscape, unrotated).
  ///   - orientation: the interface orientation.
  ///   - viewportSize: the view size in points.
  ///   - videoGravity: how the image fills the view; ARKit uses `resizeAspectFill`.
  /// - Throws: `DisplayGeometryError` when either size is not positive and finite
  ///   (`.imageResolutionNotPositive`, `.viewportSizeNotPositive`), or when their aspect ratios
  ///   are so far apart that the scale overflows (`.scaleOutOfRange`).
  public static func displayTransform(
    imageResolution: Size, orientation: InterfaceOrientation, viewportSize: Size,
    videoGravity: VideoGravity = .resizeAspectFill
  ) throws(DisplayGeometryError) -> AffineTransform2D {
    guard imageResolution.isPositiveAndFinite else {
      throw .imageResolutionNotPositive(imageResolution)
    }
    guard viewportSize.isPositiveAndFinite else { throw .viewportSizeNotPositive(viewportSize) }
    let transform = displayTransform(
      unchecked: imageResolution, orientation: orientation, viewportSize: viewportSize,
      videoGravity: videoGravity)
    guard transform.inverted() != nil else {
      throw .scaleOutOfRange(imageResolution: imageResolution, viewportSize: viewportSize)
    }
    return transform
  }

  /// The display transform for sizes already known to be positive and finite; its entries are
  /// infinite when the aspect ratios are too far apart (see `.scaleOutOfRange`).
  static func displayTransform(
    unchecked imageResolution: Size, orientation: InterfaceOrientation, viewportSize: Size,
    videoGravity: VideoGravity
  ) -> AffineTransform2D {
    assert(imageResolution.isPositiveAndFinite && viewportSize.isPositiveAndFinite)
    let rotation: AffineTransform2D
    switch orientation.quarterTurnsClockwise {
    case 0: rotation = .identity
    case 1: rotation = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
    case 2: rotation = AffineTransform2D(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1)
    default: rotation = AffineTransform2D(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)
    }
    let rotatedSize = orientation.isPortrait ? imageResolution.transposed : imageResolution
    let (kx, ky) = fitScales(
      contentSize: rotatedSize, boundsSize: viewportSize, videoGravity: videoGravity)
    let fit = AffineTransform2D(a: kx, b: 0, c: 0, d: ky, tx: (1 - kx) / 2, ty: (1 - ky) / 2)
    return rotation.concatenating(fit)
  }

  /// The per-axis scale factors `(kx, ky)` of content, in normalized coordinates of the bounds,
  /// when content of `contentSize` is fitted to `boundsSize` with `videoGravity` (<doc:CoordinateSpaces>).
  /// Aspect fill gives factors >= 1 (the overflow is cropped), aspect fit factors <= 1.
  static func fitScales(
    contentSize: Size, boundsSize: Size, videoGravity: VideoGravity
  ) -> (Double, Double) {
    let sx = boundsSize.width / contentSize.width
    let sy = boundsSize.height / contentSize.height
    let s: Double
    switch videoGravity {
    case .resize: return (1, 1)
    case .resizeAspect: s = min(sx, sy)
    case .resizeAspectFill: s = max(sx, sy)
    }
    return (s * contentSize.width / boundsSize.width, s * contentSize.height / boundsSize.height)
  }
}
