/// Renders help from the declarations, in one layout for every command: `USAGE:` lines, the
/// discussion, `ARGUMENTS:`, `OPTIONS:` and further groups (a label column, then the help text
/// with the valid values and the default), then the epilogue. Text is wrapped at `width`
/// columns so the same bytes come out on every terminal (the snapshot tests read them).
enum HelpFormatter {
  /// The line width.
  static let width = 80
  /// The column where help text starts in the argument and option lists.
  static let textColumn = 28

  /// The full help of `spec`.
  static func help(for spec: CommandSpec) -> String {
    var sections = [usage(for: spec), paragraphs(spec.discussion)]
    let arguments = spec.arguments.map(\.declaration)
    if !arguments.isEmpty {
      sections.append(
        "ARGUMENTS:\n"
          + arguments.map {
            entry(label: $0.name, text: describe($0.help, values: $0.allValueStrings))
          }.joined(separator: "\n"))
    }
    if !spec.subcommands.isEmpty {
      sections.append(
        "SUBCOMMANDS:\n"
          + spec.subcommands.map {
            entry(label: $0.word, text: $0.summary, column: 14)
          }.joined(separator: "\n"))
    }
    for group in spec.allGroups {
      sections.append(
        "\(group.title):\n"
          + group.options.map { entry(for: $0.declaration) }.joined(separator: "\n"))
    }
    if let epilogue = spec.epilogue { sections.append(paragraphs(epilogue)) }
    return sections.joined(separator: "\n\n")
  }

  /// `USAGE: arsim ...` and further lines aligned under the first; a usage line that starts
  /// with a space continues the one before it, and a line too long for `width` is wrapped with
  /// its continuation under the first option.
  static func usage(for spec: CommandSpec) -> String {
    let indent = String(repeating: " ", count: "arsim \(spec.name) ".count)
    var lines: [String] = []
    for line in spec.usageLines {
      if line.hasPrefix(" ") {
        lines.append("      \(line)")
        continue
      }
      let text = "arsim \(line)"
      let head = "arsim \(spec.name) "
      guard text.count + 7 > width, text.hasPrefix(head) else {
        lines.append(text)
        continue
      }
      // Keep `--option VALUE` together: join them with a no-break space while wrapping.
      var units: [String] = []
      for word in text.dropFirst(head.count).split(separator: " ").map(String.init) {
        if let last = units.last, last.hasPrefix("--"), !last.contains("\u{A0}"),
          !word.hasPrefix("-"), !word.hasPrefix("[")
        {
          units[units.count - 1] = last + "\u{A0}" + word
        } else {
          units.append(word)
        }
      }
      let wrapped = wrap(units.joined(separator: " "), width: width - 7 - head.count).map {
        $0.replacingOccurrences(of: "\u{A0}", with: " ")
      }
      lines.append(head + wrapped[0])
      lines += wrapped.dropFirst().map { indent + $0 }
    }
    return usage(lines)
  }

  /// `USAGE: ` before the first line and an indent before the others.
  static func usage(_ lines: [String]) -> String {
    lines.enumerated().map { index, line in (index == 0 ? "USAGE: " : "       ") + line }
      .joined(separator: "\n")
  }

  /// One option's entry: its label, then its help with values, default and "Required.".
  static func entry(for option: OptionDeclaration) -> String {
    let label =
      option.name == CommandSpec.help.declaration.name ? "-h, --help" : option.synopsis
    var text = describe(option.help, values: option.allValueStrings)
    if let defaultDescription = option.defaultDescription {
      text += " Default: \(defaultDescription)."
    }
    if option.isRequired { text += " Required." }
    if option.isRepeating { text += " May be repeated." }
    return entry(label: label, text: text)
  }

  /// `help` followed by `Values: a, b, c.` when there are valid values.
  static func describe(_ help: String, values: [String]) -> String {
    values.isEmpty ? help : help + " Values: " + values.joined(separator: ", ") + "."
  }

  /// A label in the left column and wrapped text from `column`; a label too long for the
  /// column puts the text on the next line.
  static func entry(label: String, text: String, column: Int = textColumn) -> String {
    let indent = String(repeating: " ", count: column)
    var lines = wrap(text, width: width - column)
    let head = "  " + label
    if head.count + 2 <= column, !lines.isEmpty {
      lines[0] = head.padding(toLength: column, withPad: " ", startingAt: 0) + lines[0]
      return ([lines[0]] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }
    return ([head] + lines.map { indent + $0 }).joined(separator: "\n")
  }

  /// Paragraphs separated by blank lines: one whose lines start with a space is kept as
  /// written, any other is wrapped at `width`.
  static func paragraphs(_ text: String) -> String {
    text.components(separatedBy: "\n\n").map { paragraph in
      if paragraph.split(separator: "\n").contains(where: { $0.hasPrefix(" ") }) {
        return paragraph
      }
      return wrap(paragraph, width: width).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// `text`'s words in lines of at most `width` characters (a longer word gets its own line).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
