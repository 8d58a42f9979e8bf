extension PositionFilterKind {
  /// `exponential`: ``ExponentialFilter``.
  public static let exponential = PositionFilterKind(
    name: "exponential", title: "Exponential filter",
    summary: "First-order low-pass on timestamps: the simplest smoother, lags a moving target.",
    parameters: [
      FilterParameter(
        "time-constant", valueName: "SECONDS", summary: "Time constant", unit: "s",
        domain: .positive, default: .number(0.1))
    ]
  ) { values throws(FilterConfigurationError) in
    let tau = try values.number("time-constant")
    return try values.built { () throws(ParameterError) in
      try ExponentialFilter(timeConstantSeconds: tau)
    }
  }
}
