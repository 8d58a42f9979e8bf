/// One parameter of a filter in the registry (``PositionFilterKind``): its name, the values it
/// takes, its unit and its default. Everything that reads or shows filter parameters reads them
/// from here: `AnyPositionFilter(name:parameters:)`, `arsim filter` (options and help), replay
/// settings and sweep grids (`filterParameters`), error messages and the Filters article.
public struct FilterParameter: Sendable, Hashable {
  /// The name: the `arsim filter` option without `--` and the member of `filterParameters` in
  /// replay settings (`min-cutoff`).
  public let name: String
  /// The placeholder for the value in usage texts (`HZ`).
  public let valueName: String
  /// What the parameter does, one sentence without the unit, range or default.
  public let summary: String
  /// The unit (`Hz`, `m`, `s`, `m²/s³`), or `nil` for dimensionless values and choices.
  public let unit: String?
  /// The values it accepts.
  public let domain: Domain
  /// The value used when the parameter is not given.
  public let defaultValue: Default
  /// The value another parameter must have for this one to be given (`initial-speed-std` only
  /// with `model` `velocity`), or `nil` when it always applies.
  public let requirement: Requirement?

  /// Creates a parameter description.
  public init(
    _ name: String, valueName: String, summary: String, unit: String? = nil, domain: Domain,
    default defaultValue: Default, requirement: Requirement? = nil
  ) {
    self.name = name
    self.valueName = valueName
    self.summary = summary
    self.unit = unit
    self.domain = domain
    self.defaultValue = defaultValue
    self.requirement = requirement
  }

  /// The values a parameter accepts, written as text (command-line options, JSON strings or
  /// numbers).
  public enum Domain: Sendable, Hashable {
    /// A finite number > 0.
    case positive
    /// A finite number >= 0.
    case nonNegative
    /// A finite number > 0, or `off` for no limit (read as +∞).
    case positiveOrOff
    /// A whole number in `minimum...1_000_000`.
    case integer(minimum: Int)
    /// One of the listed names.
    case choice([String])

    /// The largest whole number an `integer` parameter takes.
    public static let maximumInteger = 1_000_000

    /// What a valid value looks like, for error messages (`a finite number > 0`).
    public var expected: String {
      switch self {
      case .positive: "a finite number > 0"
      case .nonNegative: "a finite number >= 0"
      case .positiveOrOff: "a finite number > 0 or off"
      case .integer(let minimum): "an integer in \(minimum)...\(Self.maximumInteger)"
      case .choice(let names): names.joined(separator: " or ")
      }
    }
  }

  /// A parameter's default.
  public enum Default: Sendable, Hashable {
    /// A number.
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// One of a `choice` parameter's names.
    case choice(String)
    /// A number that depends on the value of another (`choice`) parameter: one per name, in the
    /// order of that parameter's names.
    case perChoice(of: String, [ChoiceValue])
  }

  /// The default of a number for one value of a `choice` parameter.
  public struct ChoiceValue: Sendable, Hashable {
    /// The choice (`velocity`).
    public let choice: String
    /// The default when the choice is made.
    public let value: Double

    /// Creates a per-choice default.
    public init(_ choice: String, _ value: Double) {
      self.choice = choice
      self.value = value
    }
  }

  /// The value another parameter must have for this one to apply.
  public struct Requirement: Sendable, Hashable {
    /// The other parameter's name.
    public let parameter: String
    /// The value it must have.
    public let value: String

    /// Creates a requirement.
    public init(_ parameter: String, is value: String) {
      self.parameter = parameter
      self.value = value
    }
  }

  /// The default as text: `1`, `velocity`, `3e-6 with model velocity, 1e-6 with model position`.
  public var defaultDescription: String {
    switch defaultValue {
    case .number(let value): Self.text(value)
    case .integer(let value): "\(value)"
    case .choice(let name): name
    case .perChoice(let other, let values):
      values.map { "\(Self.text($0.value)) with \(other) \($0.choice)" }.joined(separator: ", ")
    }
  }

  /// One line for help texts and documentation: the summary, the unit and the valid values, the
  /// default and the requirement (`Minimum cutoff frequency, Hz, > 0. Default: 1.`).
  public var help: String {
    var text = summary
    if let unit { text += ", \(unit)" }
    switch domain {
    case .positive: text += ", > 0"
    case .nonNegative: text += ", >= 0"
    case .positiveOrOff: text += ", > 0 or off"
    case .integer(let minimum): text += ", \(minimum)...\(Domain.maximumInteger)"
    case .choice(let names): text += ": " + names.joined(separator: " or ")
    }
    text += ". Default: \(defaultDescription)."
    if let requirement { text += " Only with \(requirement.parameter) \(requirement.value)." }
    return text
  }

  /// A number in its shortest form with a compact exponent: `3e-6`, `0.003`, `16.2662362`.
  static func text(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
    let description = "\(value)"
    guard let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
      return description
    }
    var exponent = String(description[description.index(after: e)...])
    let sign = exponent.hasPrefix("-") ? "-" : ""
    exponent = String(exponent.drop { $0 == "-" || $0 == "+" || $0 == "0" })
    return description[..<e] + "e" + sign + exponent
  }
}
