import Foundation
import SceneFormat
import SceneReplay
import Testing
import _ReplayFixtures
import _TestSupport

/// `arsim replay` end to end through the built binary; each test uses its own temporary directory.
@Suite("arsim replay")
struct ReplayCommandTests {
  static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes")

  @Test func replaysTheThreeFrameSample() throws {
    let file = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.json").path
    let text = try ArsimRunner.run(["replay", file])
    #expect(text.status == 0)
    #expect(text.stdout.contains("replayed 3 frames"))
    let json = try ArsimRunner.run(["replay", file, "--json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(
      object.keys.sorted() == [
        "firstTimestamp", "format", "frameCount", "lastTimestamp", "markers", "metrics",
        "placement", "tracker", "version",
      ])
    #expect(object["format"] as? String == "arplacementsim.replayReport")
    #expect(object["version"] as? Int == 2)
    #expect(object["frameCount"] as? Int == 3)
    // By hand from the recording: frames 1 and 2 have one detection each, whose box centre is
    // on the image's middle row (Vision (0.5, 0.44) under .right and centerCrop: image
    // (0.545, 0.5)), so its ray leaves the camera (1.2 m up, looking along -z) horizontally:
    // it never meets the floor (y = 0) and meets the tilted plane at (0, 0.9, -0.6) at local
    // z = -0.60, outside its ±0.15 boundary; two and zero feature points give no estimated plane.
    // Nothing is placed, no marker is made, and the hazard (visible in every frame: it projects
    // to viewport x = 0.012 in portrait) is missed three times: MOTA = 1 - 3/3 = 0, IDF1 = 0.
    let placement = try #require(object["placement"] as? [String: Any])
    #expect(placement["detectionCount"] as? Int == 2)
    #expect((placement["notPlaced"] as? [String: Any])?["noHit"] as? Int == 2)
    #expect((object["markers"] as? [Any])?.isEmpty == true)
    #expect((object["tracker"] as? [String: Any])?["createdMarkerCount"] as? Int == 0)
    let metrics = try #require(object["metrics"] as? [String: Any])
    #expect(metrics["truthCount"] as? Int == 3)
    #expect(metrics["missCount"] as? Int == 3)
    #expect(metrics["matchCount"] as? Int == 0)
    #expect(metrics["idSwitchCount"] as? Int == 0)
    #expect(metrics["mota"] as? Double == 0)
    #expect(metrics["idf1"] as? Double == 0)
    let lines = Self.scenes.appendingPathComponent("recordings/dashboard-three-frames.jsonl").path
    let streamed = try ArsimRunner.run(["replay", lines, "--json"])
    #expect(streamed.stdout == json.stdout)
  }

  /// The twelve buttons' first confirmations are listed button-1, button-2, ..., button-10 (by
  /// their numbers, not as text).
  @Test func firstConfirmationsAreInNaturalOrder() throws {
    let file = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let text = try ArsimRunner.run(["replay", file])
    #expect(text.status == 0)
    let line = try #require(
      text.stdout.split(separator: "\n").first { $0.contains("time to first confirmed") })
    let ids = line.split(separator: ":")[1].split(separator: ",").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(ids == (1...12).map { "button-\($0)" })
  }

  @Test func outputIsTheSameBytesForAnyThreadCount() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("scene.jsonl").path
    try DashboardReplayScenario(frameCount: 600).writeJSONLines(toFile: scene)
    var outputs: [(stdout: String, markers: Data)] = []
    for (run, threads) in ["1", "2", "2"].enumerated() {
      let out = directory.appendingPathComponent("markers-\(run).jsonl").path
      let result = try ArsimRunner.run([
        "replay", scene, "--json", "--threads", threads, "--out", out,
      ])
      #expect(result.status == 0)
      outputs.append((result.stdout, try Data(contentsOf: URL(fileURLWithPath: out))))
    }
    #expect(outputs[0].stdout == outputs[1].stdout && outputs[1].stdout == outputs[2].stdout)
    #expect(outputs[0].markers == outputs[1].markers && outputs[1].markers == outputs[2].markers)
    let lines = String(decoding: outputs[0].markers, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 600)
    #expect(
      lines[599].hasPrefix(
        #"{"format":"arplacementsim.replayFrame","frame":599,"markers":[{"id":1,"label":"hazard","#
      ))
    #expect(lines[599].hasSuffix(#","version":1}"#))
  }

  @Test func aBadFrameExitsOneNamingFileFrameAndPath() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var recording = try DashboardReplayScenario(frameCount: 4).recording()
    let scene = directory.appendingPathComponent("bad.jsonl").path
    try recording.write(toFile: scene)
    // Frame 2's first detection gets a confidence outside 0...1.
    var lines = try String(contentsOfFile: scene, encoding: .utf8).split(separator: "\n").map(
      String.init)
    lines[3] = lines[3].replacingOccurrences(
      of: #""confidence":"#, with: #""confidence":7,"x":"#, options: [], range: nil)
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: scene, atomically: true, encoding: .utf8)
    let result = try ArsimRunner.run(["replay", scene])
    #expect(result.status == 1)
    #expect(result.stderr.contains("bad.jsonl"))
    #expect(result.stderr.contains("frames[2].detections[0].confidence"))
    recording.frames[1].camera.intrinsics[4] = -3
    let json = directory.appendingPathComponent("bad.json").path
    try Data(String(decoding: try JSONWriter.bytes(of: recording.jsonValue), as: UTF8.self).utf8)
      .write(to: URL(fileURLWithPath: json))
    let second = try ArsimRunner.run(["replay", json])
    #expect(second.status == 1)
    #expect(
      second.stderr.contains("bad.json") && second.stderr.contains("frames[1].camera.intrinsics"))
  }

  @Test(arguments: [
    ["replay"], ["replay", "a.json", "b.json"], ["replay", "a.json", "--threads", "0"],
    ["replay", "a.json", "--colour"],
  ])
  func usageErrorsExit64(arguments: [String]) throws {
    let result = try ArsimRunner.run(arguments)
    #expect(result.status == 64)
  }

  @Test func helpAndMissingFiles() throws {
    let help = try ArsimRunner.run(["replay", "--help"])
    #expect(help.status == 0 && help.stdout.contains("--threads N"))
    let missing = try ArsimRunner.run(["replay", "/nonexistent/scene.json"])
    #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/scene.json"))
  }
}
