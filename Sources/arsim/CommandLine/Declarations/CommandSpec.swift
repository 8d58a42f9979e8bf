/// One `arsim` command, declared once: its name, summary, help text, arguments and options,
/// and how it runs. Parsing, `--help`, `arsim help NAME`, usage errors and completion scripts
/// are all generated from this value.
///
/// Adding a command: write an enum with `static let spec = CommandSpec(...)` whose `run` reads
/// its options through `ParsedArguments`, and list it in `Tool.workCommands`. A command with
/// subcommands (`arsim arcore transform`) is a group made with `init(group:...)`; its
/// subcommands' names are the full words (`"arcore transform"`).

struct CommandSpec: Sendable {
  /// Runs a parsed command and returns its standard output (printed with a final newline).
  typealias Run = @Sendable (ParsedArguments, CommandContext) throws(CommandLineError) -> String

  /// The command words after `arsim` (`replay`, `arcore transform`).
  let name: String
  /// One line for the command list.
  let summary: String
  /// Usage lines after `arsim ` when the generated one (`NAME ARGS --required X [options]`)
  /// cannot show the command's modes (a line starting with a space continues the previous
  /// one); every option they name must be declared (a test checks).
  let usage: [String]?
  /// Paragraphs after the usage line; a paragraph whose lines start with a space is kept as
  /// written, any other is wrapped.
  let discussion: String
  /// The positional arguments, in order.
  let arguments: [any ArgumentDeclaring]
  /// The options in the `OPTIONS` group (plus `--help`, added to every command).
  let options: [any OptionDeclaring]
  /// Further titled groups, e.g. options that apply only with a given `--filter`.
  let optionGroups: [OptionGroup]
  /// Paragraphs after the options (exit status, notes); wrapped like `discussion`.
  let epilogue: String?
  /// Inputs the declarations do not show (the files of a directory the command reads whole,
  /// the fixed file names it reads in a directory), for `OutputSafety`.
  let inputs: @Sendable (ParsedArguments) -> [PathArgument]
  /// What the command does (unused for a group).
  let run: Run
  /// The subcommands of a group, else empty.
  let subcommands: [CommandSpec]

  init(
    name: String, summary: String, usage: [String]? = nil, discussion: String,
    arguments: [any ArgumentDeclaring] = [], options: [any OptionDeclaring],
    optionGroups: [OptionGroup] = [], epilogue: String? = nil,
    inputs: @escaping @Sendable (ParsedArguments) -> [PathArgument] = { _ in [] },
    run: @escaping Run
  ) {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.optionGroups = optionGroups
    self.epilogue = epilogue
    self.inputs = inputs
    self.run = run
    subcommands = []
  }

  /// A group of subcommands (`arsim arcore transform`): `arsim NAME SUBCOMMAND ...` runs one.
  init(group name: String, summary: String, discussion: String, subcommands: [CommandSpec]) {
    self.name = name
    self.summary = summary
    usage = nil
    self.discussion = discussion
    arguments = []
    options = []
    optionGroups = []
    epilogue = "Run `arsim \(name) <subcommand> --help` for a subcommand's options."
    inputs = { _ in [] }
    run = { _, _ throws(CommandLineError) in "" }
    self.subcommands = subcommands
  }

  /// The last word of the name: what selects a subcommand in its group.
  var word: String { String(name.split(separator: " ").last ?? "") }

  /// This command and, for a group, its subcommands (depth first).
  var withSubcommands: [CommandSpec] { [self] + subcommands.flatMap(\.withSubcommands) }

  /// `-h, --help`, accepted by every command.
  static let help = Flag("help", help: "Show this help.")

  /// Every group as shown in help: `OPTIONS` (with `--help` last), then `optionGroups`.
  var allGroups: [OptionGroup] {
    [OptionGroup("OPTIONS", options: options + [Self.help])] + optionGroups
  }

  /// Every option's declaration, `--help` included.
  var allOptions: [OptionDeclaration] { allGroups.flatMap { $0.options.map(\.declaration) } }

  /// The usage lines after `arsim `: `usage`, or one generated from the declarations.
  var usageLines: [String] {
    if let usage { return usage }
    if !subcommands.isEmpty { return ["\(name) <subcommand> [options]"] }
    var words = [name] + arguments.map(\.declaration.synopsis)
    let declared =
      options.map(\.declaration)
      + optionGroups.flatMap {
        $0.options.map(\.declaration)
      }
    words += declared.filter(\.isRequired).map(\.synopsis)
    if declared.contains(where: { !$0.isRequired }) { words.append("[options]") }
    return [words.joined(separator: " ")]
  }
}
