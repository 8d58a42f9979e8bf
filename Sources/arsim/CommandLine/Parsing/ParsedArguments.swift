/// A command's arguments parsed against its `CommandSpec`: every option and positional argument
/// has been read into its declared type and checked, so that `run` only reads typed values.
///
/// Rules (the same for every command):
/// - `--name VALUE`, `--name=VALUE`; numbers lists as `--box 0.1,0.2,0.3,0.4` or
///   `--box 0.1 0.2 0.3 0.4`. `-h`/`--help` anywhere before `--` asks for help.
/// - `--` ends the options: every later word is a positional argument.
/// - A value that begins with `--`, or is `-h`, is refused for an option that takes a value
///   (`--out --json` is a usage error; write `--out=--json` to mean that name). Other words
///   beginning with `-` are values, so negative numbers work (`--box -0.1,0,1,1`).
/// - An option that takes one value may be given once; a repeating option any number of times.
/// - Empty values and empty arguments are refused, naming the option or argument.
/// - `-` (standard input) may stand for at most one input.
struct ParsedArguments: Sendable {
  private var values: [String: any Sendable] = [:]
  private var rawValues: [String: String] = [:]
  private var arguments: [String: any Sendable] = [:]
  private let declaredOptions: Set<String>
  private let declaredArguments: Set<String>
  /// The files and directories named on the command line (options and arguments declared as
  /// files, output files or directories), in order, for the checks of `OutputSafety`.
  private(set) var paths: [PathArgument] = []

