import Foundation
import Testing
import _ReplayFixtures
import _TestSupport

/// `arsim render` and `arsim replay --report` end to end through the built binary; each test
/// uses its own temporary directory.
@Suite("arsim render")
struct RenderCommandTests {
  static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenes/recordings/dashboard-three-frames.json").path

  @Test func framePictureIsWrittenAndTheSameBytesTwice() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("scene.jsonl").path
    try DashboardReplayScenario(frameCount: 40).writeJSONLines(toFile: scene)
    var pictures: [Data] = []
    for run in 0..<2 {
      let out = directory.appendingPathComponent("frame-\(run).svg").path
      let result = try ArsimRunner.run(["render", scene, "--frame", "20", "--out", out])
      #expect(result.status == 0)
      #expect(result.stdout.contains("wrote \(out)"))
      pictures.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(pictures[0] == pictures[1])
    let text = String(decoding: pictures[0], as: UTF8.self)
    #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(text.contains("frame 20  t = 0.33 s"))
    // Without --out the same picture goes to standard output.
    let stdout = try ArsimRunner.run(["render", scene, "--frame=20"])
    #expect(stdout.status == 0 && stdout.stdout == text)
    // The JSON form of the same recording gives the same picture.
    let json = directory.appendingPathComponent("scene.json").path
    try DashboardReplayScenario(frameCount: 40).recording().write(toFile: json)
    let fromJSON = try ArsimRunner.run(["render", json, "--frame", "20"])
    #expect(fromJSON.status == 0 && fromJSON.stdout == text)
  }

  @Test func topDownPictureOfTheSample() throws {
    let result = try ArsimRunner.run(["render", Self.sample, "--top-down"])
    #expect(result.status == 0)
    #expect(result.stdout.contains(">x (m)</text>") && result.stdout.contains(">z (m)</text>"))
    #expect(result.stdout.contains("hazard-1"))
    #expect(result.stdout.hasSuffix("</svg>\n"))
  }

  /// The portrait dashboard creates many short-lived tentative markers besides the shown ones:
  /// by default only the shown markers' tracks are drawn, with --all-tracks every marker's, and
  /// the legend says which.
  @Test func allTracksDrawsTheMarkersNeverShown() throws {
    let scene = URL(fileURLWithPath: Self.sample).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("dashboard-portrait.json").path
    let shown = try ArsimRunner.run(["render", scene, "--top-down"])
    let all = try ArsimRunner.run(["render", scene, "--top-down", "--all-tracks"])
    #expect(shown.status == 0 && all.status == 0)
    // One end dot per track drawn (a track of one frame has no line, only its dot).
    let count = { (text: String) in text.components(separatedBy: "class=\"marker ").count - 1 }
    #expect(count(shown.stdout) > 0)
    #expect(count(all.stdout) > count(shown.stdout))
    #expect(all.stdout.contains("all \(count(all.stdout)) marker tracks"))
    #expect(
      shown.stdout.contains(
        "tracks of the \(count(shown.stdout)) markers shown (of \(count(all.stdout)) created)"))
  }

  @Test func aFrameOutsideTheRecordingExitsOneNamingTheRange() throws {
    let result = try ArsimRunner.run(["render", Self.sample, "--frame", "3"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("dashboard-three-frames.json"))
    #expect(result.stderr.contains("frame 3 is out of range") && result.stderr.contains("0...2"))
  }

  @Test(arguments: [
    ["render"], ["render", "a.json", "b.json"], ["render", "a.json", "--frame", "-1"],
    ["render", "a.json", "--frame", "two"], ["render", "a.json", "--out", ""],
    ["render", "a.json", "--colour"], ["replay", "a.json", "--report", ""],
    ["render", "a.json", "--all-tracks"],
  ])
  func usageErrorsExit64(arguments: [String]) throws {
    let result = try ArsimRunner.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--help"))
  }

  @Test func helpAndMissingFiles() throws {
    let help = try ArsimRunner.run(["render", "--help"])
    #expect(help.status == 0 && help.stdout.contains("--top-down"))
    let missing = try ArsimRunner.run(["render", "/nonexistent/scene.json"])
    #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/scene.json"))
  }

  @Test func replayReportIsOneSelfContainedPage() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("scene.json").path
    try DashboardReplayScenario(frameCount: 30).recording().write(toFile: scene)
    var pages: [String] = []
    for (run, threads) in ["1", "2"].enumerated() {
      let page = directory.appendingPathComponent("report-\(run).html").path
      let result = try ArsimRunner.run(["replay", scene, "--report", page, "--threads", threads])
      #expect(result.status == 0)
      pages.append(try String(contentsOfFile: page, encoding: .utf8))
    }
    #expect(pages[0] == pages[1])
    let page = pages[0]
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(
      page.contains("<table id=\"summary\">") && page.contains("<table id=\"markers-table\">"))
    #expect(page.contains("Error vs truth (mm)") && page.contains("Frame-to-frame motion (mm)"))
    #expect(page.contains("id=\"overview-chart\"") && page.contains("id=\"overview-frame\""))
    #expect(!page.contains("<script") && !page.contains("src=") && !page.contains("<link"))
    // Links only to anchors on the page.
    #expect(!page.contains("href=\"http") && !page.contains("url(http"))
  }
}
