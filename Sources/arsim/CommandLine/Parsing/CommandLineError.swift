/// A command-line failure: `usage` errors (bad options or values) exit 64 with the usage text,
/// `runtime` errors (unreadable or invalid input files) exit 1.
enum CommandLineError: Error, CustomStringConvertible {
  /// A bad option or value; the message names the option.
  case usage(String)
  /// A failure while running: the message names the file and place.
  case runtime(String)

  /// A runtime error from a library error: its description on one line, with any newline or
  /// control character that came from data escaped (see `TerminalText`).
  static func runtime(describing error: any Error) -> CommandLineError {
    if let error = error as? CommandLineError { return error }
    return .runtime(TerminalText.escaped("\(error)"))
  }

  var description: String {
    switch self {
    case .usage(let message), .runtime(let message): message
    }
  }

  /// The process exit status: 64 (EX_USAGE) or 1.
  var exitStatus: Int32 {
    switch self {
    case .usage: 64
    case .runtime: 1
    }
  }
}
