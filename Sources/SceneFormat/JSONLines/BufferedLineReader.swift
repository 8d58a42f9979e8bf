import Foundation

/// Reads a file line by line through a fixed-size buffer (lines split at `\n`; a trailing `\r`
/// is dropped). Memory is one chunk plus the longest line, and a line longer than
/// `maximumLineBytes` is an error, so memory stays bounded whatever the file holds. Internal; a
/// class because it owns the file handle and its position.
package final class BufferedLineReader {
  package let handle: FileHandle
  package let chunkSize: Int
  /// The longest line accepted; may be lowered once the kind of input is known.
  package var maximumLineBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// The 1-based number of the line last returned.
  package private(set) var lineNumber = 0

  package init(handle: FileHandle, chunkSize: Int = 1 << 20, maximumLineBytes: Int = Int.max) {
    self.handle = handle
    self.chunkSize = chunkSize
    self.maximumLineBytes = maximumLineBytes
  }

  deinit { try? handle.close() }

  /// The next line's bytes without the terminator, or `nil` at the end of the file.
  ///
  /// - Throws: `InputFileError` (`.limitExceeded`, with the line number) for a line longer
  ///   than `maximumLineBytes`; the file's read errors as they are.
  package func nextLine() throws -> ArraySlice<UInt8>? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        try checkLength(end - start)
        let line = buffer[start..<end]
        start = newline + 1
        lineNumber += 1
        return line
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        try checkLength(buffer.count - start)
        let line = buffer[start...]
        start = buffer.count
        lineNumber += 1
        return line
      }
      // Drop consumed bytes before reading more, so the buffer never exceeds chunk + line.
      if start > 0 {
        buffer.removeSubrange(0..<start)
        start = 0
      }
      searchFrom = buffer.count
      try checkLength(buffer.count)  // a line without its end yet: stop before it grows further
      let chunk = try handle.read(upToCount: chunkSize) ?? Data()
      if chunk.isEmpty {
        atEnd = true
      } else {
        buffer.append(contentsOf: chunk)
      }
    }
  }

  /// Throws `.limitExceeded` (naming the next line) when `count` bytes of it are too many.
  private func checkLength(_ count: Int) throws {
    if count > maximumLineBytes {
      throw InputFileError(
        .limitExceeded, "line is longer than \(maximumLineBytes) bytes (maximumLineBytes)",
        line: lineNumber + 1)
    }
  }

  /// Everything not yet returned as a line (the rest of the buffer, then the file to its end);
  /// stops reading once more than `limit` bytes are held, so the caller can refuse the input
  /// without reading it all.
  ///
  /// - Throws: the file's read errors as they are.
  package func remainingBytes(stoppingAfter limit: Int) throws -> [UInt8] {
    var bytes = Array(buffer[start...])
    start = buffer.count
    while !atEnd, bytes.count <= limit {
      let chunk = try handle.read(upToCount: chunkSize) ?? Data()
      if chunk.isEmpty { atEnd = true } else { bytes.append(contentsOf: chunk) }
    }
    return bytes
  }
}
