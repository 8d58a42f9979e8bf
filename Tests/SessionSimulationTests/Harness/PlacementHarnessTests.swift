import Foundation
import SessionSimulation
import Testing

/// The harness scores markers with expectations worked out by hand: markers exactly on the
/// truth score perfectly, a constant offset is the placement error, tentative markers are not
/// scored, an id change is one switch, bad markers are refused.
@Suite struct PlacementHarnessTests {
  static let dashboard = SimulatedSessionTests.scenes.appendingPathComponent(
    "dashboard-portrait.json"
  ).path

  /// Markers for every truth object at its position plus `offset` (metres), in `state`.
  static func oracle(
    _ truth: RecordingTruth, offset: SIMD3<Float> = .zero, state: MarkerState = .confirmed
  ) -> [PlacedMarker] {
    truth.objects.map {
      PlacedMarker(
        id: MarkerID($0.id), label: $0.label, position: SIMD3<Float>($0.position) + offset,
        state: state)
    }
  }

  @Test func markersOnTheTruthScorePerfectly() throws {
    var session = try SimulatedSession(contentsOfFile: Self.dashboard)
    let truth = try #require(session.truth)
    let score = try session.run(PlacementHarness(diagnoses: false)) { _ in Self.oracle(truth) }
    #expect(score.frameCount == 600)
    #expect(score.mota == 1)
    #expect(score.idf1 == 1)
    #expect(score.idSwitches == 0 && score.misses == 0 && score.falsePositives == 0)
    #expect(score.placementErrorRMSMillimeters == 0)
    #expect(score.asPlacedErrorRMSMillimeters == 0)
    #expect(score.jitterRMSMillimeters == 0)
    #expect(score.reprojectionErrorRMSPixels == 0)
    #expect(score.missedObjects == 0 && score.falseMarkers == 0)
    // Markers on every object are matched the first frame each object is in view, so every
    // object in view is marked once the last of them has come into view.
    let firstInView = try Self.firstSecondsInView(Self.dashboard)
    #expect(score.timeToFirstMarkerMaxSeconds == firstInView.values.max())
    for object in score.objects {
      #expect(object.firstMatchedSeconds == firstInView[object.id], "\(object.id)")
    }
    #expect(score.metrics.neverInViewObjectCount == 12 - firstInView.count)
    #expect(score.objects.count == 12)
    // Some buttons are never inside the portrait viewport (it shows 886 of the 1440 image
    // columns); those in view are matched in every frame they are.
    #expect(score.objects.contains { $0.visibleFrameCount > 0 })
    for object in score.objects where object.visibleFrameCount > 0 {
      #expect(object.matchedFrameCount == object.visibleFrameCount)
      #expect(object.errorRMSMillimeters == 0)
    }
  }

  /// 6 mm along x and 8 mm along z: 10 mm from every object (well inside the 40 mm threshold).
  @Test func aConstantOffsetIsThePlacementError() throws {
    var session = try SimulatedSession(contentsOfFile: Self.dashboard)
    let truth = try #require(session.truth)
    let score = try session.run(PlacementHarness(diagnoses: false)) { _ in
      Self.oracle(truth, offset: SIMD3(0.006, 0, 0.008))
    }
    #expect(abs(try #require(score.placementErrorRMSMillimeters) - 10) < 1e-3)
    #expect(abs(try #require(score.placementErrorMaxMillimeters) - 10) < 1e-3)
    #expect(abs(try #require(score.asPlacedErrorRMSMillimeters) - 10) < 1e-3)
    #expect(score.jitterRMSMillimeters == 0)
    // An object at the edge of the view can be in it while its shifted marker is not.
    #expect(score.objects.filter { $0.matchedFrameCount > 0 }.count >= 6)
    for object in score.objects where object.matchedFrameCount > 0 {
      #expect(abs(try #require(object.errorRMSMillimeters) - 10) < 1e-3)
    }
  }

