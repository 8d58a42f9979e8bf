import SpatialMath

/// The settings of a Vision + Core ML request that decide where its boxes are
/// (`VNImageRequestHandler` orientation, `VNImageBasedRequest.regionOfInterest`,
/// `VNCoreMLRequest.imageCropAndScaleOption`, the model's input size).
///
/// Its JSON form (the recording format's `vision` object) belongs to SceneFormat's
/// `RecordingVision`, which converts to and from settings.
public struct VisionRequestSettings: Sendable, Hashable {
  /// The orientation passed to the request handler.
  public let orientation: ImageOrientation
  /// The region of interest, normalized over the oriented image with a **lower-left** origin
  /// (Vision's convention); the whole image by default.
  public let regionOfInterest: Rect
  /// How the region is fitted into the model input.
  public let cropAndScale: ImageCropAndScaleOption
  /// The model's input size in pixels (width, height).
  public let modelInputSize: Size
  /// Where the image sits in the model input under `scaleFit` (undocumented by Vision).
  public let scaleFitAlignment: ScaleFitAlignment

  /// Creates settings; throws when the model input size is not positive or the region of
  /// interest is not a non-empty rect inside the unit square.
  public init(
    orientation: ImageOrientation, cropAndScale: ImageCropAndScaleOption, modelInputSize: Size,
    regionOfInterest: Rect = .unit, scaleFitAlignment: ScaleFitAlignment = .center
  ) throws(VisionGeometryError) {
    guard modelInputSize.isPositiveAndFinite else {
      throw .modelInputSizeNotPositive(modelInputSize)
    }
    let roi = regionOfInterest
    let tolerance = 1e-9
    guard roi.isFinite, roi.size.width > 0, roi.size.height > 0,
      roi.origin.x >= -tolerance, roi.origin.y >= -tolerance,
      roi.origin.x + roi.size.width <= 1 + tolerance,
      roi.origin.y + roi.size.height <= 1 + tolerance
    else { throw .regionOfInterestInvalid(roi) }
    self.orientation = orientation
    self.cropAndScale = cropAndScale
    self.modelInputSize = modelInputSize
    self.regionOfInterest = roi
    self.scaleFitAlignment = scaleFitAlignment
  }

  /// Settings for a request without a model (hand or body pose, contours, object tracking; see
  /// ``VisionRequestType``): the orientation and region of interest matter, the crop option
  /// (`scaleFill`) and model input size (1 x 1) are placeholders such requests ignore.
  ///
  /// - Throws: ``VisionGeometryError/regionOfInterestInvalid(_:)`` for a bad region.
  public static func imageRequest(
    orientation: ImageOrientation, regionOfInterest: Rect = .unit
  ) throws(VisionGeometryError) -> VisionRequestSettings {
    try VisionRequestSettings(
      orientation: orientation, cropAndScale: .scaleFill,
      modelInputSize: Size(width: 1, height: 1), regionOfInterest: regionOfInterest)
  }
}
