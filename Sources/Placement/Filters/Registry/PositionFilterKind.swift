/// A position filter that can be chosen by name: the registry entry that names it, lists its
/// parameters (``FilterParameter``: unit, default, valid values) and builds it.
///
/// ``all`` is the registry. `AnyPositionFilter(name:parameters:)`, `arsim filter` (its options,
/// help and errors), replay settings and sweep grids (`filter`, `filterParameters`), the JSON
/// Schema and the fuzz dictionaries (held against it by a test) and the Filters article all read
/// it. Adding a filter: write the filter (`MyFilter.swift`), its entry (`MyFilter+Kind.swift`, a
/// `static let` like ``oneEuro``), add the entry to ``all``, then let the registry tests tell you
/// which schema enums, dictionary lines and article rows to add; the conformance tests of the
/// ``PositionFilter`` contract (first sample, non-finite input, timestamp order, reset) run on
/// every entry of ``all``, in each value of its choice parameters, without being told.
public struct PositionFilterKind: Sendable {
  /// The name in the CLI and in JSON (`oneEuro`).
  public let name: String
  /// A title for help and documentation (`One-Euro filter`).
  public let title: String
  /// What the filter does and when to use it, one or two sentences.
  public let summary: String
  /// The parameters, in the order help texts list them.
  public let parameters: [FilterParameter]
  private let build:
    @Sendable (FilterParameterValues) throws(FilterConfigurationError) -> AnyPositionFilter

  /// Creates an entry; `build` reads the parameters through the values it is given (defaults
  /// and checks come from `parameters`) and returns the filter.
  public init(
    name: String, title: String, summary: String, parameters: [FilterParameter],
    build:
      @escaping @Sendable (FilterParameterValues) throws(FilterConfigurationError) ->
      AnyPositionFilter
  ) {
    self.name = name
    self.title = title
    self.summary = summary
    self.parameters = parameters
    self.build = build
  }

  /// The registry: every filter that can be chosen by name, in the order help texts list them.
  public static let all: [PositionFilterKind] = [.oneEuro, .kalman, .exponential, .median]

  /// The entry named `name`, or `nil`.
  public static func named(_ name: String) -> PositionFilterKind? {
    all.first { $0.name == name }
  }

  /// The parameter named `name`, or `nil`.
  public func parameter(named name: String) -> FilterParameter? {
    parameters.first { $0.name == name }
  }

  /// Builds the filter from textual parameters (parameter name -> value); parameters not given
  /// take their defaults.
  ///
  /// - Throws: `FilterConfigurationError` naming the filter, the parameter and the bad value.
  public func makeFilter(parameters given: [String: String]) throws(FilterConfigurationError)
    -> AnyPositionFilter
  {
    let values = FilterParameterValues(filter: name, parameters: parameters, given: given)
    try values.checkNamesAndRequirements()
    return try build(values)
  }
}

extension FilterParameterValues {
  /// Runs a filter initializer on values the registry already checked and wraps the filter. A
  /// refusal means the entry's domains are looser than the filter's own checks (a bug in the
  /// entry); it is reported as an invalid value naming the initializer's parameter.
  public func built<Filter: PositionFilter & Hashable>(
    _ make: () throws(ParameterError) -> Filter
  ) throws(FilterConfigurationError) -> AnyPositionFilter {
    do {
      return AnyPositionFilter(try make())
    } catch {
      throw .invalidValue(
        filter: filter, parameter: error.parameter, value: error.value,
        expected: error.requirement)
    }
  }
}
