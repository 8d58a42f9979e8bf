extension PositionFilterKind {
  /// `oneEuro`: ``OneEuroFilter``.
  public static let oneEuro = PositionFilterKind(
    name: "oneEuro", title: "One-Euro filter",
    summary:
      "Adaptive low-pass: smooth at rest, quick when the target moves (Casiez et al., CHI 2012).",
    parameters: [
      FilterParameter(
        "min-cutoff", valueName: "HZ", summary: "Cutoff frequency at zero speed", unit: "Hz",
        domain: .positive, default: .number(1)),
      FilterParameter(
        "beta", valueName: "PER_METRE", summary: "Speed coefficient (less lag when moving)",
        unit: "1/m (Hz per m/s)", domain: .nonNegative, default: .number(0)),
      FilterParameter(
        "d-cutoff", valueName: "HZ", summary: "Cutoff frequency of the derivative filter",
        unit: "Hz", domain: .positive, default: .number(1)),
    ]
  ) { values throws(FilterConfigurationError) in
    let (minCutoff, beta, dCutoff) = (
      try values.number("min-cutoff"), try values.number("beta"), try values.number("d-cutoff")
    )
    return try values.built { () throws(ParameterError) in
      try OneEuroFilter(minCutoffHz: minCutoff, beta: beta, derivativeCutoffHz: dCutoff)
    }
  }
}
