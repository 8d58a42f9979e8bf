import SceneFormat

extension ReplaySource {
  /// A frame read from a source: decoded, or, from a JSON Lines file, its line still to be
  /// decoded (``lineDecoder``) and accepted (``acceptOrder(timestampSeconds:of:)``).
  package enum PendingFrame: Sendable {
    /// A decoded frame.
    case frame(RecordingFrame)
    /// A JSON Lines frame's line.
    case line(RecordingJSONLinesReader.FrameLine)
  }

  /// The next frame or frame line, or `nil` after the last: ``next()`` without decoding JSON
  /// Lines frames, so that they can be decoded on other threads.
  ///
  /// - Throws: as ``next()``, except the errors of decoding and of the order of timestamps of a
  ///   JSON Lines frame, which come from ``lineDecoder`` and
  ///   ``acceptOrder(timestampSeconds:of:)``.
  package mutating func nextPending() throws -> PendingFrame? {
    guard case .jsonLines(var box) = storage else { return try next().map { .frame($0) } }
    storage = .recording(Recording(), next: 0)  // So that `box` may be uniquely referenced.
    if !isKnownUniquelyReferenced(&box) { box = try box.reopened() }
    defer { storage = .jsonLines(box) }
    return try box.reader.nextLine().map { .line($0) }
  }

  /// The decoder of a JSON Lines source's lines (`nil` for other sources).
  package var lineDecoder: RecordingJSONLinesReader.LineDecoder? {
    guard case .jsonLines(let box) = storage else { return nil }
    return box.reader.lineDecoder
  }

  /// Accepts the frame decoded from `line` (its timestamp must be later than the last accepted
  /// frame's); call in frame order for the lines that decoded.
  ///
  /// - Throws: `InputFileError` naming the file, line and `frames[i].timestamp`.
  package mutating func acceptOrder(
    timestampSeconds: Double, of line: RecordingJSONLinesReader.FrameLine
  ) throws {
    guard case .jsonLines(var box) = storage else { return }
    storage = .recording(Recording(), next: 0)
    if !isKnownUniquelyReferenced(&box) { box = try box.reopened() }
    defer { storage = .jsonLines(box) }
    try box.reader.acceptOrder(timestampSeconds: timestampSeconds, of: line)
  }
}
