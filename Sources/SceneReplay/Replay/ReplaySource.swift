import Foundation
import SceneFormat

/// Where `ReplayEngine` reads frames from: a recording in memory, a JSON file (one document, so
/// it is parsed whole, but its frames are decoded and validated one at a time as they are
/// replayed) or a JSON Lines reader (streamed frame by frame, in bounded memory).
///
/// Frame errors (decoding, validation, timestamps not increasing, per-frame limits) are thrown
/// by ``next()`` with the path `frames[i]...`, after which the source moves on to frame `i + 1`
/// when ``canContinueAfterError`` is `true`. Errors of the whole file (not JSON, a bad header,
/// too many frames, too large) are thrown when the source is opened.
public struct ReplaySource {
  enum Storage {
    case recording(Recording, next: Int)
    case jsonFrames(JSONFrames)
    case jsonLines(RecordingJSONLinesReader)
  }

  /// The undecoded frames of a JSON document and the decoding state.
  struct JSONFrames {
    var frames: [JSONValue]
    var next = 0
    var previousTimestamp: Double?
    let limits: RecordingLimits

    mutating func decodeNext() throws -> RecordingFrame? {
      guard next < frames.count else { return nil }
      let index = next
      next += 1
      let value = frames[index]
      frames[index] = .null  // Decoded frames are not kept twice.
      do {
        try limits.checkFrame(value)
        let frame = try RecordingFrame(json: value, strict: false)
        try Recording.checkOrder(frame.timestamp, after: previousTimestamp)
        previousTimestamp = frame.timestamp
        return frame
      } catch let error as InputFileError {
        throw error.prefixed(.index(index)).prefixed(.key("frames"))
      }
    }
  }

  var storage: Storage
  /// The file name used in errors, or `nil` for in-memory data.
  public let file: String?
  /// The recording's header.
  public let header: RecordingHeader
  /// The number of frames when known in advance (in-memory recordings and JSON files), else
  /// `nil`.
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

  /// Opens a recording file: streamed when the name ends in `.jsonl`, else parsed whole (JSON)
  /// with the frames decoded one at a time by ``next()``. Unknown members are kept, not refused.
  ///
  /// - Parameter limits: the file, line, frame-count, per-frame and nesting maxima
  ///   (`.limitExceeded` when over).
  /// - Throws: `InputFileError` naming the file (and the line and column of a syntax error, or
  ///   the JSON path of a bad header member).
  public init(contentsOfFile path: String, limits: RecordingLimits = .default) throws {
    if Recording.isJSONLines(path: path) {
      self.init(reader: try RecordingJSONLinesReader(path: path, limits: limits))
      return
    }
    try Recording.checkFileSize(path: path, limits: limits)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputFileError(.io, "cannot read the file", file: path)
    }
    let header: RecordingHeader
    let frames: [JSONValue]
    do {
      let value = try data.withUnsafeBytes { raw in
        try JSONParser.parse(raw.bindMemory(to: UInt8.self), maximumDepth: limits.parserDepth)
      }
      guard case .object(var members) = value else {
        throw InputFileError(
          .typeMismatch, "expected an object at the top level, got \(value.typeName)")
      }
      let framesValue = members.removeValue(forKey: "frames")
      header = try RecordingHeader(json: .object(members), strict: false)
      guard let framesValue else {
        throw InputFileError(.missingField, "missing required member \"frames\"")
      }
      guard case .array(let elements) = framesValue else {
        throw InputFileError(
          .typeMismatch, "expected an array, got \(framesValue.typeName)", path: [.key("frames")])
      }
      try limits.checkFrameCount(elements.count)
      frames = elements
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
    self.init(
      storage: .jsonFrames(JSONFrames(frames: frames, limits: limits)), file: path,
      header: header, frameCount: frames.count)
  }

  private init(storage: Storage, file: String?, header: RecordingHeader, frameCount: Int?) {
    self.storage = storage
    self.file = file
    self.header = header
    self.frameCount = frameCount
  }

  /// Whether ``next()`` may be called again after it threw (see
  /// ``RecordingJSONLinesReader/canContinueAfterError``); always `true` for recordings in memory
  /// and JSON files.
  public var canContinueAfterError: Bool {
    if case .jsonLines(let reader) = storage { return reader.canContinueAfterError }
    return true
  }

  /// The next frame, or `nil` after the last.
  ///
  /// - Throws: `InputFileError` naming the file, frame and JSON path (JSON and JSON Lines
  ///   files); the frame is then consumed.
  public mutating func next() throws -> RecordingFrame? {
    switch storage {
    case .recording(let recording, let index):
      guard index < recording.frames.count else { return nil }
      storage = .recording(recording, next: index + 1)
      return recording.frames[index]
    case .jsonFrames(var frames):
      storage = .recording(Recording(), next: 0)  // Keeps `frames` uniquely referenced.
      defer { storage = .jsonFrames(frames) }
      do {
        return try frames.decodeNext()
      } catch let error as InputFileError {
        throw error.located(file: file)
      }
    case .jsonLines(var reader):
      defer { storage = .jsonLines(reader) }
      return try reader.next()
    }
  }
}
