/// A plane anchor's extent (`ARPlaneExtent`) in plane-local space, as in the JSON:
/// `{"width", "height", "rotationOnYAxis"}`.
public struct RecordingPlaneExtent: Sendable, Hashable {
  /// Size along the plane-local x axis (before the rotation), metres, > 0.
  public var width: Double
  /// Size along the plane-local z axis (before the rotation), metres, > 0.
  public var height: Double
  /// Rotation of the extent rectangle about the plane-local +y axis, radians, counter-clockwise
  /// seen from +y (right-handed).
  public var rotationOnYAxisRadians: Double
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates an extent; call ``validate()`` to check it.
  public init(
    width: Double, height: Double, rotationOnYAxisRadians: Double = 0,
    extras: [String: JSONValue] = [:]
  ) {
    self.width = width
    self.height = height
    self.rotationOnYAxisRadians = rotationOnYAxisRadians
    self.extras = extras
  }

  /// Checks width, height > 0 and a finite rotation.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the extent (`width`).
  public func validate() throws {
    let sizesValid = width.isFinite && width > 0 && height.isFinite && height > 0
    for (key, value) in sizesValid ? [] : [("width", width), ("height", height)]
    where !(value.isFinite && value > 0) {
      throw InputFileError(
        .invalidValue, "plane extent must be > 0, got \(JSONWriter.text(of: value))",
        path: [.key(key)])
    }
    let sizesInFloatRange = Float(width).isFinite && Float(height).isFinite
    for (key, value) in sizesInFloatRange ? [] : [("width", width), ("height", height)]
    where !Float(value).isFinite {
      throw InputFileError(
        .invalidValue, RecordingValidation.floatRangeMessage(value), path: [.key(key)])
    }
    try RecordingValidation.requireFinite(rotationOnYAxisRadians, "rotationOnYAxis")
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    width = try object.required("width") { try $0.number() }
    height = try object.required("height") { try $0.number() }
    rotationOnYAxisRadians = try object.optional("rotationOnYAxis") { try $0.number() } ?? 0
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["width"] = .number(width)
    members["height"] = .number(height)
    members["rotationOnYAxis"] = .number(rotationOnYAxisRadians)
    return .object(members)
  }
}
