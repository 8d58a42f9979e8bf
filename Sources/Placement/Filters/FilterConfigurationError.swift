/// Why a filter could not be built from a name and parameters. Descriptions name the option as the
/// CLI spells it (`--name`).
public enum FilterConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The filter name is not one of `AnyPositionFilter.filterNames`.
  case unknownFilter(name: String)
  /// The filter does not take this parameter.
  case unknownParameter(filter: String, parameter: String)
  /// The value of a parameter is not acceptable.
  case invalidValue(filter: String, parameter: String, value: String, expected: String)

  /// A one-line message naming the input place or the CLI option.
  public var description: String {
    switch self {
    case .unknownFilter(let name):
      "--filter: unknown filter '\(name)' (expected one of: \(AnyPositionFilter.filterNames.joined(separator: ", ")))"
    case .unknownParameter(let filter, let parameter):
      "--\(parameter): not an option of filter \(filter)"
    case .invalidValue(let filter, let parameter, let value, let expected):
      "--\(parameter): invalid value '\(value)' for filter \(filter) (expected \(expected))"
    }
  }
}
