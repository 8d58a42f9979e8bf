/// `arsim help [COMMAND]`: the tool's help, or a command's (the same text as
/// `arsim COMMAND --help`).
enum HelpCommand {
  /// A command's name as an argument: its valid spellings are the commands'.
  struct CommandName: ExpressibleByArgument {
    let name: String

    static var allValueStrings: [String] {
      Tool.workCommands.map(\.name) + ["completion", "help"]
    }

    init(argument: String) throws(ArgumentValueError) {
      guard Self.allValueStrings.contains(argument) else {
        throw .unknownValue(argument, validValues: Self.allValueStrings)
      }
      name = argument
    }
  }

  static let command = Argument<CommandName?>(
    optional: "COMMAND", help: "The command whose help to show; without it, the tool's help.")
  static let subcommand = Argument<String?>(
    optional: "SUBCOMMAND", help: "A subcommand of COMMAND (`arsim help arcore transform`).")

  static let spec = CommandSpec(
    name: "help", summary: "Show the help of the tool or of a command.",
    discussion: "Prints the help of COMMAND (the same as `arsim COMMAND --help`), or of the tool.",
    arguments: [command, subcommand], options: []
  ) { parsed, _ throws(CommandLineError) in
    guard let name = parsed.value(command)?.name, let spec = Tool.command(named: name) else {
      return Tool.help
    }
    guard let word = parsed.value(subcommand) else { return HelpFormatter.help(for: spec) }
    guard !spec.subcommands.isEmpty else {
      throw .usage("argument SUBCOMMAND: \(name) has no subcommands")
    }
    guard let inner = spec.subcommands.first(where: { $0.word == word }) else {
      throw .usage(
        "argument SUBCOMMAND: \(ArgumentValueError.unknownValue(word, validValues: spec.subcommands.map(\.word)).message)"
      )
    }
    return HelpFormatter.help(for: inner)
  }
}