  /// Whether `arguments` ask for help (`-h` or `--help` before any `--`).
  static func asksForHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "-h" || argument == "--help" { return true }
    }
    return false
  }

  /// Parses `words` (the arguments after the command name) against `spec`.
  ///
  /// - Throws: `CommandLineError.usage` naming the option or argument.
  init(_ words: [String], spec: CommandSpec) throws(CommandLineError) {
    let options = spec.allOptions
    declaredOptions = Set(options.map(\.name))
    declaredArguments = Set(spec.arguments.map(\.declaration.name))
    let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var positional: [String] = []
    var index = 0
    var endOfOptions = false

    /// The next word as the value of `option`, refusing words that are options.
    func nextValue(for option: OptionDeclaration, needs: String) throws(CommandLineError)
      -> String
    {
      guard index < words.count else {
        throw .usage("option \(option.flagName) needs \(needs)")
      }
      let word = words[index]
      if word.hasPrefix("--") || word == "-h" {
        throw .usage(
          "option \(option.flagName) needs \(needs), got the option \"\(word)\" (write "
            + "\(option.flagName)=\(word) if you mean it as the value)")
      }
      index += 1
      return word
    }

    while index < words.count {
      let word = words[index]
      index += 1
      if endOfOptions || word == "-" || !word.hasPrefix("-") || Double(word) != nil {
        positional.append(word)
        continue
      }
      if word == "--" {
        endOfOptions = true
        continue
      }
      if word == "-h" { continue }
      guard word.hasPrefix("--") else {
        throw .usage("unknown option \(word)" + Self.suggestion(for: word, among: options))
      }
      var name = String(word.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = byName[name] else {
        throw .usage("unknown option --\(name)" + Self.suggestion(for: "--\(name)", among: options))
      }
      if option.name == CommandSpec.help.declaration.name { continue }
      if rawValues[name] != nil, !option.isRepeating {
        throw .usage("option \(option.flagName) given more than once")
      }
      let raw: String
      switch option.arity {
      case .flag:
        guard inlineValue == nil else { throw .usage("option \(option.flagName) takes no value") }
        raw = ""
      case .value:
        if let inlineValue {
          raw = inlineValue
        } else {
          raw = try nextValue(for: option, needs: "a value (\(option.valueName ?? "VALUE"))")
        }
      case .numbers(let count):
        let needs = "\(count) numbers (\(option.valueName ?? ""))"
        if let inlineValue {
          raw = inlineValue
        } else {
          let first = try nextValue(for: option, needs: needs)
          if count > 1, !first.contains(","), !first.contains(" ") {
            var parts = [first]
            for _ in 1..<count { parts.append(try nextValue(for: option, needs: needs)) }
            raw = parts.joined(separator: ",")
          } else {
            raw = first
          }
        }
      }
      if option.arity != .flag, raw.isEmpty {
        throw .usage("option \(option.flagName): the value is empty")
      }
      let value: any Sendable
      do {
        value = try option.parse(raw)
      } catch {
        throw .usage("option \(option.flagName): \(error.message)")
      }
      if let role = PathArgument.Role(option.completion) {
        paths.append(PathArgument(role: role, label: option.flagName, path: raw))
      }
      if option.isRepeating {
        values[name] = ((values[name] as? [any Sendable]) ?? []) + [value]
        rawValues[name] = (rawValues[name].map { $0 + "\n" } ?? "") + raw
      } else {
        values[name] = value
        rawValues[name] = raw
      }
    }

    try assign(positional, to: spec.arguments.map(\.declaration))
    for option in options where option.isRequired && rawValues[option.name] == nil {
      throw .usage("option \(option.flagName) is required")
    }
    for group in spec.optionGroups {
      guard let condition = group.condition else { continue }
      for option in group.options.map(\.declaration) where rawValues[option.name] != nil {
        let selected = rawValues[condition.option]
        guard selected != condition.value else { continue }
        var message =
          "option \(option.flagName) applies only with --\(condition.option) \(condition.value)"
        if let selected { message += ", not with --\(condition.option) \(selected)" }
        throw .usage(message)
      }
    }
    let standardInputUses =
      positional.filter { $0 == "-" }.count
      + options.filter { $0.completion == .file && rawValues[$0.name] == "-" }.count
    if standardInputUses > 1 {
      throw .usage("standard input (-) can be read for one input only")
    }
  }

  /// Hands the positional words to the declared arguments in order (each takes what it may,
  /// leaving enough for the required ones after it; when words run short the earlier arguments
  /// get them, so the error names the first one missing) and reads each into its type.
  private mutating func assign(_ words: [String], to declarations: [ArgumentDeclaration])
    throws(CommandLineError)
  {
    var next = 0
    for (position, argument) in declarations.enumerated() {
      let stillRequired = declarations[(position + 1)...].reduce(0) { $0 + $1.count.minimum }
      let spare = max(argument.count.minimum, words.count - next - stillRequired)
      let taken = min(spare, argument.count.maximum, words.count - next)
      guard taken >= argument.count.minimum else { throw .usage("missing \(argument.name)") }
      var parsed: [any Sendable] = []
      for word in words[next..<(next + taken)] {
        guard !word.isEmpty else { throw .usage("argument \(argument.name) is empty") }
        do {
          parsed.append(try argument.parse(word))
        } catch {
          throw .usage("argument \(argument.name): \(error.message)")
        }
        if let role = PathArgument.Role(argument.completion) {
          paths.append(PathArgument(role: role, label: argument.name, path: word))
        }
      }
      next += taken
      switch argument.count {
      case .one: arguments[argument.name] = parsed[0]
      case .optional: if let first = parsed.first { arguments[argument.name] = first }
      case .oneOrMore, .zeroOrMore: if !parsed.isEmpty { arguments[argument.name] = parsed }
      }
    }
    if next < words.count {
      throw .usage("unexpected argument \"\(words[next])\"")
    }
  }

  private static func suggestion(for word: String, among options: [OptionDeclaration]) -> String {
    let names = options.map(\.flagName) + ["-h"]
    return Suggestion.closest(to: word, among: names).map { " (did you mean \($0)?)" } ?? ""
  }

  /// The value of `option`: as given, else its default (`nil` or `[]` for optional and
  /// repeating options).
  func value<Value>(_ option: Option<Value>) -> Value {
    let name = option.declaration.name
    precondition(declaredOptions.contains(name), "option --\(name) is not declared by the command")
    if let given = values[name] { return given as! Value }
    guard let defaultValue = option.defaultValue else {
      preconditionFailure("required option --\(name) was not checked")
    }
    return defaultValue
  }

  /// The value of `option` only when it was given on the command line (for values that fall
  /// back to another source before the declared default).
  func given<Value>(_ option: Option<Value>) -> Value? {
    isGiven(option) ? value(option) : nil
  }

  /// Whether `flag` was given.
  func flag(_ flag: Flag) -> Bool {
    let name = flag.declaration.name
    precondition(declaredOptions.contains(name), "option --\(name) is not declared by the command")
    return rawValues[name] != nil
  }

  /// Whether `option` was given on the command line (not defaulted).
  func isGiven(_ option: any OptionDeclaring) -> Bool {
    rawValues[option.declaration.name] != nil
  }

  /// The value of a positional argument (`nil` or `[]` when absent and allowed to be).
  func value<Value>(_ argument: Argument<Value>) -> Value {
    let name = argument.declaration.name
    precondition(declaredArguments.contains(name), "argument \(name) is not declared")
    if let given = arguments[name] { return given as! Value }
    guard let absent = argument.absentValue else {
      preconditionFailure("required argument \(name) was not checked")
    }
    return absent
  }
}
