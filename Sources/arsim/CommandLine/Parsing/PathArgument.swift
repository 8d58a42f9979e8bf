/// A file or directory named on the command line: what `OutputSafety` compares before a command
/// writes anything.
struct PathArgument: Sendable, Hashable {
  /// What the command does with the path.
  enum Role: Sendable, Hashable {
    /// A file it reads (`-`: standard input).
    case input
    /// A file it writes (`-`: standard output).
    case output
    /// A directory it reads whole: every file directly in it is an input (`sweep
    /// --recordings`).
    case inputDirectory

    /// The role of an option or argument declared with `completion`, or `nil` for one that
    /// names no file. A `.directory` is not read whole unless the command says so (`import`
    /// reads two named files of its directory), so it has no role here.
    init?(_ completion: CompletionKind) {
      switch completion {
      case .file: self = .input
      case .outputFile: self = .output
      default: return nil
      }
    }
  }

  /// What the command does with it.
  let role: Role
  /// How messages name it: the option (`--out`) or the argument (`FILE`).
  let label: String
  /// The path as given.
  let path: String
}
