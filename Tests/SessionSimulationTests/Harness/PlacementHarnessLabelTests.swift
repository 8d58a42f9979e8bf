import Foundation
import SessionSimulation
import Testing

/// Labels count in every figure: the three-frame recording looking straight down, with two
/// objects in view ("door" at x = -5 cm, "seat" at x = +5 cm, 1 m below the camera) and one that
/// never is ("lamp", 5 m away along z), threshold 4 cm.
@Suite struct PlacementHarnessLabelTests {
  static let door = SIMD3<Float>(-0.05, -1, 0)
  static let seat = SIMD3<Float>(0.05, -1, 0)
  static let lamp = SIMD3<Float>(0, -1, 5)

  static func session() throws -> SimulatedSession {
    var recording = try SessionTrackedRaycastTests.recording()
    recording.header.truth = RecordingTruth(objects: [
      RecordingTruthObject(id: "A", label: "door", position: SIMD3<Double>(door), size: .zero),
      RecordingTruthObject(id: "B", label: "seat", position: SIMD3<Double>(seat), size: .zero),
      RecordingTruthObject(id: "C", label: "lamp", position: SIMD3<Double>(lamp), size: .zero),
    ])
    return try SimulatedSession(recording: recording)
  }

  static func score(labels: (String, String, String)) throws -> PlacementScore {
    var session = try session()
    return try session.run(PlacementHarness(matchThresholdMeters: 0.04, diagnoses: false)) { _ in
      [
        PlacedMarker(id: 1, label: labels.0, position: door),
        PlacedMarker(id: 2, label: labels.1, position: seat),
        PlacedMarker(id: 3, label: labels.2, position: lamp),
      ]
    }
  }

  /// Every marker on its object with its label: A and B are matched in all 3 frames (C is never
  /// in view and its marker neither): MOTA 1, IDF1 1.
  @Test func rightLabelsScorePerfectly() throws {
    let score = try Self.score(labels: ("door", "seat", "lamp"))
    #expect(score.metrics.tracking.truthCount == 6)
    #expect(score.mota == 1 && score.idf1 == 1)
    #expect(score.misses == 0 && score.falsePositives == 0 && score.idSwitches == 0)
    #expect(score.missedObjects == 0 && score.falseMarkers == 0)
    #expect(score.placementErrorRMSMillimeters == 0)
  }

  /// The labels of A and B swapped (C's marker keeps its own): each of the 6 object-frames in
  /// view is a miss and each of the 6 marker-frames in view a false positive, nothing matches:
  /// MOTA = 1 - (6 + 6) / 6 = -1, IDF1 = 0. At the end both markers match nothing of their
  /// label within 4 cm (the other object of that label is 10 cm away): 2 false markers, A and B
  /// missed.
  @Test(arguments: [("seat", "door"), ("window", "window")])
  func wrongLabelsAreMissesAndFalsePositives(labels: (String, String)) throws {
    let score = try Self.score(labels: (labels.0, labels.1, "lamp"))
    #expect(score.metrics.tracking.truthCount == 6)
    #expect(score.misses == 6 && score.falsePositives == 6 && score.idSwitches == 0)
    #expect(score.mota == -1)
    #expect(score.idf1 == 0)
    #expect(score.missedObjects == 2 && score.falseMarkers == 2)
    #expect(score.objects.map(\.matchedFrameCount) == [0, 0, 0])
    #expect(score.metrics.trackingPlaceable.matchCount == 0)
    #expect(try ScoreRequirement(parsing: "mota>=0.9").check(score).holds == false)
  }
}
