import Foundation
import SceneFormat
import SceneReplay

/// `arsim validate`: checks recordings without replaying them.
enum ValidateCommand {
  static let files = Argument<[String]>(
    repeating: "FILE", atLeastOne: true, completion: .file,
    help: "The recordings (JSON, or JSON Lines when the name ends in .jsonl; - for standard "
      + "input).")
  static let strict = Flag("strict", help: "Unknown members are errors.")

  static let spec = CommandSpec(
    name: "validate", summary: "Check recordings (optionally strict) without replaying.",
    discussion: """
      Reads each recording (JSON, or JSON Lines streamed frame by frame), checks every value the \
      format constrains and converts every frame to the simulation's types (rigid transforms, \
      convex boundaries, positive focal lengths). Prints "FILE: valid (N frames)" per file, or \
      the first error with the file, frame index and JSON path. Unknown members are kept by \
      every command (and written back when a recording is re-written); --strict reports them \
      instead.
      """,
    arguments: [files], options: [strict],
    epilogue: "Exit status: 0 when every file is valid, 1 otherwise.", run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let paths = parsed.value(files)
    var lines: [String] = []
    var failures = 0
    for path in paths {
      do {
        let frames = try validate(path: path, strict: parsed.flag(strict), context)
        lines.append("\(InputFile.name(path)): valid (\(frames) frames)")
      } catch {
        failures += 1
        lines.append(CommandLineError.runtime(describing: error).description)
      }
    }
    guard failures == 0 else {
      throw .runtime(
        lines.joined(separator: "\n") + "\n\(failures) of \(paths.count) file(s) invalid")
    }
    return lines.joined(separator: "\n")
  }

  /// Validates one recording (`-`: standard input) and returns its frame count.
  static func validate(path: String, strict: Bool, _ context: CommandContext) throws -> Int {
    let name = path == "-" ? InputFile.standardInputName : path
    var header: RecordingHeader
    var count = 0
    func check(_ frame: RecordingFrame) throws {
      do {
        _ = try frame.simulatedCamera()
        _ = try frame.frameWorld()
      } catch let error as InputFileError {
        var located = error.prefixed(.index(count)).prefixed(.key("frames"))
        located.file = name
        throw located
      }
      count += 1
    }
    let limits = context.limits
    let input = try InputFile.recording(path, context, strict: strict, limits: limits)
    if case .jsonLines(var reader) = input {
      header = reader.header
      while let frame = try reader.next() { try check(frame) }
    } else if case .json(let bytes) = input {
      let recording = try Recording(jsonBytes: bytes, file: name, strict: strict, limits: limits)
      header = recording.header
      for frame in recording.frames { try check(frame) }
    } else if Recording.isJSONLines(path: path) {
      var reader = try RecordingJSONLinesReader(path: path, strict: strict, limits: limits)
      header = reader.header
      while let frame = try reader.next() { try check(frame) }
    } else {
      let recording = try Recording(contentsOfFile: path, strict: strict, limits: limits)
      header = recording.header
      for frame in recording.frames { try check(frame) }
    }
    do {
      _ = try header.vision?.requestSettings()
      _ = try header.viewport?.simulatedViewport()
    } catch let error as InputFileError {
      var located = error.prefixed(.key(header.vision == nil ? "viewport" : "vision"))
      located.file = name
      throw located
    }
    return count
  }
}
