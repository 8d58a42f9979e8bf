import Foundation
import SceneFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes lines (JSON Lines outputs: replay markers, sweep results) to a file through a buffer
/// of about 64 KiB; the streaming counterpart of `OutputFile`. Errors name the file and give the
/// system's reason.
struct LineWriter {
  let path: String
  let handle: FileHandle
  var buffer: [UInt8] = []

  /// Creates (or truncates) `path`.
  init(path: String) throws(CommandLineError) {
    let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) }
    guard fd >= 0 else {
      throw .runtime("\(path): cannot create the file: \(FileReading.reason(errno))")
    }
    self.path = path
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    buffer.reserveCapacity(1 << 16)
  }

  /// Writes `value` as one line of compact JSON.
  mutating func write(_ value: JSONValue) throws {
    try JSONWriter.write(value, into: &buffer)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes `line` as given, then a newline.
  mutating func writeLine(_ line: [UInt8]) throws(CommandLineError) {
    buffer += line
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes what is buffered.
  mutating func flush() throws(CommandLineError) {
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw .runtime("\(path): cannot write: \(FileReading.reason(of: error))")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes what is buffered and closes the file.
  mutating func close() throws(CommandLineError) {
    try flush()
    do {
      try handle.close()
    } catch {
      throw .runtime("\(path): cannot close the file: \(FileReading.reason(of: error))")
    }
  }
}
