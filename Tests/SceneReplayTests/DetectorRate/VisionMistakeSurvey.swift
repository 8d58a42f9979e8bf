import Foundation
import SceneReplay
import Testing
import _ReplayFixtures
import _TestSupport

/// The numbers behind the Vision mistakes of the catalogue, printed (not asserted): run with
/// `VISION_SURVEY=1 swift test --filter VisionMistakeSurvey`.
@Suite struct VisionMistakeSurvey {
  static func line(_ name: String, _ score: PlacementScore) -> String {
    String(
      format:
        "%@: as placed %.1f mm, error %.1f mm, MOTA %.3f, false positives %d, fit %@ %.1f mm, next %@ %.1f mm",
      name, score.asPlacedErrorRMSMillimeters ?? -1, score.placementErrorRMSMillimeters ?? -1,
      score.mota ?? .nan, score.falsePositives, score.bestFit?.mistakeID ?? "-",
      score.bestFit?.residualMillimeters ?? -1,
      score.diagnosis.dropFirst().first?.mistakeID ?? "-",
      score.diagnosis.dropFirst().first?.residualMillimeters ?? -1)
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["VISION_SURVEY"] != nil))
  func survey() throws {
    let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")
    let placers: [(String, StepPlacer)] =
      [
        ("correct", .reference), ("tracked boxes", StepPlacer(steps: TrackedBoxSteps())),
        ("contour outlines", StepPlacer(steps: ContourOutlineSteps())),
      ]
      + [
        PlacementMistake.nmsSkipped, .lateResultCurrentCamera, .trackerBoxWrongCamera,
        .contourPointsNotFlipped,
      ].map { ($0.id, $0.makePlacer()) }
    for scene in ["dashboard-detector-10hz.json", "dashboard-contours.json"] {
      for (name, placer) in placers {
        var p = placer
        var session = try SimulatedSession(
          contentsOfFile: scenes.appendingPathComponent(scene).path)
        print(Self.line("\(scene) \(name)", try session.run(&p)))
      }
    }
    for (rate, latency) in [(5.0, 2), (10.0, 6)] {
      let spec = try DetectorRateExperiment.spec(motion: .pan, rateHz: rate, latencyFrames: latency)
      for (name, placer) in placers {
        var p = placer
        var session = try SimulatedSession(spec: spec, seed: 21)
        print(Self.line("pan \(rate) Hz +\(latency) \(name)", try session.run(&p)))
      }
    }
  }
}
