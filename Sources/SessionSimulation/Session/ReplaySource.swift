import Foundation
import SceneFormat
import SceneSynthesis

/// Where a ``SimulatedSession`` (and so `ReplayEngine`) reads frames from: a recording in memory,
/// a JSON file (one document, so it is parsed whole, but its frames are decoded and validated one
/// at a time as they are read), a JSON Lines reader (streamed frame by frame, in bounded memory) or
/// a scene synthesizer (frames made as they are read).
///
/// Frame errors (decoding, validation, timestamps not increasing, per-frame limits) are thrown
/// by ``next()`` with the path `frames[i]...`, after which the source moves on to frame `i + 1`
/// when ``canContinueAfterError`` is `true`. Errors of the whole file (not JSON, a bad header,
/// too many frames, too large) are thrown when the source is opened.
///
/// A value type: a copy reads on from where the original was, independently of it (a streamed
/// file is opened again and advanced when a copy that shares it reads first).
public struct ReplaySource: Sendable {
  enum Storage: Sendable {
    case recording(Recording, next: Int)
    case jsonFrames(JSONFrames)
    case jsonLines(JSONLinesReaderBox)
    case synthesizer(SceneSynthesizer)
  }

  /// A JSON Lines reader owned by one source value (copy on write): before a source that shares
  /// it reads, it opens the file again and reads as many lines as the original did, so copies
  /// never share a file position. `@unchecked Sendable` because the reader is only used when
  /// uniquely referenced.
  final class JSONLinesReaderBox: @unchecked Sendable {
    var reader: RecordingJSONLinesReader

    init(_ reader: RecordingJSONLinesReader) { self.reader = reader }

    /// A box with the same file opened again and advanced to the same frame (frames refused on
    /// the way are refused again, so the copy's state is the original's).
    func reopened() throws -> JSONLinesReaderBox {
      let copy = JSONLinesReaderBox(
        try RecordingJSONLinesReader(
          path: reader.path, strict: reader.strict, limits: reader.limits))
      while copy.reader.nextFrameIndex < reader.nextFrameIndex {
        do {
          guard try copy.next() != nil else { break }
        } catch {
          guard copy.reader.canContinueAfterError else { break }
        }
      }
      return copy
    }

    func next() throws -> RecordingFrame? { try reader.next() }
  }

  /// The undecoded frames of a JSON document and the decoding state.
  struct JSONFrames: Sendable {
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
        let frame = try JSONDocument.withElement(of: value) { element in
          try limits.checkFrame(element)
          return try RecordingFrame(json: element, strict: false)
        }
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

  /// A source that streams a JSON Lines reader (from the reader's current line on).
  public init(reader: RecordingJSONLinesReader) {
    storage = .jsonLines(JSONLinesReaderBox(reader))
    file = reader.path
    header = reader.header
    frameCount = nil
  }

  /// A source that synthesizes the frames of a scene spec with a seed as they are read
  /// (``SceneSynthesizer``); `file` names the spec in errors.
  ///
  /// - Throws: `InputFileError` for settings the synthesizer refuses (see
  ///   `SceneSynthesizer.init(spec:seed:)`).
  public init(spec: SceneSpec, seed: UInt64, file: String? = nil) throws {
    let synthesizer: SceneSynthesizer
    do {
      synthesizer = try SceneSynthesizer(spec: spec, seed: seed)
    } catch let error as InputFileError {
      throw error.located(file: file)
    }
    self.init(
      storage: .synthesizer(synthesizer), file: file, header: synthesizer.header,
      frameCount: synthesizer.frameCount)
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
    try self.init(
      jsonBytes: Recording.jsonDocument(ofFile: path, limits: limits), file: path, limits: limits)
  }

  /// A source over a recording in the JSON form given as UTF-8 bytes (parsed whole; frames are
  /// decoded one at a time by ``next()``); `file` names it in errors.
  ///
  /// - Throws: `InputFileError` as ``init(contentsOfFile:limits:)``.
  public init(jsonBytes: [UInt8], file: String?, limits: RecordingLimits = .default) throws {
    let header: RecordingHeader
    let frames: [JSONValue]
    do {
      try limits.checkJSONDocumentBytes(jsonBytes.count)
      let value = try jsonBytes.withUnsafeBufferPointer {
        try JSONParser.parse($0, maximumDepth: limits.parserDepth)
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
      throw error.located(file: file)
    }
    self.init(
      storage: .jsonFrames(JSONFrames(frames: frames, limits: limits)), file: file,
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
    if case .jsonLines(let box) = storage { return box.reader.canContinueAfterError }
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
    case .jsonLines(var box):
      storage = .recording(Recording(), next: 0)  // So that `box` may be uniquely referenced.
      if !isKnownUniquelyReferenced(&box) { box = try box.reopened() }
      defer { storage = .jsonLines(box) }
      return try box.next()
    case .synthesizer(var synthesizer):
      defer { storage = .synthesizer(synthesizer) }
      return synthesizer.nextFrame()
    }
  }
}
