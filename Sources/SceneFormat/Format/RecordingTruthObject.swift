/// One ground-truth object of a recording: `{"id", "label", "position": [x, y, z],
/// "size": [w, h, d]}`.
public struct RecordingTruthObject: Sendable, Hashable {
  /// A unique identifier (e.g. `hazard-1`).
  public var id: String
  /// The class label, as a detector would report it.
  public var label: String
  /// The object's centre in world metres.
  public var position: SIMD3<Double>
  /// Width, height, depth in metres (>= 0).
  public var size: SIMD3<Double>
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates an object; call ``validate()`` to check it.
  public init(
    id: String, label: String, position: SIMD3<Double>, size: SIMD3<Double>,
    extras: [String: JSONValue] = [:]
  ) {
    self.id = id
    self.label = label
    self.position = position
    self.size = size
    self.extras = extras
  }

  /// Checks a finite position and a finite, non-negative size.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the object (`size[1]`).
  public func validate() throws {
    do {
      try RecordingValidation.requireFinite([position.x, position.y, position.z])
    } catch let error as InputFileError {
      throw error.prefixed(.key("position"))
    }
    for (offset, value) in [size.x, size.y, size.z].enumerated()
    where !(value.isFinite && value >= 0) {
      throw InputFileError(
        .invalidValue, "size must be finite and >= 0, got \(JSONWriter.text(of: value))",
        path: [.key("size"), .index(offset)])
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    id = try object.required("id") { try $0.string() }
    label = try object.required("label") { try $0.string() }
    position = try object.required("position") { try $0.vector3() }
    size = try object.required("size") { try $0.vector3() }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["id"] = .string(id)
    members["label"] = .string(label)
    members["position"] = .vector3(position)
    members["size"] = .vector3(size)
    return .object(members)
  }
}
