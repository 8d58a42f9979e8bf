import Placement
import Testing

@Suite struct AnyPositionFilterTests {
  @Test(arguments: ["oneEuro", "kalman", "exponential", "median"])
  func everyNamedFilterPassesAConstantThrough(name: String) throws {
    var filter = try AnyPositionFilter(name: name, parameters: [:])
    let value = SIMD3<Float>(0.5, 0.25, -2)
    for i in 0..<20 { #expect(filter.filter(value, timestampSeconds: Double(i) / 60) == value) }
  }

  @Test func parametersReachTheFilter() throws {
    let filter = try AnyPositionFilter(
      name: "oneEuro", parameters: ["min-cutoff": "2.5", "beta": "0.1"])
    #expect(filter == .oneEuro(try! OneEuroFilter(minCutoffHz: 2.5, beta: 0.1)))
    let kalman = try AnyPositionFilter(
      name: "kalman", parameters: ["model": "position", "gate": "off"])
    guard case .constantPositionKalman(let k) = kalman else {
      Issue.record("expected the constant-position model")
      return
    }
    #expect(k.gate == .disabled)
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
        filter: "median", parameter: "max-samples", value: "2.5", expected: "an integer >= 0")
    ),
    (
      "kalman", ["model": "jerk"],
      .invalidValue(
        filter: "kalman", parameter: "model", value: "jerk", expected: "velocity or position")
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
        == "beta: not a parameter of filter median (it takes: max-samples, window)")
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
}
