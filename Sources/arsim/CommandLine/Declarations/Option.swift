/// An option that takes a value, declared once (name, value name, arity, default, help) as a
/// static constant of its command and read back with `ParsedArguments.value(_:)`:
///
/// ```swift
/// static let threads = Option<Int>(
///   "threads", valueName: "N", default: 1, in: 1...256, help: "Worker threads.")
/// static let config = Option<String?>(
///   "config", valueName: "SETTINGS", completion: .file, help: "Replay settings (JSON).")
/// ```
///
/// `Value` is what the command reads: a non-optional type with a default (or a required
/// option), an optional type for an option that may be absent, an array for a repeating option.
struct Option<Value: Sendable>: OptionDeclaring {
  let declaration: OptionDeclaration
  /// The value when the option is absent; `nil` only for required options.
  let defaultValue: Value?
}

extension Option where Value: ExpressibleByArgument {
  /// An option with a default value: absent, it reads as `defaultValue`.
  ///
  /// - Parameters:
  ///   - valid: a check the value must pass, with `expected` saying what passes
  ///     (`an integer in 1...256`) for the error.
  init(
    _ name: String, valueName: String, default defaultValue: Value,
    showDefault: Bool = true, completion: CompletionKind? = nil, help: String,
    valid: (@Sendable (Value) -> Bool)? = nil, expected: String? = nil
  ) {
    declaration = .single(
      name, valueName: valueName, type: Value.self, help: help,
      defaultDescription: showDefault ? defaultValue.argumentDescription : nil,
      completion: completion, isRequired: false, valid: valid, expected: expected)
    self.defaultValue = defaultValue
  }

  /// A required option: parsing fails when it is absent.
  init(
    required name: String, valueName: String, completion: CompletionKind? = nil, help: String,
    valid: (@Sendable (Value) -> Bool)? = nil, expected: String? = nil
  ) {
    declaration = .single(
      name, valueName: valueName, type: Value.self, help: help, defaultDescription: nil,
      completion: completion, isRequired: true, valid: valid, expected: expected)
    defaultValue = nil
  }
}

extension Option where Value: ExpressibleByArgument & Comparable {
  /// An option with a default whose value must lie in `range` (`expected an integer in
  /// 1...256`).
  init(
    _ name: String, valueName: String, default defaultValue: Value, in range: ClosedRange<Value>,
    help: String
  ) {
    self.init(
      name, valueName: valueName, default: defaultValue, help: help,
      valid: { range.contains($0) },
      expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
  }
}

extension Option {
  /// An optional option: absent, it reads as `nil`.
  init<Wrapped: ExpressibleByArgument>(
    _ name: String, valueName: String, completion: CompletionKind? = nil, help: String,
    valid: (@Sendable (Wrapped) -> Bool)? = nil, expected: String? = nil
  ) where Value == Wrapped? {
    declaration = .single(
      name, valueName: valueName, type: Wrapped.self, help: help, defaultDescription: nil,
      completion: completion, isRequired: false, valid: valid, expected: expected)
    defaultValue = .some(nil)
  }

  /// An optional list of exactly `count` finite numbers, given as one argument separated by
  /// commas (or spaces) or as `count` arguments.
  init(numbers name: String, count: Int, valueName: String, help: String)
  where Value == [Double]? {
    declaration = OptionDeclaration(
      name: name, valueName: valueName, arity: .numbers(count: count), help: help,
      defaultDescription: nil, allValueStrings: [], completion: .none, isRequired: false,
      isRepeating: false,
      parse: { text throws(ArgumentValueError) in try Self.numbers(text, count: count) })
    defaultValue = .some(nil)
  }

  /// A required list of exactly `count` finite numbers.
  init(requiredNumbers name: String, count: Int, valueName: String, help: String)
  where Value == [Double] {
    declaration = OptionDeclaration(
      name: name, valueName: valueName, arity: .numbers(count: count), help: help,
      defaultDescription: nil, allValueStrings: [], completion: .none, isRequired: true,
      isRepeating: false,
      parse: { text throws(ArgumentValueError) in try Self.numbers(text, count: count) })
    defaultValue = nil
  }

  /// A list of exactly `count` finite numbers with a default, shown in help as
  /// `defaultDescription` (`identity`).
  init(
    numbers name: String, count: Int, valueName: String, default defaultValue: [Double],
    defaultDescription: String, help: String
  ) where Value == [Double] {
    precondition(defaultValue.count == count)
    declaration = OptionDeclaration(
      name: name, valueName: valueName, arity: .numbers(count: count), help: help,
      defaultDescription: defaultDescription, allValueStrings: [], completion: .none,
      isRequired: false, isRepeating: false,
      parse: { text throws(ArgumentValueError) in try Self.numbers(text, count: count) })
    self.defaultValue = defaultValue
  }

  /// A repeating option: each occurrence adds a value; absent, it reads as `[]`.
  init<Element: ExpressibleByArgument>(
    repeating name: String, valueName: String, completion: CompletionKind? = nil, help: String
  ) where Value == [Element] {
    declaration = OptionDeclaration(
      name: name, valueName: valueName, arity: .value, help: help, defaultDescription: nil,
      allValueStrings: Element.allValueStrings,
      completion: completion ?? CompletionKind(values: Element.allValueStrings),
      isRequired: false, isRepeating: true,
      parse: { text throws(ArgumentValueError) in try Element(argument: text) })
    defaultValue = []
  }

  /// `count` finite numbers from `text`, separated by commas or spaces.
  static func numbers(_ text: String, count: Int) throws(ArgumentValueError) -> [Double] {
    let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    guard parts.count == count else {
      throw ArgumentValueError("needs \(count) numbers, got \(parts.count) in \"\(text)\"")
    }
    var result: [Double] = []
    for part in parts { result.append(try Double(argument: part)) }
    return result
  }
}

extension OptionDeclaration {
  /// The declaration of a one-value option of type `T`, with an optional extra check.
  static func single<T: ExpressibleByArgument>(
    _ name: String, valueName: String, type: T.Type, help: String, defaultDescription: String?,
    completion: CompletionKind?, isRequired: Bool, valid: (@Sendable (T) -> Bool)?,
    expected: String?
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, valueName: valueName, arity: .value, help: help,
      defaultDescription: defaultDescription, allValueStrings: T.allValueStrings,
      completion: completion ?? CompletionKind(values: T.allValueStrings),
      isRequired: isRequired, isRepeating: false,
      parse: { text throws(ArgumentValueError) in
        let value = try T(argument: text)
        if let valid, !valid(value) {
          throw ArgumentValueError("expected \(expected ?? "another value"), got \"\(text)\"")
        }
        return value
      })
  }
}

extension CompletionKind {
  /// `.values` for an enumerated type's spellings, `.none` for free-form values.
  init(values: [String]) { self = values.isEmpty ? .none : .values(values) }
}
