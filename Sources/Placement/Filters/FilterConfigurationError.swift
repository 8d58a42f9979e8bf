/// Why a filter could not be built from a name and parameters.
///
/// The error names the filter and the parameter by their own names, not by where they came from:
/// a command-line caller reports it as `--<parameter>` (``parameter``, or `--filter` when it is
/// `nil`), a JSON reader as the member's path (`filterParameters.gate`).
public enum FilterConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The filter name is not one of `AnyPositionFilter.filterNames`.
  case unknownFilter(name: String)
  /// The filter does not take this parameter.
  case unknownParameter(filter: String, parameter: String)
  /// The value of a parameter is not acceptable.
  case invalidValue(filter: String, parameter: String, value: String, expected: String)

  /// The parameter the error is about, or `nil` when it is about the filter name.
  public var parameter: String? {
    switch self {
    case .unknownFilter: nil
    case .unknownParameter(_, let parameter), .invalidValue(_, let parameter, _, _): parameter
    }
  }

  /// What is wrong, without the place: `unknown filter 'smooth' (expected one of: ...)`,
  /// `not a parameter of filter median (it takes: max-samples, window)`, `invalid value '-1' for
  /// filter kalman (expected a finite number > 0)`.
  public var message: String {
    switch self {
    case .unknownFilter(let name):
      "unknown filter '\(name)' (expected one of: \(AnyPositionFilter.filterNames.joined(separator: ", ")))"
    case .unknownParameter(let filter, _):
      "not a parameter of filter \(filter) (it takes: "
        + (AnyPositionFilter.parameterNames(forFilter: filter) ?? []).joined(separator: ", ") + ")"
    case .invalidValue(let filter, _, let value, let expected):
      "invalid value '\(value)' for filter \(filter) (expected \(expected))"
    }
  }

  /// `parameter: message`, or the message alone for an unknown filter name.
  public var description: String {
    if let parameter { "\(parameter): \(message)" } else { message }
  }
}
