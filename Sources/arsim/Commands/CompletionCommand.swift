/// `arsim completion bash|zsh|fish`: a completion script generated from the command
/// declarations (commands, options, enumerated values, files and directories).
enum CompletionCommand {
  /// The shells a script can be generated for.
  enum Shell: String, CaseIterable, ExpressibleByArgument {
    case bash, zsh, fish
  }

  static let shell = Argument<Shell>("SHELL", help: "The shell to generate the script for.")

  static let spec = CommandSpec(
    name: "completion", summary: "Print a shell completion script (bash, zsh or fish).",
    discussion: """
      Prints a script that completes arsim's commands, options, the values of options that take \
      names (orientations, crop options, raycast targets, filters, metrics) and file names.

        bash:  source <(arsim completion bash)
               or save it as ~/.local/share/bash-completion/completions/arsim
        zsh:   source <(arsim completion zsh)
               or save it as _arsim in a directory on $fpath (before compinit)
        fish:  arsim completion fish > ~/.config/fish/completions/arsim.fish
      """,
    arguments: [shell], options: []
  ) { parsed, _ throws(CommandLineError) in
    let commands = Tool.commands
    return switch parsed.value(shell) {
    case .bash: CompletionScript.bash(commands)
    case .zsh: CompletionScript.zsh(commands)
    case .fish: CompletionScript.fish(commands)
    }
  }
}
