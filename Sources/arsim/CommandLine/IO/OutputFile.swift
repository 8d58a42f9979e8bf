import Foundation
import SceneFormat

/// Every file a command writes goes through here (whole files through `write`, streams of lines
/// through `LineWriter`), so that how outputs are written is decided in one place.
enum OutputFile {
  /// Writes `bytes` to `path`, replacing what is there.
  ///
  /// - Throws: `CommandLineError.runtime` naming `path` with the system's reason.
  static func write(_ bytes: [UInt8], to path: String) throws(CommandLineError) {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      throw .runtime("\(path): cannot write the file: \(FileReading.reason(of: error))")
    }
  }

  /// Writes `text` as UTF-8 to `path`.
  static func write(_ text: String, to path: String) throws(CommandLineError) {
    try write(Array(text.utf8), to: path)
  }
}
