import Testing

@testable import arsim

@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("plain label", "plain label"),
    ("caf\u{E9} \u{1F600} \\path", "caf\u{E9} \u{1F600} \\path"),  // letters, emoji, backslash kept
    ("\u{1B}[31mred", "\\u{1B}[31mred"),  // ESC
    ("a\nb\rc\td", "a\\u{A}b\\u{D}c\\u{9}d"),  // C0 line and tab controls
    ("\u{0}\u{7F}", "\\u{0}\\u{7F}"),  // NUL and DEL
    ("\u{85}\u{9B}", "\\u{85}\\u{9B}"),  // C1: NEL and CSI
    ("\u{202E}evil\u{202C}", "\\u{202E}evil\\u{202C}"),  // right-to-left override, pop
    ("\u{2066}\u{2069}\u{200E}\u{200F}\u{61C}", "\\u{2066}\\u{2069}\\u{200E}\\u{200F}\\u{61C}"),
    ("\u{2028}\u{2029}", "\\u{2028}\\u{2029}"),  // line and paragraph separators
  ])
  func escaped(text: String, expected: String) {
    #expect(TerminalText.escaped(text) == expected)
  }

  @Test func linesKeptWhenTheToolBuiltThem() {
    #expect(TerminalText.escapedKeepingLines("a\u{1B}\nb\t") == "a\\u{1B}\nb\\u{9}")
  }
}
