import SpatialMath

/// The geometry of a camera preview layer (`AVCaptureVideoPreviewLayer`): converts between
/// metadata-output rects (normalized 0...1 over the captured landscape image, top-left origin,
/// as `AVMetadataObject.bounds`) and rects in the layer's coordinates (points, top-left origin).
///
/// The image is rotated for the interface orientation as in the display transform
/// (<doc:CoordinateSpaces>) and fitted with the layer's `videoGravity`: per-axis scale 1 (`resize`),
/// `min` (`resizeAspect`) or `max` (`resizeAspectFill`).
public struct PreviewLayerGeometry: Sendable, Hashable {
  /// The captured image size in pixels (landscape, unrotated).
  public let imageResolution: Size
  /// The layer's bounds size in points.
  public let layerSize: Size
  /// How the video fills the layer.
  public let videoGravity: VideoGravity
  /// The interface orientation (the rotation of the preview connection).
  public let orientation: InterfaceOrientation
  /// Image normalized -> layer normalized.
  public let layerNormalizedFromImageNormalized: AffineTransform2D
  private let imageNormalizedFromLayerNormalized: AffineTransform2D

  /// Creates the geometry.
  ///
  /// - Throws: `DisplayGeometryError` when either size is not positive and finite, or their
  ///   aspect ratios are too far apart to map between (`.scaleOutOfRange`).
  public init(
    imageResolution: Size, layerSize: Size, videoGravity: VideoGravity,
    orientation: InterfaceOrientation = .landscapeRight
  ) throws(DisplayGeometryError) {
    guard layerSize.isPositiveAndFinite else { throw .layerSizeNotPositive(layerSize) }
    let forward = try AffineTransform2D.displayTransform(
      imageResolution: imageResolution, orientation: orientation, viewportSize: layerSize,
      videoGravity: videoGravity)
    guard let inverse = forward.inverted() else {
      throw .scaleOutOfRange(imageResolution: imageResolution, viewportSize: layerSize)
    }
    self.imageResolution = imageResolution
    self.layerSize = layerSize
    self.videoGravity = videoGravity
    self.orientation = orientation
    self.layerNormalizedFromImageNormalized = forward
    self.imageNormalizedFromLayerNormalized = inverse
  }

  /// The layer rect (points, top-left origin) of a metadata-output rect (normalized over the
  /// captured image, top-left origin), like
  /// `AVCaptureVideoPreviewLayer.layerRectConverted(fromMetadataOutputRect:)`.
  public func layerRectConverted(fromMetadataOutputRect rect: Rect) -> Rect {
    rect.applying(layerNormalizedFromImageNormalized)
      .scaled(x: layerSize.width, y: layerSize.height)
  }

  /// The metadata-output rect (normalized over the captured image, top-left origin) of a layer
  /// rect (points, top-left origin), like
  /// `AVCaptureVideoPreviewLayer.metadataOutputRectConverted(fromLayerRect:)`. Parts of the layer
  /// outside the visible image map outside 0...1.
  public func metadataOutputRectConverted(fromLayerRect rect: Rect) -> Rect {
    rect.scaled(x: 1 / layerSize.width, y: 1 / layerSize.height)
      .applying(imageNormalizedFromLayerNormalized)
  }
}
