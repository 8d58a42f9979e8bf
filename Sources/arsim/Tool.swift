/// The `arsim` tool: finds the command, parses its arguments against its declaration, runs it
/// and writes its output. Usage errors exit 64, runtime errors 1, a closed pipe on standard
/// output 141; standard output is written and checked before exit 0.
enum Tool {
  /// The commands that do the work, in the order of the command list in help. Adding a command
  /// is adding it here.
  static let workCommands: [CommandSpec] = [
    ExplainCommand.spec, ProjectCommand.spec, RaycastCommand.spec, FilterCommand.spec,
    ImportCommand.spec, ReplayCommand.spec, ScoreCommand.spec, MistakesCommand.spec,
    ValidateCommand.spec, SynthCommand.spec, RenderCommand.spec, DepthCommand.spec,
    SweepCommand.spec,
    ArcoreCommand.spec,
  ]

  /// The commands about the tool itself (kept apart: their arguments list the others).
  static let toolCommands: [CommandSpec] = [CompletionCommand.spec, HelpCommand.spec]

  /// Every top-level command.
  static var commands: [CommandSpec] { workCommands + toolCommands }

  /// Every command and subcommand (`arcore`, `arcore transform`).
  static var allCommands: [CommandSpec] { commands.flatMap(\.withSubcommands) }

  /// The command named `name`.
  static func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }

  /// The tool's own help.
  static var help: String {
    let list = commands.map { HelpFormatter.entry(label: $0.name, text: $0.summary, column: 14) }
    return [
      HelpFormatter.usage([
        "arsim <command> [options]", "arsim help <command>", "arsim completion bash|zsh|fish",
        "arsim --version",
      ]),
      "ARPlacementSim: simulate and test AR marker placement headless.",
      "COMMANDS:\n" + list.joined(separator: "\n"),
      "OPTIONS:\n"
        + HelpFormatter.entry(label: "-h, --help", text: "Show this help.", column: 14) + "\n"
        + HelpFormatter.entry(label: "--version", text: "Print the version.", column: 14),
      "Run `arsim help <command>` or `arsim <command> --help` for a command's options.",
    ].joined(separator: "\n\n")
  }

  /// Runs the tool on `arguments` (without the program name) and returns the exit status;
  /// `environment` sets the input limits (`InputLimits`).
  static func run(
    _ arguments: [String], streams: StandardStreams, environment: [String: String] = [:]
  ) -> Int32 {
    guard let name = arguments.first else {
      streams.writeError(help + "\n")
      return 64
    }
    switch name {
    case "-h", "--help": return write(help, to: streams, as: "arsim")
    case "--version": return write("arsim \(Version.current)", to: streams, as: "arsim")
    default: break
    }
    guard let spec = command(named: name) else {
      let what = name.hasPrefix("-") ? "option" : "command"
      var message = "arsim: unknown \(what) \"\(TerminalText.escaped(name))\""
      let candidates =
        name.hasPrefix("-") ? ["--help", "--version"] : commands.map(\.name)
      if let suggestion = Suggestion.closest(to: name, among: candidates) {
        message += " (did you mean \(suggestion)?)"
      }
      streams.writeError(message + "\nRun `arsim --help` for the commands.\n")
      return 64
    }
    return run(spec, Array(arguments.dropFirst()), streams: streams, environment: environment)
  }

  /// Parses and runs one command (for a group, the subcommand its first argument names).
  static func run(
    _ spec: CommandSpec, _ arguments: [String], streams: StandardStreams,
    environment: [String: String] = [:]
  ) -> Int32 {
    if !spec.subcommands.isEmpty {
      return runGroup(spec, arguments, streams: streams, environment: environment)
    }
    if ParsedArguments.asksForHelp(arguments) {
      return write(HelpFormatter.help(for: spec), to: streams, as: "arsim \(spec.name)")
    }
    var context = CommandContext(streams: streams, quiet: false)
    do {
      let parsed = try ParsedArguments(arguments, spec: spec)
      try OutputSafety.check(parsed.paths + spec.inputs(parsed), streams: streams)
      let quiet =
        spec.options.contains { $0.declaration.name == CommandContext.quietFlag.declaration.name }
        && parsed.flag(CommandContext.quietFlag)
      context = CommandContext(streams: streams, quiet: quiet)
      context.limits = try InputLimits.limits(environment: environment)
      let output = try spec.run(parsed, context)
      if parsed.paths.contains(where: { $0.role == .output && $0.path == "-" }) {
        // Standard output carries the output file: the report goes to standard error.
        if !output.isEmpty { streams.writeError(TerminalText.escapedKeepingLines(output) + "\n") }
        return 0
      }
      return write(output, to: streams, as: "arsim \(spec.name)")
    } catch {
      if context.outputState.brokenPipe { return 141 }
      if case .conditionsFailed(let output, _) = error {
        // The result is printed; the failed conditions follow on standard error.
        let status = write(output, to: streams, as: "arsim \(spec.name)")
        if status != 0 { return status }
      }
      var message = "arsim \(spec.name): \(TerminalText.escapedKeepingLines(error.description))\n"
      if case .usage = error {
        message += HelpFormatter.usage(for: spec) + "\n"
        message += "Run `arsim \(spec.name) --help` for the options.\n"
      }
      streams.writeError(message)
      return error.exitStatus
    }
  }

  /// Runs the subcommand of `group` that the first argument names; without one, or with
  /// `-h`/`--help`, the group's help.
  static func runGroup(
    _ group: CommandSpec, _ arguments: [String], streams: StandardStreams,
    environment: [String: String] = [:]
  ) -> Int32 {
    let help = HelpFormatter.help(for: group)
    guard let word = arguments.first else {
      streams.writeError(help + "\n")
      return 64
    }
    if word == "-h" || word == "--help" {
      return write(help, to: streams, as: "arsim \(group.name)")
    }
    guard let subcommand = group.subcommands.first(where: { $0.word == word }) else {
      var message = "arsim \(group.name): unknown subcommand \"\(TerminalText.escaped(word))\""
      if let suggestion = Suggestion.closest(to: word, among: group.subcommands.map(\.word)) {
        message += " (did you mean \(suggestion)?)"
      }
      streams.writeError(
        message + "\n" + HelpFormatter.usage(for: group) + "\n"
          + "Run `arsim \(group.name) --help` for the subcommands.\n")
      return 64
    }
    return run(
      subcommand, Array(arguments.dropFirst()), streams: streams, environment: environment)
  }

  /// Writes `text` and a newline to standard output: 0 when every byte was written, 141 for a
  /// closed pipe (as a tool killed by `SIGPIPE`), else 1 with the reason on standard error after
  /// `name` (`arsim replay`).
  static func write(_ text: String, to streams: StandardStreams, as name: String) -> Int32 {
    do {
      try streams.writeOutput(Array((text + "\n").utf8))
      return 0
    } catch .brokenPipe {
      return 141
    } catch {
      streams.writeError("\(name): \(error.message)\n")
      return 1
    }
  }
}
