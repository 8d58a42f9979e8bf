import Testing

@testable import SceneFormat

/// The error timeline against hand-worked values.
@Suite struct TrackingErrorTimelineTests {
  /// Drift 0.1 m/s in x, a 0.2 m y jump at 1 s, half the error removed at 2 s: before, the
  /// error is (0.2, 0.2, 0); the correction shifts it by (−0.1, −0.1, 0); at 3 s it is
  /// (0.3 − 0.1, 0.1, 0).
  @Test func errorAccumulatesAndCorrectionsRemoveAFraction() {
    let timeline = TrackingErrorTimeline(
      driftMetersPerSecond: SIMD3(0.1, 0, 0),
      jumps: [.init(timeSeconds: 1, offsetMeters: SIMD3(0, 0.2, 0))],
      corrections: [.init(timeSeconds: 2, fraction: 0.5, radiusMeters: 1, falloffMeters: 2)])
    func close(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Bool {
      ((a - b) * (a - b)).sum() < 1e-12
    }
    #expect(close(timeline.error(at: 0.5), SIMD3(0.05, 0, 0)))
    #expect(close(timeline.error(at: 1.9), SIMD3(0.19, 0.2, 0)))
    #expect(close(timeline.correctionShiftsMeters[0], SIMD3(-0.1, -0.1, 0)))
    #expect(close(timeline.error(at: 2), SIMD3(0.1, 0.1, 0)))
    #expect(close(timeline.error(at: 3), SIMD3(0.2, 0.1, 0)))
  }

  /// A second correction removes its fraction of what the first left.
  @Test func correctionsCompound() {
    let timeline = TrackingErrorTimeline(
      jumps: [.init(timeSeconds: 0, offsetMeters: SIMD3(0.4, 0, 0))],
      corrections: [
        .init(timeSeconds: 2, fraction: 0.5, radiusMeters: 0, falloffMeters: 0),
        .init(timeSeconds: 1, fraction: 0.5, radiusMeters: 0, falloffMeters: 0),
      ])
    #expect(timeline.corrections.map(\.timeSeconds) == [1, 2])
    #expect(timeline.error(at: 1.5) == SIMD3(0.2, 0, 0))
    #expect(timeline.error(at: 2) == SIMD3(0.1, 0, 0))
  }

  /// Weight 1 within the radius, linear over the falloff, 0 beyond; a hard edge without falloff.
  @Test(arguments: [
    (0.5, 1.0, 2.0, 1.0), (1.0, 1.0, 2.0, 1.0), (2.0, 1.0, 2.0, 0.5), (3.0, 1.0, 2.0, 0.0),
    (4.0, 1.0, 2.0, 0.0), (1.5, 1.0, 0.0, 0.0), (Double.infinity, 1.0, 2.0, 0.0),
  ])
  func weightFallsLinearly(distance: Double, radius: Double, falloff: Double, expected: Double) {
    let correction = TrackingErrorTimeline.Correction(
      timeSeconds: 0, fraction: 1, radiusMeters: radius, falloffMeters: falloff)
    #expect(correction.weight(distanceMeters: Float(distance)) == Float(expected))
  }

  /// An anchor carrying 0.2 m at half weight under a 0.5 correction moves by −0.05 m.
  @Test func anchorShiftIsFractionTimesWeightTimesCarriedError() {
    let correction = TrackingErrorTimeline.Correction(
      timeSeconds: 0, fraction: 0.5, radiusMeters: 1, falloffMeters: 2)
    #expect(
      correction.anchorShift(carriedErrorMeters: SIMD3(0.2, 0, 0), distanceMeters: 2)
        == SIMD3(-0.05, 0, 0))
  }

  /// From truth events: `nil` without corrections; drift start, jumps and corrections read.
  @Test func readsTruthEvents() throws {
    #expect(
      TrackingErrorTimeline(truthEvents: [
        .trackingJump(timestamp: 1, offsetMeters: SIMD3(1, 0, 0))
      ]) == nil)
    let timeline = try #require(
      TrackingErrorTimeline(truthEvents: [
        .trackingDrift(timestamp: 10, velocityMetersPerSecond: SIMD3(0, 0, 0.5)),
        .trackingLost(timestamp: 10.5, endTimestamp: 11),
        .trackingCorrection(timestamp: 12, fraction: 1, radiusMeters: 1, falloffMeters: 0),
      ]))
    #expect(timeline.error(at: 9) == .zero)
    #expect(timeline.error(at: 11) == SIMD3(0, 0, 0.5))
    #expect(timeline.error(at: 12) == .zero)
    #expect(timeline.error(at: 13) == SIMD3(0, 0, 0.5))
    #expect(timeline.correctionIndices(after: nil, upTo: 12) == 0..<1)
    #expect(timeline.correctionIndices(after: 12, upTo: 20).isEmpty)
    #expect(timeline.correctionIndices(after: 11.9, upTo: 11.95).isEmpty)
  }
}
