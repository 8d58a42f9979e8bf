import Foundation

/// Reads a JSON Lines recording frame by frame in bounded memory (one read chunk plus one line,
/// at most ``RecordingLimits/maximumLineBytes``): the header on construction, then one frame
/// per ``next()`` call. Blank lines are skipped. The file size, frame count, per-frame array
/// sizes and nesting depth are checked against ``limits``.
///
/// Each frame is validated as it is read, including that its timestamp is greater than the
/// previous one. Errors name the file, the 1-based line and the path `frames[i]...` with the
/// frame's 0-based index. Copies share the underlying file position.
///
/// After a frame error the reader can go on: the failed line counts as frame `i`, the next call
/// reads the next line as frame `i + 1`, and timestamps are compared with the last frame that
/// was read successfully. That is not possible after a line longer than the limit, more frames
/// than the limit or a read failure; ``canContinueAfterError`` says which.
///
/// ```swift
/// var reader = try RecordingJSONLinesReader(path: "walk.jsonl")
/// while let frame = try reader.next() { ... }
/// ```
public struct RecordingJSONLinesReader {
  /// The header from the first line.
  public let header: RecordingHeader
  /// The file name used in errors, as given.
  public let path: String
  /// Whether unknown members are errors.
  public let strict: Bool
  /// The maxima enforced while reading.
  public let limits: RecordingLimits
  private let lines: BufferedLineReader
  private var frameIndex = 0
  private var previousTimestamp: Double?
  /// The 0-based index of the frame the next call of ``next()`` reads (frames read or refused so
  /// far).
  public var nextFrameIndex: Int { frameIndex }
  /// Whether ``next()`` may be called again after it threw: `true` after an error confined to
  /// one frame's line (syntax, decoding, validation, per-frame limits), `false` after a line
  /// over ``RecordingLimits/maximumLineBytes``, more than ``RecordingLimits/maximumFrames``
  /// frames, or a read failure, after which every later call would fail the same way.
  public private(set) var canContinueAfterError = true

  /// Opens `path` and reads its header line.
  ///
  /// - Throws: ``InputFileError``: `.io` when the file cannot be opened (with the system's
  ///   reason), `.missingField` for an empty file, the header's decoding errors (unknown version
  ///   first), or a header that contains `frames`; `.limitExceeded` when the file is larger than
  ///   `limits` allow.
  public init(path: String, strict: Bool = false, limits: RecordingLimits = .default) throws {
    try Recording.checkFileSize(path: path, limits: limits)
    let handle = try FileReading.openForReading(path)
    let lines = BufferedLineReader(handle: handle, maximumLineBytes: limits.maximumLineBytes)
    guard let line = try Self.nextNonBlankLine(lines, path: path) else {
      throw InputFileError(.missingField, "empty file: expected a header line", file: path, line: 1)
    }
    try self.init(lines: lines, headerLine: line, name: path, strict: strict, limits: limits)
  }

  /// A reader over `lines` whose first non-blank line, `headerLine`, was already read; `name`
  /// stands for the file in errors.
  ///
  /// - Throws: ``InputFileError`` for a bad header, as ``init(path:strict:limits:)``.
  package init(
    lines: BufferedLineReader, headerLine line: [UInt8], name: String, strict: Bool,
    limits: RecordingLimits
  ) throws {
    self.path = name
    self.strict = strict
    self.limits = limits
    self.lines = lines
    do {
      header = try line.withUnsafeBufferPointer {
        try JSONDocument.parse($0, maximumDepth: limits.parserDepth) { value in
          if value.member("frames") != nil {
            throw InputFileError(
              .invalidValue,
              "a JSON Lines header must not contain frames (one frame per line follows it)",
              path: [.key("frames")])
          }
          return try RecordingHeader(json: value, strict: strict)
        }
      }
    } catch let error as InputFileError {
      throw Self.locate(error, path: name, line: lines.lineNumber)
    }
  }

  /// The next frame, or `nil` after the last line.
  ///
  /// - Throws: ``InputFileError`` naming the file, line and `frames[i]` path.
  public mutating func next() throws -> RecordingFrame? {
    guard let line = try nextLine() else { return nil }
    let frame = try lineDecoder.decode(line)
    try acceptOrder(timestampSeconds: frame.timestamp, of: line)
    return frame
  }

