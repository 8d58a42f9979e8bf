/// The optional ground truth of a recording: `{"objects": [...]}`. Other truth members (surfaces,
/// which DESIGN §4 mentions but §7 does not spell out) are kept in ``extras``.
public struct RecordingTruth: Sendable, Hashable {
  /// The ground-truth objects; ids are unique.
  public var objects: [RecordingTruthObject]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates truth; call ``validate()`` to check it.
  public init(objects: [RecordingTruthObject] = [], extras: [String: JSONValue] = [:]) {
    self.objects = objects
    self.extras = extras
  }

  /// Checks every object and that ids are unique.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the truth (`objects[2].id`).
  public func validate() throws {
    var seen: Set<String> = []
    for (offset, object) in objects.enumerated() {
      do {
        try object.validate()
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("objects"))
      }
      if !seen.insert(object.id).inserted {
        throw InputFileError(
          .invalidValue, "duplicate truth object id \"\(object.id)\"",
          path: [.key("objects"), .index(offset), .key("id")])
      }
    }
  }

  package init(json: JSONValue, strict: Bool) throws {
    var object = try JSONObjectDecoder(json, strict: strict)
    objects =
      try object.optional("objects") {
        try $0.array { try RecordingTruthObject(json: $0, strict: strict) }
      }
      ?? []
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["objects"] = .array(objects.map(\.jsonValue))
    return .object(members)
  }
}
