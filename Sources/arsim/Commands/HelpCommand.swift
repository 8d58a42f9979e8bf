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

  static let spec = CommandSpec(
    name: "help", summary: "Show the help of the tool or of a command.",
    discussion: "Prints the help of COMMAND (the same as `arsim COMMAND --help`), or of the tool.",
    arguments: [command], options: []
  ) { parsed, _ throws(CommandLineError) in
    guard let name = parsed.value(command)?.name, let spec = Tool.command(named: name) else {
      return Tool.help
    }
    return HelpFormatter.help(for: spec)
  }
}
