import Foundation

/// Reads a file line by line through a fixed-size buffer (lines split at `\n`; a trailing `\r`
/// is dropped). Memory is one chunk plus the longest line. Internal; a class because it owns the
/// file handle and its position.
final class BufferedLineReader {
  let handle: FileHandle
  let chunkSize: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// The 1-based number of the line last returned.
  private(set) var lineNumber = 0

  init(handle: FileHandle, chunkSize: Int = 1 << 20) {
    self.handle = handle
    self.chunkSize = chunkSize
  }

  deinit { try? handle.close() }

  /// The next line's bytes without the terminator, or `nil` at the end of the file.
  func nextLine() throws -> ArraySlice<UInt8>? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        lineNumber += 1
        return line
      }
      if atEnd {
        guard start < buffer.count else { return nil }
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
      let chunk = try handle.read(upToCount: chunkSize) ?? Data()
      if chunk.isEmpty {
        atEnd = true
      } else {
        buffer.append(contentsOf: chunk)
      }
    }
  }
}
