import Foundation
import SceneReplay
import Testing
import _ReplayFixtures

/// The camera mistakes late results and tracker boxes invite, on a synthesized pan (the
/// detector-rate experiment's scene, 10 Hz, results 6 frames late): each places worse than its
/// correct counterpart and the diagnosis names it.
@Suite struct VisionMistakesTests {
  static func score(_ placer: StepPlacer, mistakes: [PlacementMistake]) throws -> PlacementScore {
    var p = placer
    var session = try SimulatedSession(
      spec: DetectorRateExperiment.spec(
        motion: .pan, rateHz: 10, latencyFrames: 6, durationSeconds: 5), seed: 21)
    return try session.run(&p, harness: PlacementHarness(mistakes: mistakes))
  }

  @Test func lateResultWithTheCurrentCamera() throws {
    let mistakes = [PlacementMistake.lateResultCurrentCamera, .cameraOneFrameLate]
    let good = try Self.score(.reference, mistakes: mistakes)
    let bad = try Self.score(
      PlacementMistake.lateResultCurrentCamera.makePlacer(), mistakes: mistakes)
    #expect(
      try #require(bad.placementErrorRMSMillimeters)
        > (try #require(good.placementErrorRMSMillimeters)) + 2)
    #expect(bad.bestFit?.mistakeID == "late-result-current-camera")
    #expect(good.bestFit?.mistakeID == "none")
  }

  @Test func trackerBoxWithTheWrongFramesCamera() throws {
    let mistakes = [PlacementMistake.trackerBoxWrongCamera, .cameraOneFrameLate]
    let good = try Self.score(StepPlacer(steps: TrackedBoxSteps()), mistakes: mistakes)
    let bad = try Self.score(
      PlacementMistake.trackerBoxWrongCamera.makePlacer(), mistakes: mistakes)
    #expect(
      try #require(bad.placementErrorRMSMillimeters)
        > 1.4 * (try #require(good.placementErrorRMSMillimeters)))
    #expect(try #require(bad.mota) < (try #require(good.mota)) - 0.1)
    #expect(bad.bestFit?.mistakeID == "tracker-box-wrong-camera")
  }
}
