/// Everything the parser, help and completion know about one positional argument, written
/// once where it is declared (see `Argument`).
struct ArgumentDeclaration: Sendable {
  /// How many words the argument takes.
  enum Count: Sendable, Equatable {
    /// Exactly one.
    case one
    /// Zero or one.
    case optional
    /// At least one.
    case oneOrMore
    /// Any number.
    case zeroOrMore

    var minimum: Int { self == .one || self == .oneOrMore ? 1 : 0 }
    var maximum: Int { self == .one || self == .optional ? 1 : .max }
  }

  /// The placeholder (`FILE`, `SPEC`).
  let name: String
  /// One paragraph; help adds the valid values.
  let help: String
  /// How many words it takes.
  let count: Count
  /// The valid spellings of an enumerated value, else empty.
  let allValueStrings: [String]
  /// What shells complete.
  let completion: CompletionKind
  /// Reads one word.
  let parse: @Sendable (String) throws(ArgumentValueError) -> any Sendable

  /// `FILE`, `[FILE]`, `FILE...` or `[FILE...]` as in usage lines.
  var synopsis: String {
    switch count {
    case .one: name
    case .optional: "[\(name)]"
    case .oneOrMore: "\(name)..."
    case .zeroOrMore: "[\(name)...]"
    }
  }
}

/// A declared positional argument of any value type, for lists of a command's arguments.
protocol ArgumentDeclaring: Sendable {
  /// The declaration the parser and help read.
  var declaration: ArgumentDeclaration { get }
}

/// A positional argument, declared once as a static constant of its command and read back with
/// `ParsedArguments.value(_:)`. `Value` is a type for one word, an optional for an argument
/// that may be absent, an array for one that takes several words.
struct Argument<Value: Sendable>: ArgumentDeclaring {
  let declaration: ArgumentDeclaration
  /// The value when the argument is absent (`nil`, `[]`); `nil` for a required argument.
  let absentValue: Value?
}

extension Argument where Value: ExpressibleByArgument {
  /// An argument of exactly one word.
  init(_ name: String, completion: CompletionKind? = nil, help: String) {
    declaration = .make(name, count: .one, type: Value.self, completion: completion, help: help)
    absentValue = nil
  }
}

extension Argument {
  /// An argument of zero or one word.
  init<Wrapped: ExpressibleByArgument>(
    optional name: String, completion: CompletionKind? = nil, help: String
  ) where Value == Wrapped? {
    declaration = .make(
      name, count: .optional, type: Wrapped.self, completion: completion, help: help)
    absentValue = .some(nil)
  }

  /// An argument of several words (at least one when `atLeastOne`).
  init<Element: ExpressibleByArgument>(
    repeating name: String, atLeastOne: Bool, completion: CompletionKind? = nil, help: String
  ) where Value == [Element] {
    declaration = .make(
      name, count: atLeastOne ? .oneOrMore : .zeroOrMore, type: Element.self,
      completion: completion, help: help)
    absentValue = atLeastOne ? nil : []
  }
}

extension ArgumentDeclaration {
  static func make<T: ExpressibleByArgument>(
    _ name: String, count: Count, type: T.Type, completion: CompletionKind?, help: String
  ) -> ArgumentDeclaration {
    ArgumentDeclaration(
      name: name, help: help, count: count, allValueStrings: T.allValueStrings,
      completion: completion ?? CompletionKind(values: T.allValueStrings),
      parse: { text throws(ArgumentValueError) in try T(argument: text) })
  }
}
