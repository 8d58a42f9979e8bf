/// Makes text from data (labels, identifiers, JSON keys, file names, messages that quote
/// them) safe to print on a terminal: every character that could move the cursor, change
/// colours, forge a line or reorder the text is written as a Swift escape, `\u{1B}`.
///
/// Escaped: C0 controls U+0000–U+001F (tab, newline and carriage return included, so data
/// cannot forge a table row or a line), DEL U+007F, C1 controls U+0080–U+009F, the line and
/// paragraph separators U+2028/U+2029, and the bidirectional formatting characters U+061C,
/// U+200E, U+200F, U+202A–U+202E and U+2066–U+2069. Everything else, backslashes included, is
/// kept. JSON output never goes through this: it is exact and escapes what JSON requires.
enum TerminalText {
  /// Whether `scalar` is escaped.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E,
      0x2066...0x2069:
      true
    default: false
    }
  }

  /// `text` with every such character escaped, newlines included.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` escaped line by line: its newlines are kept (for messages the tool built of
  /// several lines), every other such character is escaped.
  static func escapedKeepingLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
      .joined(separator: "\n")
  }
}
