/// The optional ground truth of a recording: `{"objects": [...], "events"?: [...],
/// "surfaces"?: [...]}`. Other truth members are kept in ``extras``.
public struct RecordingTruth: Sendable, Hashable {
  /// The ground-truth objects; ids are unique.
  public var objects: [RecordingTruthObject]
  /// The scene's tracking events (jumps, loss intervals), in time order as written; empty when
  /// the recording carries none (the member is then not written, so older files keep their
  /// bytes).
  public var events: [RecordingTruthEvent]
  /// The true surfaces as world-space meshes (``RecordingTruthSurface``), or empty when the
  /// recording carries none (the member is then not written).
  public var surfaces: [RecordingTruthSurface] = []
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates truth; call ``validate()`` to check it.
  public init(
    objects: [RecordingTruthObject] = [], events: [RecordingTruthEvent] = [],
    extras: [String: JSONValue] = [:]
  ) {
    self.objects = objects
    self.events = events
    self.extras = extras
  }

  /// Checks every object and event, and that object ids are unique.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the truth (`objects[2].id`,
  ///   `events[0].endTimestamp`).
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
    for (offset, event) in events.enumerated() {
      do {
        try event.validate()
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("events"))
      }
    }
    for (offset, surface) in surfaces.enumerated() {
      do {
        try surface.validate()
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("surfaces"))
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    objects =
      try object.optional("objects") {
        try $0.array { try RecordingTruthObject(json: $0, strict: strict) }
      }
      ?? []
    events =
      try object.optional("events") {
        try $0.array { try RecordingTruthEvent(json: $0, strict: strict) }
      }
      ?? []
    surfaces =
      try object.optional("surfaces") {
        try $0.array { try RecordingTruthSurface(json: $0, strict: strict) }
      }
      ?? []
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; `events` only when there are any).
  public var jsonValue: JSONValue {
    var members = extras
    members["objects"] = .array(objects.map(\.jsonValue))
    if !events.isEmpty { members["events"] = .array(events.map(\.jsonValue)) }
    if !surfaces.isEmpty { members["surfaces"] = .array(surfaces.map(\.jsonValue)) }
    return .object(members)
  }
}
