import SceneFormat

/// A command-line failure: `usage` errors (bad options or values) exit 64 with the usage text,
/// `runtime` errors (unreadable or invalid input files) exit 1, `conditionsFailed` (a CI gate
/// such as `arsim score --require`) prints the command's output and exits 2.
enum CommandLineError: Error, CustomStringConvertible {
  /// A bad option or value; the message names the option.
  case usage(String)
  /// A failure while running: the message names the file and place.
  case runtime(String)
  /// The command ran and wrote `output`, but conditions the user required do not hold;
  /// `message` names each (for standard error).
  case conditionsFailed(output: String, message: String)

  /// A runtime error from a library error: its description on one line, with any newline or
  /// control character that came from data escaped (see `TerminalText`).
  static func runtime(describing error: any Error) -> CommandLineError {
    if let error = error as? CommandLineError { return error }
    if let error = error as? InputFileError, let hint = InputLimits.hint(for: error) {
      return .runtime(TerminalText.escaped("\(error)") + hint)
    }
    return .runtime(TerminalText.escaped("\(error)"))
  }

  var description: String {
    switch self {
    case .usage(let message), .runtime(let message), .conditionsFailed(_, let message): message
    }
  }

  /// The process exit status: 64 (EX_USAGE), 1, or 2 for failed conditions.
  var exitStatus: Int32 {
    switch self {
    case .usage: 64
    case .runtime: 1
    case .conditionsFailed: 2
    }
  }
}
