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
    ["render", "a.json", "--all-tracks"], ["render", "a.json", "--smoothed"],
    ["render", "a.json", "--top-down", "--depth"],
    ["render", "a.json", "--top-down", "--wireframe"],
  ])
  func usageErrorsExit64(arguments: [String]) throws {
    let result = try ArsimRunner.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--help"))
  }

  static let curved = URL(fileURLWithPath: sample).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("dashboard-curved.json").path

  /// The LiDAR dashboard has sceneDepth and smoothedSceneDepth on frames 0, 15, ..., 135 (2 Hz at
  /// 30 fps over 150 frames): frame 60 draws a 256 x 192 depth PNG, the same bytes twice, with
  /// the scale in the legend; --smoothed draws the smoothed map.
  @Test func depthPictureOfTheCurvedDashboard() throws {
    let first = try ArsimRunner.run(["render", Self.curved, "--frame", "60", "--depth"])
    let second = try ArsimRunner.run(["render", Self.curved, "--frame", "60", "--depth"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == second.stdout)
    let svg = first.stdout
    #expect(svg.contains("id=\"frame-depth\"") && svg.contains("data:image/png;base64,"))
    #expect(svg.contains(">sceneDepth 256x192, z-depth (m):</text>"))
    #expect(svg.contains("class=\"depth-tick\""))
    // The PNG's IHDR: width and height big-endian after the signature, length and type.
    let start = try #require(svg.range(of: "data:image/png;base64,")).upperBound
    let end = try #require(svg[start...].firstIndex(of: "\""))
    let png = [UInt8](try #require(Data(base64Encoded: String(svg[start..<end]))))
    #expect(Array(png[12..<16]) == Array("IHDR".utf8))
    #expect(Array(png[16..<24]) == [0, 0, 1, 0, 0, 0, 0, 192])
    let smoothed = try ArsimRunner.run([
      "render", Self.curved, "--frame", "60", "--depth", "--smoothed",
    ])
    #expect(smoothed.status == 0)
    #expect(smoothed.stdout.contains(">smoothedSceneDepth 256x192, z-depth (m):</text>"))
  }

  @Test func aFrameWithoutDepthIsAnErrorListingTheFramesWithDepth() throws {
    let result = try ArsimRunner.run(["render", Self.curved, "--frame", "12", "--depth"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "dashboard-curved.json: option --depth: frame 12 has no sceneDepth; frames with "
          + "sceneDepth: 0, 15, 30, 45, 60, 75, 90, 105, 120, 135"))
    let none = try ArsimRunner.run(["render", Self.sample, "--depth", "--smoothed"])
    #expect(none.status == 1)
    #expect(none.stderr.contains("frame 2 has no smoothedSceneDepth, and no frame"))
  }

  /// The curved dashboard's truth has 13 surfaces (the panel and twelve button boxes): one
  /// wireframe path per surface with edges in view, and all 13 from above.
  @Test func wireframeAndTopDownMeshes() throws {
    let frame = try ArsimRunner.run(["render", Self.curved, "--frame", "60", "--wireframe"])
    #expect(frame.status == 0, "\(frame.stderr)")
    let paths = frame.stdout.components(separatedBy: "class=\"wireframe\"").count - 1
    #expect(paths >= 1 && paths <= 13)
    #expect(frame.stdout.contains(">truth mesh edges (13 surfaces)</text>"))
    let top = try ArsimRunner.run(["render", Self.curved, "--top-down"])
    #expect(top.status == 0)
    #expect(top.stdout.components(separatedBy: "class=\"truth-surface\"").count - 1 == 13)
    let without = try ArsimRunner.run(["render", Self.sample, "--wireframe"])
    #expect(without.status == 1)
    #expect(
      without.stderr.contains(
        "dashboard-three-frames.json: option --wireframe: the recording's truth has no surfaces"))
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
