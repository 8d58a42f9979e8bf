/// A recorded session in format v1 (<doc:RecordingFormat>): a header and its frames, as plain values that
/// mirror the JSON. Conversion to the simulator's domain types lives elsewhere.
///
/// JSON form: the header's members plus `"frames": [...]` in one object. JSON Lines form: the
/// header object on the first line, then one frame object per line (see
/// ``RecordingJSONLinesReader``). Writing is deterministic: compact JSON, keys sorted by UTF-8
/// bytes, numbers round-trippable (see ``JSONWriter``); unknown members read into `extras` are
/// written back.
public struct Recording: Sendable, Hashable {
  /// Settings, viewport, truth and unknown top-level members.
  public var header: RecordingHeader
  /// The frames, in time order.
  public var frames: [RecordingFrame]

  /// Creates a recording; call ``validate()`` to check it.
  public init(header: RecordingHeader = RecordingHeader(), frames: [RecordingFrame] = []) {
    self.header = header
    self.frames = frames
  }

  /// Checks the header, every frame, and that timestamps strictly increase.
  ///
  /// - Throws: ``InputFileError`` whose path starts at the root (`frames[12].timestamp`).
  /// - Complexity: O(size of the recording).
  public func validate() throws {
    try header.validate()
    var previous: Double?
    for (offset, frame) in frames.enumerated() {
      do {
        try frame.validate()
        try Self.checkOrder(frame.timestamp, after: previous)
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("frames"))
      }
      previous = frame.timestamp
    }
  }

  /// The error for a timestamp that does not follow `previous`; path relative to the frame.
  package static func checkOrder(_ timestamp: Double, after previous: Double?) throws {
    if let previous, !(timestamp > previous) {
      throw InputFileError(
        .invalidValue,
        "timestamps must be strictly increasing, got \(JSONWriter.text(of: timestamp)) after \(JSONWriter.text(of: previous))",
        path: [.key("timestamp")])
    }
  }

  /// Decodes and validates a recording from a parsed top-level JSON object.
  ///
  /// - Parameters:
  ///   - strict: when `true`, a member the format does not define is an error (`.unknownField`)
  ///     instead of being kept in `extras`.
  ///   - limits: the frame count and per-frame array sizes allowed (checked before decoding).
  /// - Throws: ``InputFileError`` with the JSON path (the file is filled in by the file readers).
  public init(json: JSONValue, strict: Bool = false, limits: RecordingLimits = .default) throws {
    self = try JSONDocument.withElement(of: json) {
      try Recording(json: $0, strict: strict, limits: limits)
    }
  }

  /// Decodes and validates a recording from the root of a parsed document, as
  /// ``init(json:strict:limits:)``.
  package init(json: JSONElement, strict: Bool, limits: RecordingLimits) throws {
    guard json.kind == .object else {
      throw InputFileError(
        .typeMismatch, "expected an object at the top level, got \(json.typeName)")
    }
    var object = try JSONObjectReader(json, strict: strict)
    object.skip("frames")
    header = try RecordingHeader(object: &object, strict: strict)
    guard let framesValue = json.member("frames") else {
      throw InputFileError(.missingField, "missing required member \"frames\"")
    }
    if let count = framesValue.arrayCount { try limits.checkFrameCount(count) }
    var previous: Double?
    do {
      frames = try framesValue.array { value in
        try limits.checkFrame(value)
        let frame = try RecordingFrame(json: value, strict: strict)
        try Self.checkOrder(frame.timestamp, after: previous)
        previous = frame.timestamp
        return frame
      }
    } catch let error as InputFileError {
      throw error.prefixed(.key("frames"))
    }
  }

  /// The JSON object: the header's members plus `frames`.
  public var jsonValue: JSONValue {
    guard case .object(var members) = header.jsonValue else { return header.jsonValue }
    members["frames"] = .array(frames.map(\.jsonValue))
    return .object(members)
  }
}
