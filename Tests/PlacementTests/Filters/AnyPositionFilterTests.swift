import Placement
import Testing

@Suite struct AnyPositionFilterTests {
  @Test func theRegistryListsTheFourFiltersInHelpOrder() {
    #expect(AnyPositionFilter.filterNames == ["oneEuro", "kalman", "exponential", "median"])
    #expect(
      AnyPositionFilter.parameterNames(forFilter: "kalman") == [
        "model", "process-noise", "measurement-std", "gate", "reanchor", "initial-speed-std",
      ])
    #expect(AnyPositionFilter.parameterNames(forFilter: "smooth") == nil)
  }

  @Test(arguments: AnyPositionFilter.filterNames)
  func everyNamedFilterPassesAConstantThrough(name: String) throws {
    var filter = try AnyPositionFilter(name: name, parameters: [:])
    let value = SIMD3<Float>(0.5, 0.25, -2)
    for i in 0..<20 { #expect(filter.filter(value, timestampSeconds: Double(i) / 60) == value) }
  }

  /// The registry's defaults are the filters' own: each name with no parameters equals the
  /// filter built with the values the documentation states.
  @Test func defaultsAreTheDocumentedValues() throws {
    #expect(
      try AnyPositionFilter(name: "oneEuro", parameters: [:])
        == AnyPositionFilter(try OneEuroFilter(minCutoffHz: 1, beta: 0, derivativeCutoffHz: 1)))
    #expect(
      try AnyPositionFilter(name: "kalman", parameters: [:])
        == AnyPositionFilter(
          try ConstantVelocityKalmanFilter(
            accelerationNoiseDensity: 3e-6, measurementStdMeters: 0.003,
            initialSpeedStdMetersPerSecond: 0.01, gate: .probability999, reanchorCount: 3)))
    #expect(
      try AnyPositionFilter(name: "kalman", parameters: ["model": "position"])
        == AnyPositionFilter(
          try ConstantPositionKalmanFilter(
            processNoiseDensity: 1e-6, measurementStdMeters: 0.003, gate: .probability999,
            reanchorCount: 3)))
    #expect(
      try AnyPositionFilter(name: "exponential", parameters: [:])
        == AnyPositionFilter(try ExponentialFilter(timeConstantSeconds: 0.1)))
    #expect(
      try AnyPositionFilter(name: "median", parameters: [:])
        == AnyPositionFilter(try MovingMedianFilter(windowSeconds: 0.2, maximumSampleCount: 64)))
    let noise = try #require(PositionFilterKind.kalman.parameter(named: "process-noise"))
    #expect(noise.defaultDescription == "3e-6 with model velocity, 1e-6 with model position")
  }

  @Test func parametersReachTheFilter() throws {
    let filter = try AnyPositionFilter(
      name: "oneEuro", parameters: ["min-cutoff": "2.5", "beta": "0.1"])
    #expect(filter == AnyPositionFilter(try OneEuroFilter(minCutoffHz: 2.5, beta: 0.1)))
    let kalman = try AnyPositionFilter(
      name: "kalman", parameters: ["model": "position", "gate": "off"])
    let position = try #require(kalman.unwrapped(as: ConstantPositionKalmanFilter.self))
    #expect(position.gate == .disabled)
    #expect(kalman.unwrapped(as: ConstantVelocityKalmanFilter.self) == nil)
  }

  @Test(arguments: [
    ("smooth", [String: String](), FilterConfigurationError.unknownFilter(name: "smooth")),
    ("oneEuro", ["window": "1"], .unknownParameter(filter: "oneEuro", parameter: "window")),
    (
      "oneEuro", ["min-cutoff": "-1"],
      .invalidValue(
        filter: "oneEuro", parameter: "min-cutoff", value: "-1", expected: "a finite number > 0")
    ),
    (
      "median", ["max-samples": "2.5"],
      .invalidValue(
        filter: "median", parameter: "max-samples", value: "2.5",
        expected: "an integer in 1...1000000")
    ),
    (
      "median", ["max-samples": "0"],
      .invalidValue(
        filter: "median", parameter: "max-samples", value: "0",
        expected: "an integer in 1...1000000")
    ),
    (
      "kalman", ["model": "jerk"],
      .invalidValue(
        filter: "kalman", parameter: "model", value: "jerk", expected: "velocity or position")
    ),
    (
      "kalman", ["gate": "on"],
      .invalidValue(
        filter: "kalman", parameter: "gate", value: "on", expected: "a finite number > 0 or off")
    ),
    (
      "kalman", ["model": "position", "initial-speed-std": "0.1"],
      .invalidValue(
        filter: "kalman", parameter: "initial-speed-std", value: "0.1",
        expected: "no value with model position")
    ),
  ])
  func badConfigurationsAreTypedErrors(
    name: String, parameters: [String: String], expected: FilterConfigurationError
  ) {
    #expect(throws: expected) { try AnyPositionFilter(name: name, parameters: parameters) }
  }

  @Test func trackingDefaultIsTheKalmanCommandDefault() throws {
    #expect(try AnyPositionFilter(name: "kalman", parameters: [:]) == .trackingDefault)
  }

  @Test func errorsNameTheParameterButNotTheCaller() {
    let unknown = FilterConfigurationError.unknownParameter(filter: "median", parameter: "beta")
    #expect(unknown.parameter == "beta")
    #expect(
      unknown.description
        == "beta: not a parameter of filter median (it takes: window, max-samples)")
    let invalid = FilterConfigurationError.invalidValue(
      filter: "kalman", parameter: "gate", value: "-1", expected: "a finite number > 0")
    #expect(
      invalid.message == "invalid value '-1' for filter kalman (expected a finite number > 0)")
    let name = FilterConfigurationError.unknownFilter(name: "smooth")
    #expect(name.parameter == nil)
    #expect(
      name.description
        == "unknown filter 'smooth' (expected one of: oneEuro, kalman, exponential, median)")
    for error in [unknown, invalid, name] { #expect(!error.description.contains("--")) }
  }

  @Test func helpLinesComeFromTheEntry() throws {
    let kinds = PositionFilterKind.all
    let minCutoff = try #require(kinds.first?.parameter(named: "min-cutoff"))
    #expect(minCutoff.help == "Cutoff frequency at zero speed, Hz, > 0. Default: 1.")
    let speed = try #require(PositionFilterKind.kalman.parameter(named: "initial-speed-std"))
    #expect(
      speed.help
        == "Speed standard deviation assumed at the first sample, m/s, >= 0. Default: 0.01. "
        + "Only with model velocity.")
    let gate = try #require(PositionFilterKind.kalman.parameter(named: "gate"))
    #expect(gate.defaultDescription == "16.2662362")
  }

  /// Copies of a wrapped filter are independent values, as the tracker relies on when it starts
  /// each marker from one prototype.
  @Test func copiesAreIndependent() throws {
    let prototype = try AnyPositionFilter(name: "exponential", parameters: [:])
    var a = prototype
    var b = prototype
    _ = a.update(measurement: SIMD3(1, 2, 3), timestampSeconds: 0)
    #expect(a.position == SIMD3(1, 2, 3))
    #expect(b.position == nil && prototype.position == nil)
    _ = b.update(measurement: SIMD3(-1, 0, 0), timestampSeconds: 0)
    #expect(a.position == SIMD3(1, 2, 3) && b.position == SIMD3(-1, 0, 0))
    #expect(a != b && a != prototype)
    // Wrapping an `AnyPositionFilter` again changes nothing.
    #expect(AnyPositionFilter(a) == a)
    // Filters of different types are never equal.
    let oneEuro = try AnyPositionFilter(name: "oneEuro", parameters: [:])
    #expect(oneEuro != prototype)
  }
}
