import Placement
import SpatialMath
import Testing

/// `MarkerTracker.lastFrameLog` names what happened to every measurement, by hand-worked frames
/// with the default configuration (12 mm gate, 3 hits to confirm, evidence within 15 cm, 2
/// consistent pieces of evidence re-anchor).
@Suite struct MarkerTrackerFrameLogTests {
  static let p = SIMD3<Float>(0.1, -0.2, -0.5)

  @Test func everyMeasurementGetsItsOutcome() throws {
    var tracker = try MarkerTrackerTests.tracker()
    let fan = MarkerMeasurement(label: "fan", position: Self.p)
    let broken = MarkerMeasurement(label: "ac", position: SIMD3(.nan, 0, 0))
    tracker.update(measurements: [fan, broken], timestampSeconds: 0)
    #expect(tracker.lastFrameLog.measurements == [.spawned(markerID: 1), .ignoredNonFinite])

    tracker.update(measurements: [fan], timestampSeconds: 1.0 / 30)
    tracker.update(measurements: [fan], timestampSeconds: 2.0 / 30)
    #expect(tracker.lastFrameLog.measurements == [.accepted(markerID: 1)])
    #expect(tracker.shownMarkers.map(\.id) == [1])

    // 1 mm away: the exact one is assigned (cost 0 < 1 mm), the other is a duplicate of 1.
    let near = MarkerMeasurement(label: "fan", position: Self.p + SIMD3(0.001, 0, 0))
    tracker.update(measurements: [near, fan], timestampSeconds: 3.0 / 30)
    #expect(tracker.lastFrameLog.measurements == [.duplicate(markerID: 1), .accepted(markerID: 1)])
    #expect(tracker.lastFrameLog.measurements.map(\.isOutlier) == [true, false])

    // 5 cm away (beyond the gate, within the search radius): evidence, then a re-anchoring on
    // the second consistent one; a new "ac" starts marker 2.
    let moved = MarkerMeasurement(label: "fan", position: Self.p + SIMD3(0.05, 0, 0))
    tracker.update(measurements: [moved], timestampSeconds: 4.0 / 30)
    #expect(tracker.lastFrameLog.measurements == [.evidence(markerID: 1)])
    #expect(tracker.lastFrameLog.reanchoredMarkerIDs.isEmpty)
    let ac = MarkerMeasurement(label: "ac", position: Self.p + SIMD3(0, 0.1, 0))
    tracker.update(measurements: [moved, ac], timestampSeconds: 5.0 / 30)
    #expect(tracker.lastFrameLog.measurements == [.evidence(markerID: 1), .spawned(markerID: 2)])
    #expect(tracker.lastFrameLog.reanchoredMarkerIDs == [1])

    // The tentative "ac" misses and is removed.
    tracker.update(measurements: [moved], timestampSeconds: 6.0 / 30)
    #expect(
      tracker.lastFrameLog.removals == [MarkerRemoval(markerID: 2, reason: .tentativeMissed)])
  }

  @Test func anIgnoredFrameLeavesTheLogAlone() throws {
    var tracker = try MarkerTrackerTests.tracker()
    tracker.update(
      measurements: [MarkerMeasurement(label: "fan", position: Self.p)], timestampSeconds: 1)
    tracker.update(measurements: [], timestampSeconds: 1)  // Not later: ignored.
    #expect(tracker.lastFrameLog.measurements == [.spawned(markerID: 1)])
  }
}
