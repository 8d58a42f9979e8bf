extension PositionFilterKind {
  /// `kalman`: ``ConstantVelocityKalmanFilter`` (`model` `velocity`, the default) or
  /// ``ConstantPositionKalmanFilter`` (`model` `position`), with a chi-square gate
  /// (``ChiSquareGate``) and re-anchoring. With no parameters it is
  /// `AnyPositionFilter.trackingDefault`.
  public static let kalman = PositionFilterKind(
    name: "kalman", title: "Kalman filter",
    summary:
      "Constant-velocity (or constant-position) Kalman filter with a chi-square outlier gate and "
      + "re-anchoring after consistent rejections; the tracker's default.",
    parameters: [
      FilterParameter(
        "model", valueName: "velocity|position", summary: "Motion model",
        domain: .choice(["velocity", "position"]), default: .choice("velocity")),
      FilterParameter(
        "process-noise", valueName: "Q",
        summary:
          "Process noise density (m²/s³ of white acceleration with model velocity, m²/s of "
          + "random walk with model position)",
        domain: .nonNegative,
        default: .perChoice(of: "model", [.init("velocity", 3e-6), .init("position", 1e-6)])),
      FilterParameter(
        "measurement-std", valueName: "METRES", summary: "Measurement noise standard deviation",
        unit: "m", domain: .positive, default: .number(0.003)),
      FilterParameter(
        "gate", valueName: "CHI2|off",
        summary:
          "Outlier gate: chi-square threshold with 3 degrees of freedom (16.2662362 = 99.9 %)",
        domain: .positiveOrOff, default: .number(ChiSquareGate.probability999.threshold)),
      FilterParameter(
        "reanchor", valueName: "COUNT",
        summary: "Consistent rejections that restart the filter (0 disables)",
        domain: .integer(minimum: 0), default: .integer(3)),
      FilterParameter(
        "initial-speed-std", valueName: "M_PER_S",
        summary: "Speed standard deviation assumed at the first sample", unit: "m/s",
        domain: .nonNegative, default: .number(0.01), requirement: .init("model", is: "velocity")),
    ]
  ) { values throws(FilterConfigurationError) in
    let noise = try values.number("process-noise")
    let std = try values.number("measurement-std")
    let threshold = try values.number("gate")
    let reanchor = try values.integer("reanchor")
    if try values.choice("model") == "velocity" {
      let speed = try values.number("initial-speed-std")
      return try values.built { () throws(ParameterError) in
        try ConstantVelocityKalmanFilter(
          accelerationNoiseDensity: noise, measurementStdMeters: std,
          initialSpeedStdMetersPerSecond: speed, gate: ChiSquareGate(threshold: threshold),
          reanchorCount: reanchor)
      }
    }
    return try values.built { () throws(ParameterError) in
      try ConstantPositionKalmanFilter(
        processNoiseDensity: noise, measurementStdMeters: std,
        gate: ChiSquareGate(threshold: threshold), reanchorCount: reanchor)
    }
  }
}
