import Foundation
import SceneFormat
import SceneReplay

/// `arsim validate`: checks recordings without replaying them.
enum ValidateCommand {
  static let usage = """
    USAGE: arsim validate FILE... [--strict]

    Reads each recording (JSON, or JSON Lines streamed frame by frame), checks every value the
    format constrains and converts every frame to the simulation's types (rigid transforms,
    convex boundaries, positive focal lengths). Prints "FILE: valid (N frames)" per file, or the
    first error with the file, frame index and JSON path. Unknown members are kept by every
    command (and written back when a recording is re-written); --strict reports them instead.

    OPTIONS:
      --strict                    Unknown members are errors.
      --help                      Show this help.

    Exit status: 0 when every file is valid, 1 otherwise.
    """

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    let parsed = try ParsedArguments(arguments, options: ["strict": .flag])
    if parsed.wantsHelp { return usage }
    guard !parsed.positional.isEmpty else { throw .usage("expected at least one FILE") }
    var lines: [String] = []
    var failures = 0
    for path in parsed.positional {
      do {
        let frames = try validate(path: path, strict: parsed.flag("strict"))
        lines.append("\(path): valid (\(frames) frames)")
      } catch {
        failures += 1
        lines.append("\(error)")
      }
    }
    guard failures == 0 else {
      throw .runtime(
        lines.joined(separator: "\n")
          + "\n\(failures) of \(parsed.positional.count) file(s) invalid")
    }
    return lines.joined(separator: "\n")
  }

  /// Validates one recording and returns its frame count.
  static func validate(path: String, strict: Bool) throws -> Int {
    var header: RecordingHeader
    var count = 0
    func check(_ frame: RecordingFrame) throws {
      do {
        _ = try frame.simulatedCamera()
        _ = try frame.frameWorld()
      } catch let error as InputFileError {
        var located = error.prefixed(.index(count)).prefixed(.key("frames"))
        located.file = path
        throw located
      }
      count += 1
    }
    if Recording.isJSONLines(path: path) {
      var reader = try RecordingJSONLinesReader(path: path, strict: strict)
      header = reader.header
      while let frame = try reader.next() { try check(frame) }
    } else {
      let recording = try Recording(contentsOfFile: path, strict: strict)
      header = recording.header
      for frame in recording.frames { try check(frame) }
    }
    do {
      _ = try header.vision?.requestSettings()
      _ = try header.viewport?.simulatedViewport()
    } catch let error as InputFileError {
      var located = error.prefixed(.key(header.vision == nil ? "viewport" : "vision"))
      located.file = path
      throw located
    }
    return count
  }
}
