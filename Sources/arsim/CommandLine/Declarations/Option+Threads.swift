import Foundation

extension Option where Value == Int? {
  /// `--threads N` (1...256) for a command whose work runs in parallel; `help` says what runs
  /// at once and that the output does not depend on N. Read it with
  /// `ParsedArguments.threadCount(_:)`: absent, every processor.
  static func threads(help: String) -> Option<Int?> {
    Option(
      "threads", valueName: "N", help: help, valid: { (1...256).contains($0) },
      expected: "an integer in 1...256")
  }
}

extension ParsedArguments {
  /// The value of a `--threads` option, or the number of active processors when it is absent.
  func threadCount(_ option: Option<Int?>) -> Int {
    value(option) ?? ProcessInfo.processInfo.activeProcessorCount
  }
}
