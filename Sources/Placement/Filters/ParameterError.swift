/// Why a parameter of a filter, a gate, a tracker configuration or a box anchor point was refused:
/// which parameter (its Swift name), the value, and what it must be.
public struct ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The parameter's name as the initializer or property spells it (`minCutoffHz`,
  /// `associationGateMeters`).
  public let parameter: String
  /// The refused value, as text.
  public let value: String
  /// What the value must be (`finite and > 0`).
  public let requirement: String

  /// Creates an error.
  public init(parameter: String, value: String, requirement: String) {
    self.parameter = parameter
    self.value = value
    self.requirement = requirement
  }

  /// `<parameter> must be <requirement>, got <value>`.
  public var description: String { "\(parameter) must be \(requirement), got \(value)" }
}

extension ParameterError {
  /// Throws unless `value` is finite and > 0.
  package static func requirePositive<F: BinaryFloatingPoint>(_ value: F, _ parameter: String)
    throws(ParameterError)
  {
    guard value.isFinite, value > 0 else {
      throw ParameterError(parameter: parameter, value: "\(value)", requirement: "finite and > 0")
    }
  }

  /// Throws unless `value` is finite and >= 0.
  package static func requireNonNegative<F: BinaryFloatingPoint>(_ value: F, _ parameter: String)
    throws(ParameterError)
  {
    guard value.isFinite, value >= 0 else {
      throw ParameterError(parameter: parameter, value: "\(value)", requirement: "finite and >= 0")
    }
  }

  /// Throws unless `value >= minimum`.
  package static func requireAtLeast(_ value: Int, _ minimum: Int, _ parameter: String)
    throws(ParameterError)
  {
    guard value >= minimum else {
      throw ParameterError(parameter: parameter, value: "\(value)", requirement: ">= \(minimum)")
    }
  }
}
