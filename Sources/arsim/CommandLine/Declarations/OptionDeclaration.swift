/// Everything the parser, the help text, the error messages and the completion scripts know
/// about one option, written once where the option is declared (see `Option` and `Flag`).
struct OptionDeclaration: Sendable {
  /// How many arguments an option reads.
  enum Arity: Sendable, Equatable {
    /// None: the option is a flag.
    case flag
    /// One value: `--name VALUE` or `--name=VALUE`.
    case value
    /// `count` numbers: one argument separated by commas (or spaces), or `count` arguments.
    case numbers(count: Int)
  }

  /// The long name without the leading `--`.
  let name: String
  /// The placeholder shown in help (`FILE`, `WxH`, `fx,fy,ox,oy`); `nil` for flags.
  let valueName: String?
  /// How many arguments the option reads.
  let arity: Arity
  /// One paragraph; help adds the valid values and the default.
  let help: String
  /// The default as shown in help, or `nil` when there is none (or it goes without saying).
  let defaultDescription: String?
  /// The valid spellings of an enumerated value (from the value's type), else empty.
  let allValueStrings: [String]
  /// What shells complete for the value.
  let completion: CompletionKind
  /// Whether parsing fails when the option is absent.
  let isRequired: Bool
  /// Whether the option may be given more than once (each value is kept, in order).
  let isRepeating: Bool
  /// Reads one value (for `.numbers`, the arguments joined with commas).
  let parse: @Sendable (String) throws(ArgumentValueError) -> any Sendable

  /// `--name`.
  var flagName: String { "--\(name)" }

  /// `--name VALUE` as in usage lines.
  var synopsis: String { valueName.map { "\(flagName) \($0)" } ?? flagName }
}

/// What a shell should offer when completing a value.
enum CompletionKind: Sendable, Equatable {
  /// Nothing in particular.
  case none
  /// The name of a file to read; `-` there means standard input.
  case file
  /// The name of a file to write (completed like `file`; `-` there is not standard input).
  case outputFile
  /// A directory name.
  case directory
  /// One of these words.
  case values([String])
}

/// A declared option of any value type, for lists of a command's options.
protocol OptionDeclaring: Sendable {
  /// The declaration the parser and help read.
  var declaration: OptionDeclaration { get }
}
