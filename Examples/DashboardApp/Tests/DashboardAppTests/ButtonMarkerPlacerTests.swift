import DashboardApp
import Foundation
import SessionSimulation
import Testing

/// The app's placement code on recorded and synthesized sessions, scored against their truth:
/// the tests an app team keeps in CI. The thresholds are the app's requirements (markers within
/// 3 cm of the button, every button marked), not figures of one run.
@Suite struct ButtonMarkerPlacerTests {
  /// `Scenes/` at the root of this repository.
  static let scenes = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes")

  // snippet begin
  @Test(arguments: ["dashboard-portrait.json", "dashboard-downmirrored.json"])
  func marksEveryButtonWithinThreeCentimetres(recording: String) throws {
    var session = try SimulatedSession(
      contentsOfFile: Self.scenes.appendingPathComponent(recording).path)
    var placer = ButtonMarkerPlacer()
    let score = try session.run(&placer)
    #expect(score.missedObjects == 0, "\(score)")
    #expect(try #require(score.placementErrorRMSMillimeters) < 30, "\(score)")
    #expect(try #require(score.mota) >= 0.7, "\(score)")
    #expect(score.bestFit?.mistakeID == "none", "\(score)")
  }
  // snippet end

  /// A scene synthesized as the test runs: the placement bench (buttons across the view, a
  /// region of interest, a second surface behind the dashboard, a brisk pan).
  @Test func holdsOnThePlacementBench() throws {
    var session = try SimulatedSession(
      specFile: Self.scenes.appendingPathComponent("specs/placement-bench.json").path, seed: 4)
    var placer = ButtonMarkerPlacer()
    let score = try session.run(&placer, harness: PlacementHarness(diagnoses: false))
    #expect(score.missedObjects == 0, "\(score)")
    #expect(score.asPlacedErrorRMSMillimeters ?? .infinity < 30, "\(score)")
  }

  /// A regression the tests must catch: the app inverts boxes as if Vision got the image
  /// upright (`.up`) while the request handler was given `.right`. The markers land far off,
  /// and the diagnosis names the mistake.
  @Test func catchesTheWrongVisionOrientation() throws {
    var session = try SimulatedSession(
      contentsOfFile: Self.scenes.appendingPathComponent("dashboard-portrait.json").path)
    var configuration = ButtonMarkerPlacer.Configuration()
    configuration.assumedVisionRequest = try VisionRequestSettings(
      orientation: .up, cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416))
    var placer = ButtonMarkerPlacer(configuration: configuration)
    let score = try session.run(&placer)
    #expect(score.missedObjects > 0)
    #expect(score.bestFit?.mistakeID == "orientation-up", "\(score)")
  }
}
