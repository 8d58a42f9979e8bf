// snippet begin
import SessionSimulation
// snippet pause
import Testing
import _TestSupport

/// The Swift blocks of the SessionSimulation landing page and of the article "Testing your
/// placement code", compiled and run here on the bundled dashboard recording, with the package's
/// reference placer standing in for the reader's. The article's last two blocks are the example
/// app's own tests (`Examples/DashboardApp/Tests`). Each test's regions equal its document's
/// blocks, in order.
@Suite("Session article snippets")
struct SessionArticleSnippetTests {
  static let recordingPath = "Scenes/dashboard-portrait.json"

  @Test func theLandingPageSwiftIsThisTest() throws {
    try DocumentationSnippets.expectInSync(
      document: "Sources/SessionSimulation/SessionSimulation.docc/SessionSimulation.md",
      testFile: #filePath)
  }

  @Test func theTestingArticleSwiftIsTheseTests() throws {
    let examples = RecordingFixtures.packageRoot()
      .appendingPathComponent("Examples/DashboardApp/Tests/DashboardAppTests")
    try DocumentationSnippets.expectInSync(
      document: "Sources/SessionSimulation/SessionSimulation.docc/TestingYourPlacementCode.md",
      testFiles: [
        Self.testingArticleFile,
        examples.appendingPathComponent("ButtonMarkerPlacerTests.swift").path,
        examples.appendingPathComponent("ButtonMarkerPlacerXCTests.swift").path,
      ])
  }

  static var testingArticleFile: String {
    #filePath.replacingOccurrences(
      of: "SessionArticleSnippetTests.swift", with: "TestingArticleSnippetTests.swift")
  }

  /// The landing page: your placer (here the reference one) scored on a recording.
  @Test func landingPage() throws {
    var myPlacer = StepPlacer.reference
    // snippet resume
    var session = try SimulatedSession(contentsOfFile: "Scenes/dashboard-portrait.json")
    let score = try session.run { frame in myPlacer.markers(for: frame) }
    #expect(try #require(score.mota) >= 0.8)
    // snippet end
  }
}
