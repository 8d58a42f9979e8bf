import Foundation
import Testing
import _TestSupport

@Suite("arsim synth (end to end)")
struct SynthCommandTests {
  /// A one-second, 10 fps scene: a wall 1 m in front of a portrait camera with two buttons.
  static let spec = """
    {"format": "arplacementsim.sceneSpec", "version": 1, "framesPerSecond": 10, "durationSeconds": 1,
     "device": {"preset": "iPhoneXS"},
     "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right"},
     "viewport": {"size": [390, 844], "interfaceOrientation": "portrait"},
     "surfaces": [{"identifier": "wall", "position": [0, 0, -1],
                   "rotation": {"axis": [1, 0, 0], "degrees": 90}, "size": [0.6, 0.8]}],
     "objects": [
       {"id": "a", "label": "hazard", "surface": "wall", "surfacePosition": [0, 0], "size": [0.04, 0.03, 0]},
       {"id": "b", "label": "fan", "surface": "wall", "surfacePosition": [0.1, -0.15], "size": [0.05, 0.02, 0]}],
     "trajectory": {"waypoints": [{"time": 0, "position": [0, 0, 0], "lookAt": [0, 0, -1]}],
                    "tremor": {"positionAmplitudeMeters": 0.002, "rotationAmplitudeDegrees": 0.2, "frequencyHertz": 8}},
     "detector": {"boxNoisePixels": 2}}
    """

  @Test(
    "Usage errors exit 64 and name the problem",
    arguments: [
      ([String](), "missing SPEC"),
      (["s.json", "--out", "o.json"], "--seed"),
      (["s.json", "--seed", "-1", "--out", "o.json"], "--seed"),
      (["s.json", "--seed", "x", "--out", "o.json"], "--seed"),
      (["s.json", "--seed", "1"], "--out"),
      (["s.json", "t.json", "--seed", "1", "--out", "o.json"], "unexpected argument"),
      (["s.json", "--seed", "1", "--out", "o.json", "--fps", "3"], "--fps"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try ArsimRunner.run(["synth"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("--help prints the usage and exits 0")
  func help() throws {
    let result = try ArsimRunner.run(["synth", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: arsim synth SPEC --seed N --out FILE"))
  }

  @Test("A bad spec exits 1 naming the file and the JSON path")
  func badSpec() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bad.json").path
    let text = Self.spec.replacingOccurrences(
      of: "\"boxNoisePixels\": 2", with: "\"boxNoisePixels\": -2")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let result = try ArsimRunner.run([
      "synth", path, "--seed", "1", "--out", directory.appendingPathComponent("o.json").path,
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("\(path): detector.boxNoisePixels: must be in [0, 1000]"),
      "\(result.stderr)")
  }

  @Test("Writes JSON and JSON Lines; the same seed gives the same bytes")
  func writesBothForms() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let specPath = directory.appendingPathComponent("wall.json").path
    try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: specPath))
    var outputs: [Data] = []
    for (name, seed) in [("a.json", "7"), ("b.json", "7"), ("c.json", "8"), ("d.jsonl", "7")] {
      let out = directory.appendingPathComponent(name).path
      let result = try ArsimRunner.run(["synth", specPath, "--seed", seed, "--out", out])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("synthesized 10 frames (seed \(seed))"), "\(result.stdout)")
      outputs.append(try #require(FileManager.default.contents(atPath: out)))
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0] != outputs[2])
    // JSON: one line. JSON Lines: the header line, then 10 frame lines.
    #expect(outputs[0].filter { $0 == 0x0A }.count == 1)
    let lines = String(decoding: outputs[3], as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 11)
    #expect(lines[0].contains(#""format":"arplacementsim.recording""#))
    #expect(!lines[0].contains("\"frames\""))
    #expect(lines[1].hasPrefix(#"{"camera":"#))
  }
}
