import Foundation
import SceneFormat

/// Reads the files a command is given, where `-` means standard input. Errors name the file
/// (`<stdin>` for standard input) and give the system's reason (`No such file or directory`,
/// `Is a directory`, `Permission denied`).
enum InputFile {
  /// How standard input is named in messages.
  static let standardInputName = "<stdin>"

  /// `path` as messages show it (escaped for the terminal), or `<stdin>` for `-`.
  static func name(_ path: String) -> String {
    path == "-" ? standardInputName : TerminalText.escaped(path)
  }

  /// The whole contents of `path` (standard input for `-`), at most `maximumBytes` (by default
  /// the context's `maximumDocumentBytes`); reading stops past it.
  ///
  /// - Parameter limitName: how the limit is named in the error (a `RecordingLimits` property,
  ///   whose error then says which environment variable raises it, or an option).
  static func read(
    _ path: String, _ context: CommandContext, maximumBytes: Int? = nil,
    limitName: String = "maximumDocumentBytes"
  ) throws(CommandLineError) -> [UInt8] {
    let maximumBytes = maximumBytes ?? context.limits.maximumDocumentBytes
    if path == "-" {
      let bytes: [UInt8]
      do {
        bytes = try context.streams.readInput(maximumBytes)
      } catch {
        throw .runtime(error.message)
      }
      guard bytes.count <= maximumBytes else {
        throw .runtime(
          describing: FileReading.tooLong(
            standardInputName, maximumBytes: maximumBytes, limitName: limitName))
      }
      return bytes
    }
    do {
      return try FileReading.contents(
        ofFile: path, maximumBytes: maximumBytes, limitName: limitName)
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// Loads `path` with `fromFile`, or for `-` reads standard input and hands its bytes and the
  /// name `<stdin>` to `fromBytes`; library errors become runtime errors naming the place.
  static func load<T>(
    _ path: String, _ context: CommandContext, fromFile: (String) throws -> T,
    fromBytes: ([UInt8], String) throws -> T
  ) throws(CommandLineError) -> T {
    do {
      if path == "-" { return try fromBytes(read(path, context), standardInputName) }
      return try fromFile(path)
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// A recording: from a file by its name (`.jsonl` is JSON Lines), or from standard input for
  /// `-`, where the first line tells the form (see `RecordingInput`).
  static func recording(
    _ path: String, _ context: CommandContext, strict: Bool = false,
    limits: RecordingLimits = .default
  ) throws(CommandLineError) -> RecordingInput? {
    guard path == "-" else { return nil }
    do {
      let handle: FileHandle
      do {
        handle = try context.streams.openInput()
      } catch {
        throw CommandLineError.runtime(error.message)
      }
      return try RecordingInput.read(
        handle: handle, name: standardInputName, strict: strict, limits: limits)
    } catch {
      throw .runtime(describing: error)
    }
  }
}

extension StandardStreams.Failure {
  /// The message for a runtime error (a broken pipe on input is a read failure like any other).
  var message: String {
    switch self {
    case .brokenPipe: "broken pipe"
    case .failed(let message): message
    }
  }
}
