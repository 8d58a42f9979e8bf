import SpatialMath

/// The settings of a Vision + Core ML request that decide where its boxes are
/// (`VNImageRequestHandler` orientation, `VNImageBasedRequest.regionOfInterest`,
/// `VNCoreMLRequest.imageCropAndScaleOption`, the model's input size).
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

extension VisionRequestSettings: Codable {
  private enum CodingKeys: String, CodingKey {
    case orientation, cropAndScale, modelInputSize, regionOfInterest, scaleFitAlignment
  }

  /// Decodes the recording format's `"vision"` object: `{"cropAndScale": "centerCrop",
  /// "modelInputSize": [416, 416], "orientation": "right", "regionOfInterest": [x, y, w, h]}`
  /// (`regionOfInterest` optional, lower-left normalized) plus an optional
  /// `"scaleFitAlignment": {"horizontal", "vertical"}`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let size = try c.decode([Double].self, forKey: .modelInputSize)
    guard size.count == 2 else {
      throw DecodingError.dataCorruptedError(
        forKey: .modelInputSize, in: c,
        debugDescription: "expected [width, height], found \(size.count) numbers")
    }
    var roi = Rect.unit
    if let r = try c.decodeIfPresent([Double].self, forKey: .regionOfInterest) {
      guard r.count == 4 else {
        throw DecodingError.dataCorruptedError(
          forKey: .regionOfInterest, in: c,
          debugDescription: "expected [x, y, width, height], found \(r.count) numbers")
      }
      roi = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
    }
    do {
      try self.init(
        orientation: c.decode(ImageOrientation.self, forKey: .orientation),
        cropAndScale: c.decode(ImageCropAndScaleOption.self, forKey: .cropAndScale),
        modelInputSize: Size(width: size[0], height: size[1]), regionOfInterest: roi,
        scaleFitAlignment: c.decodeIfPresent(ScaleFitAlignment.self, forKey: .scaleFitAlignment)
          ?? .center)
    } catch let error as VisionGeometryError {
      let key: CodingKeys =
        if case .modelInputSizeNotPositive = error { .modelInputSize } else { .regionOfInterest }
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: error.description)
    }
  }

  /// Encodes the recording format's `"vision"` object (`regionOfInterest` always written).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(orientation, forKey: .orientation)
    try c.encode(cropAndScale, forKey: .cropAndScale)
    try c.encode([modelInputSize.width, modelInputSize.height], forKey: .modelInputSize)
    let r = regionOfInterest
    try c.encode([r.origin.x, r.origin.y, r.size.width, r.size.height], forKey: .regionOfInterest)
    if scaleFitAlignment != .center {
      try c.encode(scaleFitAlignment, forKey: .scaleFitAlignment)
    }
  }
}
