import Foundation

/// The `arsim` tool: subcommand dispatch. Each command parses, validates and runs in separate
/// steps and returns its standard output; usage errors exit 64, runtime errors exit 1.
enum Tool {
  /// How a command runs: most return their standard output and throw `CommandLineError`;
  /// streaming commands write their own output and return the exit status.
  enum Run: Sendable {
    case returning(@Sendable ([String]) throws(CommandLineError) -> String)
    case streaming(@Sendable ([String]) -> Int32)
  }

  static let commands: [(name: String, summary: String, run: Run)] = [
    (
      "explain", "Trace one Vision box through every coordinate space.",
      .returning(ExplainCommand.run)
    ),
    ("project", "Project world points to image pixels.", .returning(ProjectCommand.run)),
    (
      "raycast", "Intersect many rays with plane anchors on the SIMD kernels.",
      .returning(RaycastCommand.run)
    ),
    (
      "filter", "Smooth a logged position stream (tune filters on your logs).",
      .streaming { FilterCommand.run(arguments: $0) }
    ),
    (
      "import", "Convert another tool's recording (arkit-data-logger) to a recording.",
      .returning(ImportCommand.run)
    ),
    (
      "replay", "Replay a recording: placement, tracking, metrics vs truth.",
      .returning(ReplayCommand.run)
    ),
    (
      "validate", "Check recordings (optionally strict) without replaying.",
      .returning(ValidateCommand.run)
    ),
    ("synth", "Synthesize a recording with truth from a scene spec.", .returning(SynthCommand.run)),
    (
      "render", "Draw a replayed frame, or the world from above, as SVG.",
      .returning(RenderCommand.run)
    ),
    (
      "sweep", "Replay recordings under a parameter grid (sharded), rank the settings.",
      .returning(SweepCommand.run)
    ),
    (
      "arcore", "ARCore's conventions: transform points between ARCore's 2D spaces.",
      .returning(ArcoreCommand.run)
    ),
  ]

  static var usage: String {
    let list = commands.map {
      "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.summary)"
    }
    return """
      USAGE: arsim <command> [options]

      ARPlacementSim: simulate and test AR marker placement headless.

      COMMANDS:
      \(list.joined(separator: "\n"))

      Run `arsim <command> --help` for a command's options.
      """
  }

  /// Runs the tool on `arguments` (without the program name) and returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
      writeError(usage + "\n")
      return 64
    }
    if name == "--help" || name == "-h" || name == "help" {
      print(usage)
      return 0
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      writeError("arsim: unknown command \"\(name)\"\n\n\(usage)\n")
      return 64
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command.run {
      case .returning(let run): print(try run(rest))
      case .streaming(let run): return run(rest)
      }
      return 0
    } catch {
      var message = "arsim \(name): \(error.description)\n"
      if case .usage = error { message += "Run `arsim \(name) --help` for usage.\n" }
      writeError(message)
      return error.exitStatus
    }
  }

  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
