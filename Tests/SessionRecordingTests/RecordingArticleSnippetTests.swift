import DashboardApp
import Foundation
import SessionRecording
import SessionSimulation
import Testing
import _TestSupport

/// The CI block of the article "Recording your own sessions", run on a take recorded through
/// the recorder from the bundled dashboard recording (its truth in the header): the example
/// app's requirements (every button marked, within 3 cm) hold on it as on the original.
@Suite struct RecordingArticleSnippetTests {
  @Test func theAppsGateHoldsOnARecordedTake() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recordingPath = directory.appendingPathComponent("take.jsonl").path
    _ = try SessionRecorderRoundTripTests.record(
      try SimulatedSession(
        contentsOfFile: RecordingFixtures.packageRoot()
          .appendingPathComponent("Scenes/dashboard-portrait.json").path),
      to: recordingPath)
    // snippet begin
    var session = try SimulatedSession(contentsOfFile: recordingPath)
    var placer = ButtonMarkerPlacer()
    let score = try session.run(&placer)
    #expect(score.missedObjects == 0, "\(score)")
    #expect(try #require(score.placementErrorRMSMillimeters) < 30, "\(score)")
    // snippet end
  }
}
