import Foundation

/// Writes a JSON Lines recording frame by frame in constant memory: the header line on
/// construction, then one line per ``write(_:)``, in the canonical form of ``JSONWriter`` (the
/// same bytes as ``Recording/jsonLinesBytes()`` for the same header and frames).
///
/// Each frame is validated before it is written, including that its timestamp is greater than the
/// previous one; errors name the file and `frames[i]`. Output is buffered (about 1 MB) and
/// flushed by ``close()``, which must be called once at the end. Copies share the file.
///
/// ```swift
/// var writer = try RecordingJSONLinesWriter(path: "walk.jsonl", header: header)
/// while let frame = synthesizer.nextFrame() { try writer.write(frame) }
/// try writer.close()
/// ```
public struct RecordingJSONLinesWriter {
  /// The file name used in errors, as given.
  public let path: String
  /// The number of frames written so far.
  public private(set) var frameCount = 0
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var previousTimestamp: Double?

  /// Creates (or truncates) `path` and writes the header line.
  ///
  /// - Throws: ``InputFileError`` naming `path`: `.io` when it cannot be created, or the header's
  ///   validation error.
  public init(path: String, header: RecordingHeader) throws {
    self.path = path
    do { try header.validate() } catch let error as InputFileError {
      throw error.located(file: path)
    }
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else {
      throw InputFileError(.io, "cannot create the file", file: path)
    }
    self.handle = handle
    do { try JSONWriter.write(header.jsonValue, into: &buffer) } catch let error as InputFileError {
      throw error.located(file: path)
    }
    buffer.append(0x0A)
  }

  /// Validates and appends one frame line.
  ///
  /// - Throws: ``InputFileError`` naming the file and `frames[i]`; `.io` on a write failure.
  public mutating func write(_ frame: RecordingFrame) throws {
    do {
      do {
        try frame.validate()
        try Recording.checkOrder(frame.timestamp, after: previousTimestamp)
        try JSONWriter.write(frame.jsonValue, into: &buffer)
      } catch let error as InputFileError {
        throw error.prefixed(.index(frameCount)).prefixed(.key("frames")).located(file: path)
      }
    }
    buffer.append(0x0A)
    previousTimestamp = frame.timestamp
    frameCount += 1
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes what is buffered and closes the file.
  ///
  /// - Throws: ``InputFileError`` (`.io`) naming the file.
  public mutating func close() throws {
    try flush()
    do { try handle.close() } catch {
      throw InputFileError(.io, "cannot close the file: \(error.localizedDescription)", file: path)
    }
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    do { try handle.write(contentsOf: buffer) } catch {
      throw InputFileError(.io, "cannot write the file: \(error.localizedDescription)", file: path)
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
