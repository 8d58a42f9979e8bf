extension PositionFilterKind {
  /// `median`: ``MovingMedianFilter``.
  public static let median = PositionFilterKind(
    name: "median", title: "Moving median filter",
    summary:
      "Per-axis median over a time window: ignores isolated outliers, lags by half a window.",
    parameters: [
      FilterParameter(
        "window", valueName: "SECONDS", summary: "Window length", unit: "s", domain: .positive,
        default: .number(0.2)),
      FilterParameter(
        "max-samples", valueName: "COUNT", summary: "Most samples kept in the window",
        domain: .integer(minimum: 1), default: .integer(64)),
    ]
  ) { values throws(FilterConfigurationError) in
    let (window, count) = (try values.number("window"), try values.integer("max-samples"))
    return try values.built { () throws(ParameterError) in
      try MovingMedianFilter(windowSeconds: window, maximumSampleCount: count)
    }
  }
}
