/// Where `ReplayEngine` reads frames from: a recording in memory (the JSON form is one document,
/// so it is read whole) or a JSON Lines reader (streamed frame by frame, in bounded memory).
public struct ReplaySource {
  enum Storage {
    case recording(Recording, next: Int)
    case jsonLines(RecordingJSONLinesReader)
  }

  var storage: Storage
  /// The file name used in errors, or `nil` for in-memory data.
  public let file: String?
  /// The recording's header.
  public let header: RecordingHeader
  /// The number of frames when known in advance (in-memory recordings), else `nil`.
  public let frameCount: Int?

  /// A source over an in-memory recording; `file` names it in errors.
  public init(recording: Recording, file: String? = nil) {
    storage = .recording(recording, next: 0)
    self.file = file
    header = recording.header
    frameCount = recording.frames.count
  }

  /// A source that streams a JSON Lines reader.
  public init(reader: RecordingJSONLinesReader) {
    storage = .jsonLines(reader)
    file = reader.path
    header = reader.header
    frameCount = nil
  }

  /// Opens a recording file: streamed when the name ends in `.jsonl`, read whole otherwise.
  ///
  /// - Throws: `RecordingError` naming the file (and frame and JSON path for a bad frame of a JSON
  ///   file, which is validated whole).
  public init(contentsOfFile path: String) throws {
    if Recording.isJSONLines(path: path) {
      self.init(reader: try RecordingJSONLinesReader(path: path))
    } else {
      self.init(recording: try Recording(contentsOfFile: path), file: path)
    }
  }

  /// The next frame, or `nil` after the last.
  ///
  /// - Throws: `RecordingError` naming the file, frame and JSON path (JSON Lines).
  public mutating func next() throws -> RecordingFrame? {
    switch storage {
    case .recording(let recording, let index):
      guard index < recording.frames.count else { return nil }
      storage = .recording(recording, next: index + 1)
      return recording.frames[index]
    case .jsonLines(var reader):
      let frame = try reader.next()
      storage = .jsonLines(reader)
      return frame
    }
  }
}
