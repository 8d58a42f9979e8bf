extension AnyPositionFilter {
  /// The filter names `init(name:parameters:)` accepts, in the registry's order
  /// (``PositionFilterKind/all``).
  public static var filterNames: [String] { PositionFilterKind.all.map(\.name) }

  /// The parameter names (CLI options without the leading `--`) the filter `name` accepts, in
  /// the registry's order, or `nil` for an unknown filter.
  public static func parameterNames(forFilter name: String) -> [String]? {
    PositionFilterKind.named(name)?.parameters.map(\.name)
  }

  /// Builds a filter from its registry name and textual parameters (parameter name -> value);
  /// the parameters, their units, defaults and valid values are the entry's
  /// (``PositionFilterKind``, listed in the Filters article and by `arsim filter --help`).
  ///
  /// - Throws: `FilterConfigurationError` naming the filter, the parameter and the bad value.
  ///   Unknown parameters are reported in sorted order, so the error is deterministic.
  public init(name: String, parameters: [String: String]) throws(FilterConfigurationError) {
    guard let kind = PositionFilterKind.named(name) else { throw .unknownFilter(name: name) }
    self = try kind.makeFilter(parameters: parameters)
  }

  /// The filter `MarkerTracker` is tuned for: the `kalman` entry with its defaults
  /// (constant-velocity Kalman, `q = 3e-6` m²/s³, `r = 3` mm, initial speed deviation
  /// 0.01 m/s, gate 99.9 % (chi-square, 3 degrees of freedom), re-anchoring after 3 consistent
  /// rejections); the same as `arsim filter --filter kalman` with no options. On the synthetic
  /// 60 Hz / 30 Hz / 3 mm streams it meets every stability goal of `ARSimBenchmarks tracking`
  /// (One-Euro and constant-position Kalman lag a 2 cm/s drift by more than 2 mm).
  public static let trackingDefault: AnyPositionFilter = {
    do {
      return try PositionFilterKind.kalman.makeFilter(parameters: [:])
    } catch {
      preconditionFailure("the kalman entry's defaults are refused: \(error)")
    }
  }()
}

extension MarkerTracker where Filter == AnyPositionFilter {
  /// Creates a tracker with `AnyPositionFilter.trackingDefault`.
  ///
  /// - Throws: `ParameterError` naming the first configuration member that is not valid.
  public init(configuration: MarkerTrackerConfiguration = .init()) throws(ParameterError) {
    try self.init(configuration: configuration, filterPrototype: .trackingDefault)
  }
}
