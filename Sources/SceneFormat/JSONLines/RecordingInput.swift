import Foundation

/// A recording read from a stream that has no file name to tell its form (standard input): JSON
/// Lines when the first non-blank line is, on its own, a JSON object without `frames` (a JSON
/// Lines header); otherwise one JSON document. A JSON recording's first line is either part of
/// a larger document (not JSON on its own) or the whole document (with `frames`), so the rule
/// never takes one form for the other.
package enum RecordingInput {
  /// A JSON document's bytes (a JSON Lines recording never lands here).
  case json([UInt8])
  /// A JSON Lines reader whose header has been read.
  case jsonLines(RecordingJSONLinesReader)

  /// Reads enough of `handle` to tell the form: for JSON Lines the header line, for JSON the
  /// whole document (at most `limits.maximumFileBytes` and `limits.maximumJSONFileBytes`). `name` stands for the stream in errors.
  ///
  /// - Throws: `InputFileError` naming `name`: `.limitExceeded` over a limit, a bad JSON Lines
  ///   header, or a read failure.
  package static func read(
    handle: FileHandle, name: String, strict: Bool = false, limits: RecordingLimits = .default
  ) throws -> RecordingInput {
    let lines = BufferedLineReader(handle: handle, maximumLineBytes: limits.maximumFileBytes)
    var consumed: [UInt8] = []
    do {
      while let line = try lines.nextLine() {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else {
          consumed += line
          consumed.append(0x0A)
          continue
        }
        let first = Array(line)
        let value = try? first.withUnsafeBufferPointer {
          try JSONParser.parse($0, maximumDepth: limits.parserDepth)
        }
        if case .object(let members) = value, members["frames"] == nil {
          if first.count > limits.maximumLineBytes {
            throw InputFileError(
              .limitExceeded,
              "line is longer than \(limits.maximumLineBytes) bytes (maximumLineBytes)",
              line: lines.lineNumber)
          }
          lines.maximumLineBytes = limits.maximumLineBytes
          return .jsonLines(
            try RecordingJSONLinesReader(
              lines: lines, headerLine: first, name: name, strict: strict, limits: limits))
        }
        consumed += first
        consumed.append(0x0A)
        break
      }
      consumed += try lines.remainingBytes(stoppingAfter: limits.jsonDocumentBytes)
      try limits.checkJSONDocumentBytes(consumed.count, sizeKnown: false)
      return .json(consumed)
    } catch let error as InputFileError {
      throw error.located(file: name)
    } catch {
      throw InputFileError(.io, "cannot read: \(FileReading.reason(of: error))", file: name)
    }
  }
}
