/// Why a command-line value could not be read, without the option's name: the parser adds
/// `option --name:` (or the argument's name) in front, so the same value types serve every
/// option.
struct ArgumentValueError: Error, Sendable, Equatable {
  /// What was expected and what was given, e.g. `expected WIDTHxHEIGHT (e.g. 1920x1440), got "x"`.
  var message: String

  init(_ message: String) { self.message = message }

  /// The error for `text` that is not one of `validValues`: names the closest valid spelling
  /// when one is near (`did you mean "right"?`) and lists them all.
  static func unknownValue(_ text: String, validValues: [String]) -> ArgumentValueError {
    var message = "unknown value \"\(text)\""
    if let suggestion = Suggestion.closest(to: text, among: validValues) {
      message += " (did you mean \"\(suggestion)\"?)"
    }
    message += "; expected one of: " + validValues.joined(separator: ", ")
    return ArgumentValueError(message)
  }
}
