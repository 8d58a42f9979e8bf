import Foundation
import SessionSimulation
import Testing
import _TestSupport

@Suite struct CatalogueSurveyTests {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["CATALOGUE_SURVEY"] != nil))
  func survey() throws {
    let root = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")
    let scenes = [
      "dashboard-portrait.json", "dashboard-downmirrored.json", "tabletop-landscape.json",
      "real-arkit-logger.json",
    ]
    let harness = PlacementHarness(diagnoses: ProcessInfo.processInfo.environment["DIAG"] != nil)
    let only =
      ProcessInfo.processInfo.environment["SCENES"].map {
        $0.split(separator: ",").map(String.init)
      } ?? scenes + ["bench"]
    for scene in only {
      let path = root.appendingPathComponent(scene).path
      let candidates: [(String, StepPlacer)] =
        [("correct", .reference)] + PlacementMistake.catalogue.map { ($0.id, $0.makePlacer()) }
      for (name, placer) in candidates {
        var p = placer
        var session =
          scene == "bench"
          ? try SimulatedSession(
            specFile: root.appendingPathComponent("specs/placement-bench.json").path, seed: 4)
          : try SimulatedSession(contentsOfFile: path)
        let score = try session.run(&p, harness: harness)
        print(
          String(
            format: "%@ %@ asPlaced %.1f err %.1f mota %.3f missed %d fit %@ %.1f", scene, name,
            score.asPlacedErrorRMSMillimeters ?? -1, score.placementErrorRMSMillimeters, score.mota,
            score.missedObjects, score.bestFit?.mistakeID ?? "-",
            score.bestFit?.residualMillimeters ?? -1))
      }
    }
  }
}
