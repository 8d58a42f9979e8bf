/// Shell completion scripts generated from the command declarations: each command, its options
/// (with `-h`/`--help`), the values of enumerated options and arguments, and file or directory
/// names where a file or directory is expected. The scripts are plain text with no dependence
/// on arsim at completion time.
enum CompletionScript {
  /// The first sentence of `help` (up to the first ". "), for one-line descriptions.
  static func firstSentence(_ help: String) -> String {
    let flat = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    if let end = flat.range(of: ". ") { return String(flat[..<end.lowerBound]) }
    return flat.hasSuffix(".") ? String(flat.dropLast()) : flat
  }

  /// Every option of `spec`, `--help` included, in help order.
  static func options(of spec: CommandSpec) -> [OptionDeclaration] { spec.allOptions }

  /// The top-level words: command names and the tool's own options.
  static func topLevelWords(_ commands: [CommandSpec]) -> [String] {
    commands.map(\.name) + ["--help", "--version"]
  }
}
