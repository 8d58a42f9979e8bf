import ARSimulation
import SpatialMath

/// The settings of a Vision request without a model (hand or body pose, contours, object
/// tracking), as in the header's `visionRequests` map: `{"visionRequests": {"humanHandPose":
/// {"orientation"?, "regionOfInterest"?: [x, y, w, h]}, "contours": {...}, "trackObject": {...}}}`.
///
/// A request without an entry, or an entry without `orientation`, uses the orientation of the
/// header's `vision` settings; the region of interest defaults to the whole image.
public struct RecordingImageRequest: Sendable, Hashable {
  /// The orientation passed to the request handler, or `nil` for the header's `vision` one.
  public var orientation: ImageOrientation?
  /// The region of interest (lower-left origin, normalized over the oriented image).
  public var regionOfInterest: Rect
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates settings; call ``validate()`` to check them.
  public init(
    orientation: ImageOrientation? = nil, regionOfInterest: Rect = .unit,
    extras: [String: JSONValue] = [:]
  ) {
    self.orientation = orientation
    self.regionOfInterest = regionOfInterest
    self.extras = extras
  }

  /// Checks the region of interest is a non-empty rect inside the unit square.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the settings (`regionOfInterest[2]`).
  public func validate() throws {
    do {
      try RecordingValidation.requireUnitBox(regionOfInterest)
      guard regionOfInterest.size.width > 0, regionOfInterest.size.height > 0 else {
        throw InputFileError(.invalidValue, "the region of interest must not be empty")
      }
    } catch let error as InputFileError {
      throw error.prefixed(.key("regionOfInterest"))
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    orientation = try object.optional("orientation") {
      try $0.named(ImageOrientation.self, what: "orientation")
    }
    regionOfInterest = try object.optional("regionOfInterest") { try $0.rect() } ?? .unit
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; the region always written).
  public var jsonValue: JSONValue {
    var members = extras
    if let orientation { members["orientation"] = .string(orientation.name) }
    members["regionOfInterest"] = .rect(regionOfInterest)
    return .object(members)
  }

  /// Decodes the `visionRequests` map: keys are request names other than `coreMLModel` (whose
  /// settings are the header's `vision`).
  package static func map(json: JSONValue, strict: Bool) throws -> [VisionRequestType:
    RecordingImageRequest]
  {
    try JSONDocument.withElement(of: json) { try map(json: $0, strict: strict) }
  }

  /// Decodes the `visionRequests` map from a document's element.
  package static func map(json: JSONElement, strict: Bool) throws -> [VisionRequestType:
    RecordingImageRequest]
  {
    guard json.kind == .object else {
      throw InputFileError(.typeMismatch, "expected an object, got \(json.typeName)")
    }
    var members: [String: JSONElement] = [:]
    var member = json.index + 1
    while member < json.end {
      let value = JSONElement(json.storage, member + 1)
      members[JSONElement(json.storage, member).decodedString] = value
      member = value.end
    }
    var result: [VisionRequestType: RecordingImageRequest] = [:]
    for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      guard let type = VisionRequestType(name: key), type != .coreMLModel else {
        let valid = VisionRequestType.allCases.filter { $0 != .coreMLModel }.map(\.name)
        throw InputFileError(
          .invalidValue,
          "unknown request \"\(key)\"; valid: \(valid.joined(separator: ", ")) (the Core ML "
            + "request's settings are the header's \"vision\")", path: [.key(key)])
      }
      do {
        result[type] = try RecordingImageRequest(json: members[key]!, strict: strict)
      } catch let error as InputFileError {
        throw error.prefixed(.key(key))
      }
    }
    return result
  }
}
