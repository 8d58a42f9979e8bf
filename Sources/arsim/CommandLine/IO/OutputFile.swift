import Foundation
import SceneFormat

/// Every file a command writes goes through here (whole files through `write`, streams of lines
/// through `LineWriter`, recordings through `RecordingJSONLinesWriter(output:)`), on the
/// library's `OutputFileWriter`: a regular file is written to a temporary beside it and renamed
/// over it once complete and flushed, so that a failure leaves it untouched; a symbolic link is
/// written through; a device or FIFO is written in place; `-` is standard output.
///
/// `OutputSafety` has already refused outputs that are inputs before the command ran.
enum OutputFile {
  /// How messages name standard output as an output file.
  static let standardOutputName = "<stdout>"

  /// Opens the output `path`; `-` writes to standard output (a broken pipe there ends the tool
  /// with status 141, as for its other output).
  ///
  /// - Throws: `CommandLineError.runtime` naming `path` with the system's reason.
  static func open(_ path: String, _ context: CommandContext, bufferSize: Int = 1 << 16)
    throws(CommandLineError) -> OutputFileWriter
  {
    guard path != "-" else {
      let streams = context.streams
      let state = context.outputState
      return OutputFileWriter(name: standardOutputName, bufferSize: bufferSize) {
        bytes throws(InputFileError) in
        do throws(StandardStreams.Failure) {
          try streams.writeOutput(bytes)
        } catch .brokenPipe {
          state.noteBrokenPipe()
          throw InputFileError(.io, "cannot write standard output: broken pipe")
        } catch {
          throw InputFileError(.io, error.message)
        }
      }
    }
    do {
      return try OutputFileWriter(path: path, bufferSize: bufferSize)
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// Writes `bytes` as the whole file `path` (see the type's summary).
  ///
  /// - Throws: `CommandLineError.runtime` naming `path` with the system's reason; the file is
  ///   then as it was.
  static func write(_ bytes: [UInt8], to path: String, _ context: CommandContext)
    throws(CommandLineError)
  {
    let output = try open(path, context)
    do {
      try output.write(bytes)
      try output.commit()
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// Writes `text` as UTF-8 to `path`.
  static func write(_ text: String, to path: String, _ context: CommandContext)
    throws(CommandLineError)
  {
    try write(Array(text.utf8), to: path, context)
  }
}