  @Test func tentativeMarkersAreNotScored() throws {
    var session = try SimulatedSession(contentsOfFile: Self.dashboard)
    let truth = try #require(session.truth)
    let score = try session.run(PlacementHarness(diagnoses: false)) { _ in
      Self.oracle(truth, state: .tentative)
    }
    #expect(score.mota == 0)
    #expect(score.falsePositives == 0)
    #expect(score.misses == score.metrics.tracking.truthCount)
    // Every object that was ever in view is missed; the others were never in view.
    let inView = try Self.firstSecondsInView(Self.dashboard).count
    #expect(inView > 0 && inView < 12)
    #expect(score.missedObjects == inView)
    #expect(score.metrics.neverInViewObjectCount == 12 - inView)
    #expect(score.objects.allSatisfy { $0.firstMatchedSeconds == nil })
    #expect(score.placementErrorRMSMillimeters == nil)
  }

  /// Per truth object that is ever inside the viewport: the seconds from the first frame to the
  /// first frame it projects inside it (worked out from the frames' cameras, apart from the
  /// scorer).
  static func firstSecondsInView(_ path: String) throws -> [String: Double] {
    var session = try SimulatedSession(contentsOfFile: path)
    let truth = try #require(session.truth)
    var first: [String: Double] = [:]
    var start: Double?
    while let frame = try session.nextFrame() {
      if start == nil { start = frame.timestamp }
      for object in truth.objects where first[object.id] == nil {
        let size = frame.viewport.size
        guard
          let point = frame.camera.projectPoint(
            SIMD3<Float>(object.position), viewport: frame.viewport),
          point.x >= 0, point.y >= 0, point.x <= size.width, point.y <= size.height
        else { continue }
        first[object.id] = frame.timestamp - start!
      }
    }
    return first
  }

  /// One object straight below the camera of the three-frame tracked-raycast recording, marked
  /// with id 1, 1, then 2: one switch in three object-frames, MOTA = 1 - 1/3; IDF1 pairs the
  /// object with id 1 for two frames: 2 * 2 / (3 + 3).
  @Test func anIdChangeIsOneSwitch() throws {
    var recording = try SessionTrackedRaycastTests.recording()
    recording.header.truth = RecordingTruth(objects: [
      RecordingTruthObject(id: "mark", label: "x", position: SIMD3(0, -1, 0), size: .zero)
    ])
    var session = try SimulatedSession(recording: recording)
    let score = try session.run(PlacementHarness(diagnoses: false)) { frame in
      [PlacedMarker(id: frame.frameIndex < 2 ? 1 : 2, label: "x", position: SIMD3(0, -1, 0))]
    }
    #expect(score.idSwitches == 1)
    #expect(abs(try #require(score.mota) - 2.0 / 3) < 1e-12)
    #expect(abs(try #require(score.idf1) - 2.0 / 3) < 1e-12)
    #expect(score.markers.map(\.id) == [1, 2])
  }

  @Test func badMarkersAreRefused() throws {
    var session = try SimulatedSession(contentsOfFile: Self.dashboard)
    #expect(throws: HarnessError.duplicateMarkerID(frameIndex: 0, id: "a")) {
      try session.run(PlacementHarness(diagnoses: false)) { _ in
        [
          PlacedMarker(id: "a", label: "fan", position: .zero),
          PlacedMarker(id: "a", label: "ac", position: .zero),
        ]
      }
    }
    var again = try SimulatedSession(contentsOfFile: Self.dashboard)
    #expect(throws: HarnessError.nonFinitePosition(frameIndex: 0, id: 7)) {
      try again.run(PlacementHarness(diagnoses: false)) { _ in
        [PlacedMarker(id: 7, label: "fan", position: SIMD3(.nan, 0, 0))]
      }
    }
    var untruthed = try SimulatedSession(recording: SessionTrackedRaycastTests.recording())
    #expect(throws: HarnessError.noTruth(file: nil)) {
      try untruthed.run { _ in [] }
    }
  }
}