  /// One frame's line, read (``nextLine()``) but not yet decoded (``LineDecoder``).
  package struct FrameLine: Sendable {
    /// The line's bytes.
    package let bytes: [UInt8]
    /// The frame's 0-based index.
    package let frameIndex: Int
    /// The 1-based line number in the file.
    package let lineNumber: Int
  }

  /// Decodes frame lines as ``next()`` does (syntax, limits, decoding and validation, errors
  /// with file, line and `frames[i]` path), on any thread; the order of timestamps is checked
  /// afterwards, in frame order, by ``acceptOrder(timestampSeconds:of:)``.
  package struct LineDecoder: Sendable {
    let path: String
    let strict: Bool
    let limits: RecordingLimits

    /// The frame on `line`.
    ///
    /// - Throws: ``InputFileError`` as ``RecordingJSONLinesReader/next()`` for a bad line.
    package func decode(_ line: FrameLine) throws -> RecordingFrame {
      do {
        do {
          return try line.bytes.withUnsafeBufferPointer {
            try JSONDocument.parse($0, maximumDepth: limits.parserDepth) { value in
              try limits.checkFrame(value)
              return try RecordingFrame(json: value, strict: strict)
            }
          }
        } catch let error as InputFileError {
          throw error.prefixed(.index(line.frameIndex)).prefixed(.key("frames"))
        }
      } catch let error as InputFileError {
        throw RecordingJSONLinesReader.locate(error, path: path, line: line.lineNumber)
      }
    }
  }

  /// The decoder of this reader's lines.
  package var lineDecoder: LineDecoder { LineDecoder(path: path, strict: strict, limits: limits) }

  /// The next frame's line, undecoded, or `nil` after the last line: ``next()`` in three steps
  /// (this, ``LineDecoder/decode(_:)``, ``acceptOrder(timestampSeconds:of:)``), so that lines
  /// can be decoded on other threads. The line counts as a frame from here on.
  ///
  /// - Throws: ``InputFileError`` as ``next()`` for a line over the length limit, more frames
  ///   than the limit or a read failure (after which ``canContinueAfterError`` is `false`).
  package mutating func nextLine() throws -> FrameLine? {
    let line: [UInt8]
    do {
      guard let next = try Self.nextNonBlankLine(lines, path: path) else { return nil }
      line = next
    } catch let error as InputFileError where error.kind == .limitExceeded {
      canContinueAfterError = false
      throw error.prefixed(.index(frameIndex)).prefixed(.key("frames"))
    } catch {
      canContinueAfterError = false
      throw error
    }
    defer { frameIndex += 1 }  // The line is consumed: the next one is the next frame.
    if frameIndex >= limits.maximumFrames {
      canContinueAfterError = false
      throw Self.locate(
        InputFileError(
          .limitExceeded, "more than \(limits.maximumFrames) frames (maximumFrames)"
        ).prefixed(.index(frameIndex)).prefixed(.key("frames")),
        path: path, line: lines.lineNumber)
    }
    return FrameLine(bytes: line, frameIndex: frameIndex, lineNumber: lines.lineNumber)
  }

  /// Checks that the timestamp of the frame decoded from `line` is later than that of the last
  /// frame accepted, and accepts it. Call in frame order, for the lines that decoded.
  ///
  /// - Throws: ``InputFileError`` as ``next()`` (file, line, `frames[i].timestamp`).
  package mutating func acceptOrder(timestampSeconds: Double, of line: FrameLine) throws {
    do {
      do {
        try Recording.checkOrder(timestampSeconds, after: previousTimestamp)
      } catch let error as InputFileError {
        throw error.prefixed(.index(line.frameIndex)).prefixed(.key("frames"))
      }
    } catch let error as InputFileError {
      throw Self.locate(error, path: path, line: line.lineNumber)
    }
    previousTimestamp = timestampSeconds
  }

  package static func nextNonBlankLine(_ lines: BufferedLineReader, path: String) throws -> [UInt8]?
  {
    do {
      while let line = try lines.nextLine() {
        if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { return Array(line) }
      }
      return nil
    } catch let error as InputFileError {
      throw error.located(file: path)
    } catch {
      throw InputFileError(
        .io, "cannot read the file: \(FileReading.reason(of: error))", file: path)
    }
  }

  /// Puts the file and line on `error` (a syntax error's line within the one-line document is
  /// replaced by the file line; its column is kept).
  fileprivate static func locate(_ error: InputFileError, path: String, line: Int) -> InputFileError
  {
    var copy = error
    copy.file = path
    copy.line = line
    if error.kind != .syntax { copy.column = nil }
    return copy
  }
}
