import Foundation
import Placement
import SpatialMath
import Testing

/// Properties over seeded sweeps: filters and the tracker never produce NaN or infinity from
/// finite input, and a NaN or infinite measurement is rejected, counted and changes nothing.
@Suite struct NonFinitePropertyTests {
  static let seeds: [UInt64] = [1, 2, 3, 0xDEAD_BEEF]

  /// A finite `Float` of either sign, magnitude log-uniform in 1e-6...1e6 metres, or zero one
  /// time in sixteen.
  static func coordinate(_ rng: inout SplitMix64) -> Float {
    if rng.next() % 16 == 0 { return 0 }
    let magnitude = Float(pow(10, -6 + 12 * rng.nextUnitDouble()))
    return rng.next() % 2 == 0 ? magnitude : -magnitude
  }

  static func vector(_ rng: inout SplitMix64) -> SIMD3<Float> {
    SIMD3(coordinate(&rng), coordinate(&rng), coordinate(&rng))
  }

  /// A time step log-uniform in 1e-9...1e3 seconds.
  static func step(_ rng: inout SplitMix64) -> Double { pow(10, -9 + 12 * rng.nextUnitDouble()) }

  /// A non-finite vector: NaN or ±infinity in one or more coordinates.
  static func poisoned(_ rng: inout SplitMix64) -> SIMD3<Float> {
    var v = vector(&rng)
    let bad: [Float] = [.nan, .infinity, -.infinity, .signalingNaN]
    v[Int(rng.next() % 3)] = bad[Int(rng.next() % 4)]
    if rng.next() % 4 == 0 { v[Int(rng.next() % 3)] = bad[Int(rng.next() % 4)] }
    return v
  }

  @Test(arguments: AnyPositionFilter.filterNames, seeds)
  func filtersStayFiniteAndIgnoreNonFiniteMeasurements(name: String, seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var filter = try AnyPositionFilter(name: name, parameters: [:])
    var time = 0.0
    for _ in 0..<2_000 {
      time += Self.step(&rng)
      if rng.next() % 5 == 0 {
        let before = filter
        let outcome = filter.update(measurement: Self.poisoned(&rng), timestampSeconds: time)
        #expect(outcome == .rejectedNonFinite, "\(name) seed \(seed)")
        #expect(filter == before, "\(name) seed \(seed): a rejected measurement changed the state")
        continue
      }
      _ = filter.update(measurement: Self.vector(&rng), timestampSeconds: time)
      let position = try #require(filter.position)
      #expect(position.isFinite, "\(name) seed \(seed): \(position) at t = \(time)")
      // A filter with a position always predicts one.
      let predicted = try #require(filter.predictedPosition(atSeconds: time + Self.step(&rng)))
      #expect(
        !predicted.x.isNaN && !predicted.y.isNaN && !predicted.z.isNaN, "\(name) seed \(seed)")
    }
  }

  /// Two trackers see the same seeded stream of finite measurements; one also gets NaN and
  /// infinite measurements (and confidences) mixed in. Their markers stay identical, and their
  /// statistics differ only in `nonFiniteMeasurementCount`, which counts every injected one.
  @Test(arguments: seeds)
  func trackerRejectsAndCountsNonFiniteMeasurementsWithoutChangingState(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var clean = try MarkerTracker(filterPrototype: AnyPositionFilter.trackingDefault)
    var poisoned = clean
    let labels = ["fan", "valve", "button"]
    let anchors = (0..<3).map { _ in Self.vector(&rng) }
    var injected = 0
    var time = 0.0
    for _ in 0..<400 {
      time += 1.0 / 30
      var measurements: [MarkerMeasurement] = []
      for (label, anchor) in zip(labels, anchors) where rng.next() % 4 != 0 {
        let jitter =
          SIMD3<Float>(
            Float(rng.nextGaussian()), Float(rng.nextGaussian()), Float(rng.nextGaussian())) * 0.005
        measurements.append(
          MarkerMeasurement(label: label, position: anchor + jitter, confidence: 0.9))
      }
      var mixed = measurements
      for _ in 0..<Int(rng.next() % 3) {
        let label = labels[Int(rng.next() % 3)]
        let bad =
          rng.next() % 2 == 0
          ? MarkerMeasurement(label: label, position: Self.poisoned(&rng))
          : MarkerMeasurement(label: label, position: anchors[0], confidence: .nan)
        mixed.insert(bad, at: Int(rng.next() % UInt64(mixed.count + 1)))
        injected += 1
      }
      let expected = clean.update(measurements: measurements, timestampSeconds: time)
      let actual = poisoned.update(measurements: mixed, timestampSeconds: time)
      #expect(actual == expected, "seed \(seed) at t = \(time)")
      for marker in actual {
        #expect(marker.position.isFinite, "seed \(seed): marker \(marker.id) at t = \(time)")
      }
    }
    var statistics = poisoned.statistics
    #expect(statistics.nonFiniteMeasurementCount == injected)
    #expect(clean.statistics.nonFiniteMeasurementCount == 0)
    statistics.nonFiniteMeasurementCount = 0
    #expect(statistics == clean.statistics)
  }

  /// A frame made only of non-finite measurements still counts as a frame (markers coast) and
  /// counts each measurement.
  @Test func frameOfOnlyNonFiniteMeasurementsIsCounted() throws {
    var tracker = try MarkerTracker(filterPrototype: AnyPositionFilter.trackingDefault)
    let bad = [
      MarkerMeasurement(label: "fan", position: SIMD3(.infinity, 0, 0)),
      MarkerMeasurement(label: "fan", position: SIMD3(0, 0, 0), confidence: -.infinity),
      MarkerMeasurement(label: "fan", position: SIMD3(0, .nan, 0)),
    ]
    #expect(tracker.update(measurements: bad, timestampSeconds: 0).isEmpty)
    #expect(tracker.statistics.frameCount == 1)
    #expect(tracker.statistics.nonFiniteMeasurementCount == 3)
    #expect(tracker.statistics.createdMarkerCount == 0)
  }
}
