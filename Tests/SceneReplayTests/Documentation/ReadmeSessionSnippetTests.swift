import Foundation
import SessionSimulation
import Testing

/// The README's first Swift block (your placement code against a recorded session), run with the
/// package's reference placer as `myPlacer` (kept equal to the README by
/// `ReadmeAndArticleSnippetTests`). The README's path is relative to the package root, where the
/// tests run.
@Suite("README session snippet")
struct ReadmeSessionSnippetTests {
  @Test func theReferencePlacerPassesTheReadmesGate() throws {
    try #require(
      FileManager.default.fileExists(atPath: "Scenes/dashboard-portrait.json"),
      "run the tests from the package root")
    var myPlacer = StepPlacer.reference
    // snippet begin
    var session = try SimulatedSession(contentsOfFile: "Scenes/dashboard-portrait.json")
    let score = try session.run { frame in myPlacer.markers(for: frame) }
    #expect(try #require(score.mota) >= 0.8, "\(score)")
    #expect(try #require(score.placementErrorRMSMillimeters) < 30, "\(score)")
    // snippet end
  }
}
