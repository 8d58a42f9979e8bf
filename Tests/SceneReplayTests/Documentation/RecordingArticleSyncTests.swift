import Foundation
import Testing
import _TestSupport

/// The Swift blocks of the article "Recording your own sessions" equal the code the
/// SessionRecordingTests target compiles: the device block where ARKit has `ARFrame`
/// (`RecordingArticleDeviceSnippets.swift`), the CI block everywhere
/// (`RecordingArticleSnippetTests.swift`, which runs it on a recorded take).
@Suite struct RecordingArticleSyncTests {
  @Test func theArticleMatchesItsSnippets() throws {
    let tests = RecordingFixtures.packageRoot().appendingPathComponent(
      "Tests/SessionRecordingTests")
    try DocumentationSnippets.expectInSync(
      document: "Sources/SessionRecording/SessionRecording.docc/RecordingYourOwnSessions.md",
      testFiles: [
        tests.appendingPathComponent("RecordingArticleDeviceSnippets.swift").path,
        tests.appendingPathComponent("RecordingArticleSnippetTests.swift").path,
      ])
  }
}
