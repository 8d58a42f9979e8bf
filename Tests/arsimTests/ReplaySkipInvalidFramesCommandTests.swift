import Foundation
import SceneFormat
import SceneReplay
import Testing
import _ReplayFixtures
import _TestSupport

/// `arsim replay --skip-invalid-frames` end to end: an 8-frame recording whose frames 2 (focal
/// length 0) and 5 (not JSON in JSON Lines, a repeated timestamp in JSON) are bad.
@Suite("arsim replay --skip-invalid-frames")
struct ReplaySkipInvalidFramesCommandTests {
  @Test(arguments: ["bad.json", "bad.jsonl"])
  func refusedWithoutTheFlagListedWithIt(name: String) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    try DashboardReplayScenario(frameCount: 8).writeWithBadFrames(toFile: path)

    let refused = try ArsimRunner.run(["replay", path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains(name) && refused.stderr.contains("frames[2].camera.intrinsics"))
    #expect(refused.stdout.isEmpty)

    let text = try ArsimRunner.run(["replay", path, "--skip-invalid-frames"])
    #expect(text.status == 0)
    #expect(text.stdout.contains("replayed 6 frames"))
    #expect(text.stdout.contains("skipped 2 frames"))
    // JSON Lines: the header is line 1, frame i is line i + 2.
    let lines = name.hasSuffix(".jsonl")
    #expect(
      text.stdout.contains(
        "frame 2\(lines ? " line 4" : ""): frames[2].camera.intrinsics"), "\(text.stdout)")
    #expect(
      text.stdout.contains(
        lines ? "frame 5 line 7: frames[5]: " : "frame 5: frames[5].timestamp: "),
      "\(text.stdout)")

    let out = directory.appendingPathComponent("markers.jsonl").path
    let json = try ArsimRunner.run([
      "replay", path, "--skip-invalid-frames", "--json", "--out", out,
    ])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["frameCount"] as? Int == 6)
    let skipped = try #require(object["skippedFrames"] as? [[String: Any]])
    #expect(skipped.map { $0["index"] as? Int } == [2, 5])
    #expect((skipped[0]["path"] as? String)?.hasPrefix("frames[2].camera.intrinsics") == true)
    #expect(skipped.allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
    let outLines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    let frames = try outLines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["frame"]
        as? Int
    }
    #expect(frames == [0, 1, 3, 4, 6, 7])

    // The report comes from the same replay: 6 frames, the last one replayed drawn.
    let page = directory.appendingPathComponent("report.html").path
    let report = try ArsimRunner.run(["replay", path, "--skip-invalid-frames", "--report", page])
    #expect(report.status == 0, "\(report.stderr)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("<p class=\"sub\">6 frames over"))
    #expect(html.contains(">frame 7, t = "))
  }

  /// `--max-frames` reaches the reader: an 8-frame file is refused under `--max-frames 5`,
  /// naming frames[5] (also with --skip-invalid-frames: the limit is not a bad frame).
  @Test(arguments: ["ok.json", "ok.jsonl"])
  func maxFramesLimitsTheRecording(name: String) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    try DashboardReplayScenario(frameCount: 8).recording().write(toFile: path)
    #expect(try ArsimRunner.run(["replay", path, "--max-frames", "8"]).status == 0)
    for extra in [[], ["--skip-invalid-frames"]] {
      let result = try ArsimRunner.run(["replay", path, "--max-frames", "5"] + extra)
      #expect(result.status == 1)
      #expect(result.stderr.contains(name) && result.stderr.contains("maximumFrames"))
    }
    #expect(try ArsimRunner.run(["replay", path, "--max-frames", "0"]).status == 64)
    #expect(try ArsimRunner.run(["replay", path, "--max-frames", "x"]).status == 64)
  }

  /// One committed scene through the binary: `--json` and `--out` bytes equal for two runs with
  /// one thread and one with two.
  @Test func committedSceneSameBytesForOneAndTwoThreads() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = ReplayCommandTests.scenes.appendingPathComponent("dashboard-portrait.json").path
    var outputs: [String] = []
    for (run, threads) in ["1", "1", "2"].enumerated() {
      let out = directory.appendingPathComponent("out-\(run).jsonl").path
      let result = try ArsimRunner.run([
        "replay", scene, "--json", "--threads", threads, "--out", out,
      ])
      #expect(result.status == 0)
      outputs.append(result.stdout + (try String(contentsOfFile: out, encoding: .utf8)))
    }
    #expect(outputs[0].count > 1000)
    #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0])
  }
}
