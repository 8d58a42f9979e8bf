import Foundation
import Testing
import _ReplayFixtures
import _TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// An output that is one of the command's inputs is refused before anything is written: exit
/// 64, naming both, the input byte for byte as it was.
@Suite("Outputs that are inputs")
struct OutputSafetyTests {
  /// A temporary directory holding the three-frame sample as `r.json`, a scene spec as
  /// `spec.json` and a sweep grid as `grid.json`.
  static func setUp() throws -> URL {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    let root = RecordingFixtures.packageRoot()
    for (source, name) in [
      ("Scenes/recordings/dashboard-three-frames.json", "r.json"),
      ("Scenes/specs/dashboard-portrait.json", "spec.json"),
      ("Scenes/grids/filters-and-anchors.json", "grid.json"),
    ] {
      try FileManager.default.copyItem(
        at: root.appendingPathComponent(source), to: directory.appendingPathComponent(name))
    }
    return directory
  }

  static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// Runs `arguments` in `directory` (paths relative to it) and checks the refusal.
  static func expectRefused(
    _ arguments: [String], in directory: URL, message: String, untouched: [String],
    input: ArsimRunner.Input = .text("")
  ) throws {
    let before = untouched.map { bytes(directory.appendingPathComponent($0).path) }
    let absolute = arguments.map { word in
      word.hasPrefix("@") ? directory.appendingPathComponent(String(word.dropFirst())).path : word
    }
    let result = try ArsimRunner.run(absolute, input: input)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    let expected = message.replacingOccurrences(of: "@", with: directory.path + "/")
    #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    for (name, old) in zip(untouched, before) {
      #expect(bytes(directory.appendingPathComponent(name).path) == old, "\(name) changed")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.contains(".arsim-") }, "a temporary was left: \(names)")
  }

