import Placement
import Testing

/// The `PositionFilter` contract, checked on every filter of the registry
/// (``PositionFilterKind/all``) in every configuration its choice parameters allow (the Kalman
/// filter's `model`, say), so a filter added to the registry is covered without touching this
/// file: the first sample passes through; non-finite input and timestamps that do not increase
/// are rejected without changing anything; `reset(to:timestampSeconds:)` restarts as if the
/// position were the first sample and ignores non-finite input; finite input never gives a
/// non-finite estimate.
@Suite struct PositionFilterConformanceTests {
  /// One registered filter in one configuration: its name and the choice parameters given.
  struct Configuration: Sendable, CustomTestStringConvertible {
    var name: String
    var parameters: [String: String]

    var testDescription: String {
      ([name] + parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }).joined(
        separator: " ")
    }

    func make() throws -> AnyPositionFilter {
      try AnyPositionFilter(name: name, parameters: parameters)
    }
  }

  /// Every registered filter with its defaults, and once per value of each choice parameter.
  static let configurations: [Configuration] = PositionFilterKind.all.flatMap { kind in
    var configurations = [Configuration(name: kind.name, parameters: [:])]
    for parameter in kind.parameters {
      guard case .choice(let values) = parameter.domain else { continue }
      for value in values {
        configurations.append(Configuration(name: kind.name, parameters: [parameter.name: value]))
      }
    }
    return configurations
  }

  /// A filter that has accepted a short track: 60 Hz samples along x, 1 mm apart.
  static func warmedUp(_ configuration: Configuration) throws -> AnyPositionFilter {
    var filter = try configuration.make()
    for index in 0..<6 {
      let outcome = filter.update(
        measurement: SIMD3(0.2 + 0.001 * Float(index), 1, -2),
        timestampSeconds: 10 + Double(index) / 60)
      #expect(outcome == .accepted, "sample \(index)")
    }
    return filter
  }

  @Test func theRegistryIsCovered() {
    #expect(Set(Self.configurations.map(\.name)) == Set(AnyPositionFilter.filterNames))
    #expect(Self.configurations.count > AnyPositionFilter.filterNames.count)
  }

  @Test(arguments: configurations)
  func firstSamplePassesThroughUnchanged(_ configuration: Configuration) throws {
    var filter = try configuration.make()
    #expect(filter.position == nil && filter.lastTimestampSeconds == nil)
    #expect(filter.predictedPosition(atSeconds: 1) == nil)
    let measurement = SIMD3<Float>(0.125, -1.5, 3.25)
    #expect(filter.update(measurement: measurement, timestampSeconds: 4.5) == .accepted)
    #expect(filter.position == measurement)
    #expect(filter.lastTimestampSeconds == 4.5)
    #expect(filter.predictedPosition(atSeconds: 4.5) == measurement)
  }

  @Test(arguments: configurations)
  func nonFiniteInputIsRejectedWithoutChange(_ configuration: Configuration) throws {
    let nan = Float.nan
    let samples: [(SIMD3<Float>, Double)] = [
      (SIMD3(nan, 0, 0), 11), (SIMD3(0, .infinity, 0), 11), (SIMD3(0, 0, -.infinity), 11),
      (SIMD3(0.2, 1, -2), .nan), (SIMD3(0.2, 1, -2), .infinity),
    ]
    for (measurement, timestamp) in samples {
      var fresh = try configuration.make()
      #expect(
        fresh.update(measurement: measurement, timestampSeconds: timestamp)
          == .rejectedNonFinite)
      #expect(fresh == (try configuration.make()), "a rejected first sample changed the filter")
      #expect(fresh.position == nil)

      var filter = try Self.warmedUp(configuration)
      let before = filter
      #expect(
        filter.update(measurement: measurement, timestampSeconds: timestamp)
          == .rejectedNonFinite)
      #expect(
        filter.update(
          measurement: measurement, measurementStdMeters: 0.003, timestampSeconds: timestamp)
          == .rejectedNonFinite)
      #expect(filter == before, "\(measurement) at \(timestamp) changed the filter")
    }
  }

  @Test(arguments: configurations)
  func timestampsThatDoNotIncreaseAreRejectedWithoutChange(_ configuration: Configuration)
    throws
  {
    var filter = try Self.warmedUp(configuration)
    let before = filter
    let last = try #require(filter.lastTimestampSeconds)
    for timestamp in [last, last - 1e-9, last - 1, 0, -5] {
      #expect(
        filter.update(measurement: SIMD3(0.3, 1, -2), timestampSeconds: timestamp)
          == .rejectedNonIncreasingTimestamp, "t = \(timestamp)")
      #expect(filter == before, "t = \(timestamp) changed the filter")
    }
    // The next later sample is accepted as usual.
    #expect(
      filter.update(measurement: SIMD3(0.206, 1, -2), timestampSeconds: last + 1 / 60).isAccepted)
  }

  @Test(arguments: configurations)
  func resetRestartsAsFromAFirstSample(_ configuration: Configuration) throws {
    var filter = try Self.warmedUp(configuration)
    let position = SIMD3<Float>(-0.5, 0.75, -1)
    filter.reset(to: position, timestampSeconds: 20)
    #expect(filter.position == position)
    #expect(filter.lastTimestampSeconds == 20)
    #expect(filter.predictedPosition(atSeconds: 21) == position, "velocity is zero after reset")
    // From here on it behaves like a fresh filter whose first sample was `position` at 20 s.
    var fresh = try configuration.make()
    _ = fresh.update(measurement: position, timestampSeconds: 20)
    for index in 1...5 {
      let measurement = position + SIMD3(0.002 * Float(index), 0, 0)
      let time = 20 + Double(index) / 30
      #expect(
        filter.update(measurement: measurement, timestampSeconds: time)
          == fresh.update(measurement: measurement, timestampSeconds: time))
      #expect(filter.position == fresh.position, "sample \(index) after reset")
    }
    // Non-finite input to reset is ignored.
    let before = filter
    filter.reset(to: SIMD3(.nan, 0, 0), timestampSeconds: 30)
    filter.reset(to: position, timestampSeconds: .nan)
    filter.reset(to: position, timestampSeconds: .infinity)
    #expect(filter == before)
  }

  @Test(arguments: configurations)
  func finiteInputNeverGivesANonFiniteEstimate(_ configuration: Configuration) throws {
    var filter = try configuration.make()
    let times: [Double] = [0, 1e-300, 2e-300, 1, 1e300, 1e300 * 1.5, 1e308]
    for (index, time) in times.enumerated() {
      let value = SIMD3<Float>(Float(index % 2) * 3e38, -1, Float(index))
      _ = filter.update(measurement: value, timestampSeconds: time)
      let estimate = try #require(filter.position)
      #expect(
        estimate.x.isFinite && estimate.y.isFinite && estimate.z.isFinite, "at t = \(time)")
    }
  }
}
