import ARSimulation
import Placement
import SpatialMath
import Testing

/// Lifetimes with a `DetectorView`: a marker ages only in detector frames where it should have
/// been detected. Frames at 30 Hz; the default 1.5 s of missed time removes a marker, so 45
/// missed in-view frames (1.5 s) keep it and 50 (1.67 s) remove it.
@Suite struct MarkerTrackerVisibilityTests {
  typealias F = TrackerViewFixtures
  static let button = SIMD3<Float>(0, 0, -1)

  /// Three hits at 0, 1/30, 2/30 s in view: a confirmed marker 1.
  static func confirmed(
    _ configure: (inout MarkerTrackerConfiguration) -> Void = { _ in }
  ) -> MarkerTracker<ConstantPositionKalmanFilter> {
    var tracker = F.tracker(configure)
    for i in 0..<3 {
      tracker.update(
        measurements: [F.wallMeasurement("fan", button)], timestampSeconds: Double(i) / 30,
        view: F.view())
    }
    return tracker
  }

  @Test func outOfViewAMarkerStaysWhereItWasAnchored() {
    var tracker = Self.confirmed()
    #expect(tracker.shownMarkers.map(\.id) == [1])
    // Turned 90° left for 10 s: the button is 90° off the axis, the half field of view is
    // atan(960/1000) = 43.8°.
    let away = F.view(yawDegrees: 90)
    #expect(!F.sees(away, Self.button))
    for i in 3..<303 {
      tracker.update(measurements: [], timestampSeconds: Double(i) / 30, view: away)
    }
    #expect(tracker.markers.map(\.id) == [1])
    #expect(tracker.markers.map(\.state) == [.coasting])
    #expect(tracker.markers.map(\.position) == [Self.button])
    // Back in view and missed: it ages from now on.
    for i in 303..<348 {
      tracker.update(measurements: [], timestampSeconds: Double(i) / 30, view: F.view())
    }
    #expect(tracker.markers.map(\.id) == [1], "45 missed frames = 1.5 s: not more than 1.5 s")
    for i in 348..<353 {
      tracker.update(measurements: [], timestampSeconds: Double(i) / 30, view: F.view())
    }
    #expect(tracker.markers.isEmpty)
    #expect(tracker.statistics.removedMarkerCount == 1)
  }

  @Test func withoutAViewTheOldTimeLimitApplies() {
    var tracker = F.tracker()
    for i in 0..<3 {
      tracker.update(
        measurements: [F.wallMeasurement("fan", Self.button)], timestampSeconds: Double(i) / 30)
    }
    // Last hit at 2/30 s: removed once more than 1.5 s have passed, at 1.6 s.
    tracker.update(measurements: [], timestampSeconds: 1.5)
    #expect(tracker.markers.count == 1)
    tracker.update(measurements: [], timestampSeconds: 1.6)
    #expect(tracker.markers.isEmpty)
  }

  @Test func aFrameWithoutDetectionAgesNothing() {
    var tracker = Self.confirmed()
    let noDetector = DetectorView(camera: F.camera(), isDetectorFrame: false)
    for i in 3..<300 {
      tracker.update(measurements: [], timestampSeconds: Double(i) / 30, view: noDetector)
    }
    #expect(tracker.markers.map(\.state) == [.confirmed])
  }

  /// A pause of the detector (3 s between detector frames, in view) ages a marker by at most
  /// `maximumAgingStepSeconds` (0.1 s).
  @Test func aDetectorPauseAgesByTheStepLimit() {
    var tracker = Self.confirmed()
    tracker.update(measurements: [], timestampSeconds: 3, view: F.view())
    tracker.update(measurements: [], timestampSeconds: 6, view: F.view())
    #expect(tracker.markers.count == 1)
  }

  @Test func aTentativeMarkerDiesOnItsFirstMissedDetectorFrame() {
    var tracker = F.tracker()
    tracker.update(
      measurements: [F.wallMeasurement("fan", Self.button)], timestampSeconds: 0, view: F.view())
    tracker.update(measurements: [], timestampSeconds: 1.0 / 30, view: F.view(yawDegrees: 90))
    #expect(tracker.markers.isEmpty)
    #expect(tracker.lastFrameLog.removals == [MarkerRemoval(markerID: 1, reason: .tentativeMissed)])
  }

  /// The incidence limit: seen at 85° from its wall's normal (limit 80°), in the middle of the
  /// image, a missed marker does not age.
  @Test func aSteepViewDoesNotAge() {
    var tracker = Self.confirmed()
    // From (-x, 0, -1 + ε) looking along +x (yaw -90°): the ray meets the wall's normal (0,0,1)
    // at 90° - atan(0.0875) ≈ 85°.
    let steep = F.view(at: SIMD3(-1, 0, -1 + 0.0875), yawDegrees: -90)
    #expect(F.sees(steep, Self.button))
    for i in 3..<200 {
      tracker.update(measurements: [], timestampSeconds: Double(i) / 30, view: steep)
    }
    #expect(tracker.markers.count == 1)
  }

  @Test func maximumUnobservedSecondsRemovesEvenOutOfView() {
    var tracker = Self.confirmed { $0.maximumUnobservedSeconds = 2 }
    let away = F.view(yawDegrees: 90)
    // Last hit at 2/30 s; 2 s later is 2.0667 s.
    tracker.update(measurements: [], timestampSeconds: 2.05, view: away)
    #expect(tracker.markers.count == 1)
    tracker.update(measurements: [], timestampSeconds: 2.1, view: away)
    #expect(tracker.markers.isEmpty)
  }

  /// Back in view 3 cm from where it was (drift while away): beyond the gate (face on at 1 m the
  /// gate's variance is 2.5² + 1 + 3² (marker) = 16.25 mm² sideways, 30² / 16.25 = 55 > 16.27),
  /// within the 15 cm search radius, so two consistent sightings re-anchor the same marker.
  @Test func anObjectThatComesBackElsewhereGetsItsOldMarker() {
    var tracker = Self.confirmed()
    for i in 3..<150 {
      tracker.update(
        measurements: [], timestampSeconds: Double(i) / 30, view: F.view(yawDegrees: 90))
    }
    let moved = Self.button + SIMD3(0.03, 0, 0)
    tracker.update(
      measurements: [F.wallMeasurement("fan", moved)], timestampSeconds: 150.0 / 30, view: F.view())
    #expect(tracker.lastFrameLog.measurements == [.evidence(markerID: 1)])
    tracker.update(
      measurements: [F.wallMeasurement("fan", moved)], timestampSeconds: 151.0 / 30, view: F.view())
    #expect(tracker.lastFrameLog.reanchoredMarkerIDs == [1])
    #expect(tracker.shownMarkers.map(\.id) == [1])
    #expect(tracker.shownMarkers.map(\.position) == [moved])
    #expect(tracker.statistics.createdMarkerCount == 1)
  }
}
