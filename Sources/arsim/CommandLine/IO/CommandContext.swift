import Foundation
import SceneFormat

/// What a running command may use besides its parsed arguments: the standard streams, whether
/// `--quiet` asked it to keep standard error for errors only, and the input limits.
struct CommandContext: Sendable {
  /// The standard streams.
  let streams: StandardStreams
  /// `--quiet`: no progress lines and no informational lines on standard error.
  let quiet: Bool
  /// The input limits (`InputLimits`: the defaults, or as the environment sets them).
  var limits: RecordingLimits = .default
  /// What happened to standard output while the command wrote an output file to it.
  let outputState = OutputState()

  /// Whether standard output, written as an output file (`--out -`), went away (`EPIPE`): the
  /// tool then exits 141 without a message, as for its other output.
  final class OutputState: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var broken = false

    func noteBrokenPipe() {
      lock.lock()
      defer { lock.unlock() }
      broken = true
    }

    var brokenPipe: Bool {
      lock.lock()
      defer { lock.unlock() }
      return broken
    }
  }

  /// `--quiet`, for commands that write progress or informational lines to standard error.
  static let quietFlag = Flag(
    "quiet", help: "Write only errors to standard error: no progress line and no notes.")

  /// Writes an informational line to standard error unless `--quiet` (data in it is escaped).
  func note(_ line: String) {
    guard !quiet else { return }
    streams.writeError(TerminalText.escapedKeepingLines(line) + "\n")
  }

  /// A progress line for long work: shown on standard error only when it is a terminal and
  /// not `--quiet`.
  func progress(_ label: String, unit: String = "") -> ProgressLine {
    ProgressLine(
      label: label, unit: unit, enabled: streams.errorIsTerminal && !quiet,
      write: streams.writeError)
  }
}
