import ARSimulation
import SpatialMath

/// The Vision request settings of a recording (DESIGN §3.3), as in the JSON:
/// `{"cropAndScale", "modelInputSize": [w, h], "orientation", "regionOfInterest": [x, y, w, h]}`.
public struct RecordingVision: Sendable, Hashable {
  /// How the region is fitted into the model input.
  public var cropAndScale: ImageCropAndScaleOption
  /// The model input size in pixels (> 0).
  public var modelInputSize: Size
  /// The orientation Vision applies to the captured image.
  public var orientation: ImageOrientation
  /// The region of interest in the oriented image, Vision normalized (lower-left origin),
  /// inside [0, 1]; the whole image (`[0, 0, 1, 1]`) when the JSON omits it.
  public var regionOfInterest: Rect
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates settings; call ``validate()`` to check them.
  public init(
    cropAndScale: ImageCropAndScaleOption, modelInputSize: Size, orientation: ImageOrientation,
    regionOfInterest: Rect = .unit, extras: [String: JSONValue] = [:]
  ) {
    self.cropAndScale = cropAndScale
    self.modelInputSize = modelInputSize
    self.orientation = orientation
    self.regionOfInterest = regionOfInterest
    self.extras = extras
  }

  /// Checks a positive model input size and a region inside the unit square.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the settings (`modelInputSize[0]`).
  public func validate() throws {
    do {
      try RecordingValidation.requirePositive(modelInputSize, what: "model input")
    } catch let error as InputFileError {
      throw error.prefixed(.key("modelInputSize"))
    }
    do {
      try RecordingValidation.requireUnitBox(regionOfInterest)
    } catch let error as InputFileError {
      throw error.prefixed(.key("regionOfInterest"))
    }
  }

  package init(json: JSONValue, strict: Bool) throws {
    var object = try JSONObjectDecoder(json, strict: strict)
    cropAndScale = try object.required("cropAndScale") {
      try $0.named(ImageCropAndScaleOption.self, what: "cropAndScale")
    }
    modelInputSize = try object.required("modelInputSize") { try $0.size() }
    orientation = try object.required("orientation") {
      try $0.named(ImageOrientation.self, what: "orientation")
    }
    regionOfInterest = try object.optional("regionOfInterest") { try $0.rect() } ?? .unit
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["cropAndScale"] = .string(cropAndScale.name)
    members["modelInputSize"] = .size(modelInputSize)
    members["orientation"] = .string(orientation.name)
    members["regionOfInterest"] = .rect(regionOfInterest)
    return .object(members)
  }
}