  @Test("replay --out, replay --report, render --out and synth --out onto their input")
  func outputOntoTheInputFile() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sameAsFile =
      "is the same file as FILE @r.json, an input: writing it would destroy the input"
    try Self.expectRefused(
      ["replay", "@r.json", "--out", "@r.json"], in: directory,
      message: "arsim replay: --out @r.json \(sameAsFile)", untouched: ["r.json"])
    try Self.expectRefused(
      ["replay", "@r.json", "--report", "@r.json"], in: directory,
      message: "arsim replay: --report @r.json \(sameAsFile)", untouched: ["r.json"])
    try Self.expectRefused(
      ["render", "@r.json", "--out", "@r.json"], in: directory,
      message: "arsim render: --out @r.json \(sameAsFile)", untouched: ["r.json"])
    try Self.expectRefused(
      ["synth", "@spec.json", "--seed", "1", "--out", "@spec.json"], in: directory,
      message:
        "arsim synth: --out @spec.json is the same file as SPEC @spec.json, an input",
      untouched: ["spec.json"])
    try Self.expectRefused(
      ["replay", "@r.json", "--config", "@spec.json", "--out", "@spec.json"], in: directory,
      message: "--out @spec.json is the same file as --config @spec.json, an input",
      untouched: ["spec.json"])
  }

  @Test("Another spelling, a symbolic link or a hard link to the input is the same file")
  func otherNamesOfTheInput() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(symlink("r.json", directory.appendingPathComponent("soft.json").path) == 0)
    #expect(
      link(
        directory.appendingPathComponent("r.json").path,
        directory.appendingPathComponent("hard.json").path) == 0)
    for output in ["@./r.json", "@soft.json", "@hard.json"] {
      try Self.expectRefused(
        ["replay", "@r.json", "--out", output], in: directory,
        message: "is the same file as FILE @r.json, an input", untouched: ["r.json"])
    }
    // The input named through the link, the output by its real name.
    try Self.expectRefused(
      ["render", "@soft.json", "--out", "@r.json"], in: directory,
      message: "--out @r.json is the same file as FILE @soft.json, an input",
      untouched: ["r.json"])
  }

  @Test("Standard input redirected from the output file is an input")
  func standardInputFromTheOutput() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("r.json").path
    try Self.expectRefused(
      ["replay", "-", "--out", "@r.json"], in: directory,
      message: "--out @r.json is the same file as standard input, an input",
      untouched: ["r.json"], input: .path(recording))
  }

  @Test("Two outputs naming one file, or both standard output, are refused")
  func outputsThatCollide() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("old\n".utf8).write(to: directory.appendingPathComponent("x.jsonl"))
    try Self.expectRefused(
      ["replay", "@r.json", "--out", "@x.jsonl", "--report", "@./x.jsonl"], in: directory,
      message: "--out and --report name the same file (@./x.jsonl): one would replace the other",
      untouched: ["x.jsonl"])
    try Self.expectRefused(
      ["replay", "@r.json", "--out", "-", "--report", "-"], in: directory,
      message: "--out and --report cannot all be standard output (-)", untouched: [])
  }

  @Test("sweep --merge onto one of its shards is refused; the shard stays")
  func mergeOntoAShard() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("{\"job\":0}\n".utf8).write(to: directory.appendingPathComponent("a.jsonl"))
    try Data("{\"job\":1}\n".utf8).write(to: directory.appendingPathComponent("b.jsonl"))
    try Self.expectRefused(
      ["sweep", "--merge", "@a.jsonl", "@b.jsonl", "--out", "@a.jsonl"], in: directory,
      message: "--out @a.jsonl is the same file as RESULTS.jsonl @a.jsonl, an input",
      untouched: ["a.jsonl", "b.jsonl"])
  }

  @Test("sweep --out inside --recordings is refused; the recordings stay")
  func sweepOutputInsideTheRecordings() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recordings = directory.appendingPathComponent("recordings")
    try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: false)
    try DashboardReplayScenario(frameCount: 5).writeJSONLines(
      toFile: recordings.appendingPathComponent("s.jsonl").path)
    // Onto a recording, and a new file beside them (it would be read as a recording next time).
    for output in [
      "@recordings/s.jsonl", "@recordings/results.jsonl", "@recordings/../recordings/x",
    ] {
      try Self.expectRefused(
        ["sweep", "--recordings", "@recordings", "--grid", "@grid.json", "--out", output],
        in: directory,
        message: "is inside --recordings @recordings, whose files are read as inputs",
        untouched: ["recordings/s.jsonl"])
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: recordings.path) == ["s.jsonl"])
  }

  @Test("import --out onto the logger's own files is refused")
  func importOntoItsSource() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("logger")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
    for name in ["ARKit_camera_pose.txt", "ARKit_point_cloud.txt"] {
      try Data("0 0 0 0 0 0 0 1\n".utf8).write(to: copy.appendingPathComponent(name))
    }
    try Self.expectRefused(
      [
        "import", "arkit-data-logger", "@logger", "--intrinsics", "1000,1000,500,400",
        "--image-size", "1000x800", "--out", "@logger/ARKit_camera_pose.txt",
      ], in: directory,
      message:
        "--out @logger/ARKit_camera_pose.txt is the same file as DIR "
        + "@logger/ARKit_camera_pose.txt",
      untouched: ["logger/ARKit_camera_pose.txt"])
  }

  @Test(
    "synth --out onto the pose file of the spec's recorded trajectory is refused",
    .enabled(if: RealData.testsRun, "real data missing and ARSIM_ALLOW_MISSING_REAL_DATA=1"))
  func synthOntoItsRecordedTrajectory() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let logger = directory.appendingPathComponent("logger")
    try FileManager.default.createDirectory(at: logger, withIntermediateDirectories: false)
    let shared = try RealData.requireDirectory()
    for name in ["ARKit_camera_pose.txt", "ARKit_point_cloud.txt"] {
      try FileManager.default.copyItem(
        at: shared.appendingPathComponent(name), to: logger.appendingPathComponent(name))
    }
    let source = RecordingFixtures.packageRoot()
      .appendingPathComponent("Scenes/specs/real-arkit-logger.json")
    let text = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(
      of: "\"../../Tests/Fixtures/arkit-data-logger\"", with: "\"logger\"")
    try Data(text.utf8).write(to: directory.appendingPathComponent("recorded.json"))
    try Self.expectRefused(
      ["synth", "@recorded.json", "--seed", "1", "--out", "@logger/ARKit_camera_pose.txt"],
      in: directory,
      message:
        "--out @logger/ARKit_camera_pose.txt is the same file as the spec's arkitDataLogger "
        + "@logger/ARKit_camera_pose.txt, an input",
      untouched: ["logger/ARKit_camera_pose.txt"])
  }

  @Test("An output that is not a regular file is not compared: /dev/null beside /dev/null")
  func devicesAreNotCompared() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("r.json").path
    let result = try ArsimRunner.run([
      "replay", recording, "--out", "/dev/null", "--report", "/dev/null",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
  }
}
