import ARSimulation
import SpatialMath

/// The Vision request settings of a recording, as in the JSON: `{"cropAndScale",
/// "modelInputSize": [w, h], "orientation", "regionOfInterest": [x, y, w, h],
/// "scaleFitAlignment": {"horizontal", "vertical"}}` (the last two optional). This is the one JSON
/// form of `VisionRequestSettings`, which converts from it (``requestSettings()``) and to it
/// (``init(_:)``); the geometry is in ARSimulation's Coordinate Spaces article.
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
  /// Where the image sits in the model input under `scaleFit` (Vision does not document it), or
  /// `nil` when the JSON omits it: centred (`ScaleFitAlignment.center`). Written
  /// `{"horizontal": h, "vertical": v}`, the fractions of the padding left of and above the image
  /// (0...1); unknown members inside it are errors in both modes.
  public var scaleFitAlignment: ScaleFitAlignment?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates settings; call ``validate()`` to check them.
  public init(
    cropAndScale: ImageCropAndScaleOption, modelInputSize: Size, orientation: ImageOrientation,
    regionOfInterest: Rect = .unit, scaleFitAlignment: ScaleFitAlignment? = nil,
    extras: [String: JSONValue] = [:]
  ) {
    self.cropAndScale = cropAndScale
    self.modelInputSize = modelInputSize
    self.orientation = orientation
    self.regionOfInterest = regionOfInterest
    self.scaleFitAlignment = scaleFitAlignment
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

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    cropAndScale = try object.required("cropAndScale") {
      try $0.named(ImageCropAndScaleOption.self, what: "cropAndScale")
    }
    modelInputSize = try object.required("modelInputSize") { try $0.size() }
    orientation = try object.required("orientation") {
      try $0.named(ImageOrientation.self, what: "orientation")
    }
    regionOfInterest = try object.optional("regionOfInterest") { try $0.rect() } ?? .unit
    scaleFitAlignment = try object.optional("scaleFitAlignment") { value in
      var members = try JSONObjectReader(value, strict: true)
      let horizontal = try members.required("horizontal") { try $0.number() }
      let vertical = try members.required("vertical") { try $0.number() }
      _ = try members.extras()
      guard let alignment = try? ScaleFitAlignment(horizontal: horizontal, vertical: vertical)
      else {
        throw InputFileError(
          .invalidValue,
          "horizontal and vertical must be within 0...1, got \(JSONWriter.text(of: horizontal)), "
            + JSONWriter.text(of: vertical))
      }
      return alignment
    }
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
    if let scaleFitAlignment {
      members["scaleFitAlignment"] = .object([
        "horizontal": .number(scaleFitAlignment.horizontal),
        "vertical": .number(scaleFitAlignment.vertical),
      ])
    }
    return .object(members)
  }
}
