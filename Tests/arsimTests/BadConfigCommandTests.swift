import Foundation
import Testing

/// `arsim replay --config` and `arsim synth` over every bad-input fixture (made by
/// scripts/make-bad-configs.py; the exact kinds and paths are checked in process by
/// SceneReplayTests' BadConfigFixtureTests): each exits 1 with a message on stderr that starts
/// with the file and names the defect's JSON path, writes nothing to stdout, and never traps.
@Suite("arsim bad configs and specs (end to end)")
struct BadConfigCommandTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// Fixture file names and the JSON path each message must name ("" for syntax errors, whose
  /// place is the line).
  static let settings: [(String, String)] = [
    ("syntax-truncated.json", ":2:"), ("unknown-member.json", "colour"),
    ("unknown-filter-name.json", "filter"),
    ("filter-parameter-boolean.json", "filterParameters.gate"),
    ("tracker-negative-gate.json", "tracker.associationGateMeters"),
    ("tracker-fractional-count.json", "tracker.confirmationHitCount"),
    ("attempt-unknown-target.json", "attempts[0].target"),
    ("raycast-seed-negative.json", "raycastSeed"),
    ("vision-model-size-zero.json", "interpretVisionAs.modelInputSize[0]"),
  ]

  static let specs: [(String, String)] = [
    ("syntax-nan-literal.json", ":1:"), ("unknown-format.json", "format"),
    ("fps-zero.json", "framesPerSecond"), ("unknown-device-preset.json", "device.preset"),
    ("surface-size-negative.json", "surfaces[0].size"),
    ("waypoint-time-repeated.json", "trajectory.waypoints[2].time"),
    ("waypoint-position-huge.json", "trajectory.waypoints[0].position[0]"),
    ("detector-miss-probability-over-one.json", "detector.missProbability"),
    ("object-outside-surface.json", "objects[0].surfacePosition[1]: the object is outside"),
  ]

  @Test func everySettingsFixtureExitsOneNamingFileAndPath() throws {
    let scene = ReplayCommandTests.scenes.appendingPathComponent(
      "recordings/dashboard-three-frames.json"
    ).path
    let directory = Self.fixtures.appendingPathComponent("bad-replay-settings")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names.count >= 20)
    let expected = Dictionary(uniqueKeysWithValues: Self.settings)
    for name in names {
      let path = directory.appendingPathComponent(name).path
      let result = try ArsimRunner.run(["replay", scene, "--config", path])
      #expect(result.status == 1, "\(name): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(name)")
      #expect(result.stderr.contains(path + ":"), "\(name): \(result.stderr)")
      if let fragment = expected[name] {
        #expect(result.stderr.contains(fragment), "\(name): \(result.stderr)")
      }
    }
  }

  @Test func everySpecFixtureExitsOneNamingFileAndPath() throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("BadConfigCommandTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: output) }
    let directory = Self.fixtures.appendingPathComponent("bad-scene-specs")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names.count >= 17)
    let expected = Dictionary(uniqueKeysWithValues: Self.specs)
    for name in names {
      let path = directory.appendingPathComponent(name).path
      let out = output.appendingPathComponent(name).path
      let result = try ArsimRunner.run(["synth", path, "--seed", "1", "--out", out])
      if name == "valid.json" {
        #expect(result.status == 0, "\(result.stderr)")
        continue
      }
      #expect(result.status == 1, "\(name): \(result.stderr)")
      #expect(result.stderr.contains(path + ":"), "\(name): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out), "\(name)")
      if let fragment = expected[name] {
        #expect(result.stderr.contains(fragment), "\(name): \(result.stderr)")
      }
    }
  }
}
