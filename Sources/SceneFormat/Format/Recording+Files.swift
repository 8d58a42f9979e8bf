import Foundation

extension Recording {
  /// Whether `path` names a JSON Lines recording (extension `.jsonl`, any case).
  public static func isJSONLines(path: String) -> Bool {
    path.lowercased().hasSuffix(".jsonl")
  }

  /// Parses, decodes and validates a recording in the JSON form from UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - file: the name used in error messages, or `nil`.
  ///   - strict: unknown members are errors instead of being kept.
  ///   - limits: the size, nesting, frame and per-frame maxima (`.limitExceeded` when over).
  /// - Throws: ``InputFileError`` naming `file`, the line and column (syntax) or the JSON path.
  /// - Complexity: O(n) in the input length.
  public init(
    jsonBytes: UnsafeBufferPointer<UInt8>, file: String? = nil, strict: Bool = false,
    limits: RecordingLimits = .default
  ) throws {
    do {
      try limits.checkJSONDocumentBytes(jsonBytes.count)
      self = try JSONDocument.parse(jsonBytes, maximumDepth: limits.parserDepth) {
        try Recording(json: $0, strict: strict, limits: limits)
      }
    } catch let error as InputFileError {
      throw error.located(file: file)
    }
  }

  /// Parses, decodes and validates a recording in the JSON form from UTF-8 bytes.
  public init(
    jsonBytes: [UInt8], file: String? = nil, strict: Bool = false,
    limits: RecordingLimits = .default
  ) throws {
    self = try jsonBytes.withUnsafeBufferPointer {
      try Recording(jsonBytes: $0, file: file, strict: strict, limits: limits)
    }
  }

  /// Reads a recording file: JSON Lines when the name ends in `.jsonl` (read line by line),
  /// JSON otherwise. Errors name `path` as given. The file size is checked against `limits`
  /// before anything is read.
  ///
  /// - Throws: ``InputFileError`` (`.io` with the system's reason when the file cannot be read,
  ///   `.limitExceeded` when it is over a limit).
  public init(
    contentsOfFile path: String, strict: Bool = false, limits: RecordingLimits = .default
  ) throws {
    if Self.isJSONLines(path: path) {
      var reader = try RecordingJSONLinesReader(path: path, strict: strict, limits: limits)
      var frames: [RecordingFrame] = []
      while let frame = try reader.next() { frames.append(frame) }
      self.init(header: reader.header, frames: frames)
      return
    }
    self = try Recording(
      jsonBytes: Self.jsonDocument(ofFile: path, limits: limits), file: path, strict: strict,
      limits: limits)
  }

  /// The bytes of a whole-file JSON recording at `path`: its size is checked against `limits`
  /// before anything is read, and reading stops past the limit (a pipe or a growing file).
  package static func jsonDocument(ofFile path: String, limits: RecordingLimits) throws -> [UInt8] {
    try checkFileSize(path: path, limits: limits, json: true)
    do {
      return try FileReading.contents(ofFile: path, maximumBytes: limits.jsonDocumentBytes)
    } catch let error where error.kind == .limitExceeded {
      // Read past the limit although the size said otherwise (a pipe, a growing file).
      do {
        try limits.checkJSONDocumentBytes(limits.jsonDocumentBytes + 1, sizeKnown: false)
      } catch let error as InputFileError {
        throw error.located(file: path)
      }
      throw error
    }
  }

  /// Throws `.limitExceeded` naming `path` when the file is larger than `limits` allow (a file
  /// whose size cannot be read is left to the reader, which reports `.io`); `json`: held to
  /// ``RecordingLimits/maximumJSONFileBytes`` too.
  package static func checkFileSize(path: String, limits: RecordingLimits, json: Bool = false)
    throws
  {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = (attributes[.size] as? NSNumber)?.intValue
    else { return }
    do {
      if json {
        try limits.checkJSONDocumentBytes(size)
      } else {
        try limits.checkFileBytes(size)
      }
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
  }

  /// The JSON form: one compact line, keys sorted, followed by a newline. Validates first.
  ///
  /// - Throws: ``InputFileError`` when the recording is invalid.
  public func jsonBytes() throws -> [UInt8] {
    try validate()
    var output = try JSONWriter.bytes(of: jsonValue)
    output.append(0x0A)
    return output
  }

  /// The JSON Lines form: the header line (no `frames`), then one line per frame, each ending in
  /// a newline. Validates first.
  ///
  /// - Throws: ``InputFileError`` when the recording is invalid.
  public func jsonLinesBytes() throws -> [UInt8] {
    try validate()
    var output: [UInt8] = []
    try JSONWriter.write(header.jsonValue, into: &output)
    output.append(0x0A)
    for (offset, frame) in frames.enumerated() {
      do {
        try JSONWriter.write(frame.jsonValue, into: &output)
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("frames"))
      }
      output.append(0x0A)
    }
    return output
  }

  /// Writes the recording to `path`, as JSON Lines when the name ends in `.jsonl`, else JSON:
  /// to a temporary file beside it, flushed and renamed over `path` (see
  /// ``RecordingJSONLinesWriter``), so `path` is either untouched or complete.
  ///
  /// - Throws: ``InputFileError`` naming `path` (invalid recording or I/O failure).
  public func write(toFile path: String) throws {
    let bytes: [UInt8]
    do {
      bytes = Self.isJSONLines(path: path) ? try jsonLinesBytes() : try jsonBytes()
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
    let output = try OutputFileWriter(path: path)
    try output.write(bytes)
    try output.commit()
  }
}
