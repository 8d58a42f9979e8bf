import Foundation

/// Writes a JSON Lines recording frame by frame in constant memory: the header line on
/// construction, then one line per ``write(_:)``, in the canonical form of ``JSONWriter`` (the
/// same bytes as ``Recording/jsonLinesBytes()`` for the same header and frames).
///
/// Each frame is validated before it is written, including that its timestamp is greater than the
/// previous one; errors name the file and `frames[i]`. The lines go to a temporary file beside
/// `path` (buffered, about 1 MB), and ``close()``, which must be called once at the end, flushes
/// it to disk and renames it over `path`: until then `path` is untouched, and a writer released
/// without ``close()`` (after an error, say) removes its temporary. A symbolic link is written
/// through; a device or FIFO is written in place. Copies share the file.
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
  private let output: OutputFileWriter
  private var line: [UInt8] = []
  private var previousTimestamp: Double?

  /// Validates the header, opens a temporary beside `path` and writes the header line.
  ///
  /// - Throws: ``InputFileError`` naming `path`: `.io` when it cannot be written (a directory, a
  ///   file the user may not write, a missing directory), or the header's validation error.
  public init(path: String, header: RecordingHeader) throws {
    do { try header.validate() } catch let error as InputFileError {
      throw error.located(file: path)
    }
    try self.init(output: OutputFileWriter(path: path, bufferSize: 1 << 20), header: header)
  }

  /// A writer onto an open output (standard output, say); errors name `output.path`.
  ///
  /// - Throws: ``InputFileError``: the header's validation error, or `.io`.
  package init(output: OutputFileWriter, header: RecordingHeader) throws {
    path = output.path
    do { try header.validate() } catch let error as InputFileError {
      throw error.located(file: path)
    }
    self.output = output
    do { try JSONWriter.write(header.jsonValue, into: &line) } catch let error as InputFileError {
      throw error.located(file: path)
    }
    line.append(0x0A)
    try output.write(line)
  }

  /// Validates and appends one frame line.
  ///
  /// - Throws: ``InputFileError`` naming the file and `frames[i]`; `.io` on a write failure.
  public mutating func write(_ frame: RecordingFrame) throws {
    line.removeAll(keepingCapacity: true)
    do {
      try frame.validate()
      try Recording.checkOrder(frame.timestamp, after: previousTimestamp)
      try JSONWriter.write(frame.jsonValue, into: &line)
    } catch let error as InputFileError {
      throw error.prefixed(.index(frameCount)).prefixed(.key("frames")).located(file: path)
    }
    line.append(0x0A)
    try output.write(line)
    previousTimestamp = frame.timestamp
    frameCount += 1
  }

  /// Writes what is buffered, flushes the file to disk and puts it in place at ``path``.
  ///
  /// - Throws: ``InputFileError`` (`.io`) naming the file; ``path`` is then untouched.
  public mutating func close() throws {
    try output.commit()
  }
}
