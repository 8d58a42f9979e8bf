/// The parameters given for one filter, read through its registry entry: a value that is not
/// given reads as its ``FilterParameter/defaultValue``, a value that is given is checked against
/// its ``FilterParameter/Domain``. ``PositionFilterKind`` hands one to the filter's builder.
public struct FilterParameterValues: Sendable {
  /// The filter's name, for errors.
  public let filter: String
  /// The filter's parameter descriptions.
  public let parameters: [FilterParameter]
  /// The given values as text, by parameter name.
  public let given: [String: String]

  /// Reads `given` for the filter `filter` with `parameters`.
  public init(filter: String, parameters: [FilterParameter], given: [String: String]) {
    self.filter = filter
    self.parameters = parameters
    self.given = given
  }

  private func parameter(_ name: String) -> FilterParameter {
    guard let parameter = parameters.first(where: { $0.name == name }) else {
      preconditionFailure("filter \(filter) has no parameter \(name) in its registry entry")
    }
    return parameter
  }

  private func invalid(_ name: String, _ text: String) -> FilterConfigurationError {
    .invalidValue(
      filter: filter, parameter: name, value: text, expected: parameter(name).domain.expected)
  }

  /// A number parameter (`positive`, `nonNegative`, `positiveOrOff`; `off` reads as +∞).
  ///
  /// - Throws: `FilterConfigurationError.invalidValue` when the given text is not in the domain.
  public func number(_ name: String) throws(FilterConfigurationError) -> Double {
    let parameter = parameter(name)
    guard let text = given[name] else {
      switch parameter.defaultValue {
      case .number(let value): return value
      case .perChoice(let other, let values):
        let chosen = try choice(other)
        guard let match = values.first(where: { $0.choice == chosen }) else {
          preconditionFailure("\(filter).\(name) has no default for \(other) \(chosen)")
        }
        return match.value
      default: preconditionFailure("\(filter).\(name) is not a number parameter")
      }
    }
    if parameter.domain == .positiveOrOff, text == "off" { return .infinity }
    guard let value = Double(text), value.isFinite else { throw invalid(name, text) }
    switch parameter.domain {
    case .positive, .positiveOrOff: guard value > 0 else { throw invalid(name, text) }
    case .nonNegative: guard value >= 0 else { throw invalid(name, text) }
    default: preconditionFailure("\(filter).\(name) is not a number parameter")
    }
    return value
  }

  /// A whole-number parameter.
  ///
  /// - Throws: `FilterConfigurationError.invalidValue` when the given text is not in the domain.
  public func integer(_ name: String) throws(FilterConfigurationError) -> Int {
    let parameter = parameter(name)
    guard case .integer(let minimum) = parameter.domain else {
      preconditionFailure("\(filter).\(name) is not an integer parameter")
    }
    guard let text = given[name] else {
      guard case .integer(let value) = parameter.defaultValue else {
        preconditionFailure("\(filter).\(name) has no integer default")
      }
      return value
    }
    guard let value = Int(text), value >= minimum, value <= FilterParameter.Domain.maximumInteger
    else { throw invalid(name, text) }
    return value
  }

  /// A choice parameter.
  ///
  /// - Throws: `FilterConfigurationError.invalidValue` when the given text is not one of the names.
  public func choice(_ name: String) throws(FilterConfigurationError) -> String {
    let parameter = parameter(name)
    guard case .choice(let names) = parameter.domain else {
      preconditionFailure("\(filter).\(name) is not a choice parameter")
    }
    guard let text = given[name] else {
      guard case .choice(let value) = parameter.defaultValue else {
        preconditionFailure("\(filter).\(name) has no choice default")
      }
      return value
    }
    guard names.contains(text) else { throw invalid(name, text) }
    return text
  }

  /// Checks that every given parameter belongs to the filter and that its requirement holds;
  /// unknown parameters are reported in sorted order, so the error is deterministic.
  ///
  /// - Throws: `FilterConfigurationError.unknownParameter` or `.invalidValue`.
  public func checkNamesAndRequirements() throws(FilterConfigurationError) {
    for name in given.keys.sorted() {
      guard let parameter = parameters.first(where: { $0.name == name }) else {
        throw .unknownParameter(filter: filter, parameter: name)
      }
      if let requirement = parameter.requirement {
        let actual = try choice(requirement.parameter)
        guard actual == requirement.value else {
          throw .invalidValue(
            filter: filter, parameter: name, value: given[name]!,
            expected: "no value with \(requirement.parameter) \(actual)")
        }
      }
    }
  }
}
