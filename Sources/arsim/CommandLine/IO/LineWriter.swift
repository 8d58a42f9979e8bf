import Foundation
import SceneFormat

/// Writes lines (JSON Lines outputs: replay markers) to an output file through `OutputFile`:
/// the file appears, complete, only when `commit()` succeeds; an error or a writer released
/// without `commit()` leaves the target untouched. Errors name the file and give the system's
/// reason.
struct LineWriter {
  let output: OutputFileWriter
  private var line: [UInt8] = []

  /// Opens `path` (`-`: standard output).
  init(path: String, _ context: CommandContext) throws(CommandLineError) {
    output = try OutputFile.open(path, context)
  }

  /// Writes `value` as one line of compact JSON.
  mutating func write(_ value: JSONValue) throws {
    line.removeAll(keepingCapacity: true)
    try JSONWriter.write(value, into: &line)
    line.append(0x0A)
    try output.write(line)
  }

  /// Writes the buffered lines and puts the file in place.
  func commit() throws(CommandLineError) {
    do {
      try output.commit()
    } catch {
      throw .runtime(describing: error)
    }
  }
}
