import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Inputs end to end: the system's reason in file errors, and `-` for standard input wherever a
/// file is read (the same results as from the file).
@Suite("arsim input files (end to end)")
struct InputFileTests {
  static let root = RecordingFixtures.packageRoot()
  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
  static let recording = path("Scenes/recordings/dashboard-three-frames.json")
  static let recordingLines = path("Scenes/recordings/dashboard-three-frames.jsonl")

  @Test("File errors give the system's reason with the path")
  func systemReasons() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = dir.appendingPathComponent("none.json").path
    let folder = dir.appendingPathComponent("folder.jsonl").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let cases: [([String], String)] = [
      (["validate", missing], "\(missing): cannot read the file: No such file or directory"),
      (["validate", dir.path], "\(dir.path): cannot read the file: Is a directory"),
      (["replay", folder], "\(folder): cannot read the file: Is a directory"),
      (
        ["project", "--intrinsics", "1,1,0,0", missing],
        "\(missing): cannot read the file: No such file or directory"
      ),
      (
        ["filter", "--filter", "median", dir.path],
        "\(dir.path): cannot read the file: Is a directory"
      ),
      (
        ["replay", Self.recording, "--config", missing],
        "\(missing): cannot read the file: No such file or directory"
      ),
      (
        ["sweep", "--merge", missing], "\(missing): cannot read the file: No such file or directory"
      ),
      (
        ["synth", dir.path, "--seed", "1", "--out", missing],
        "\(dir.path): cannot read the file: Is a directory"
      ),
    ]
    for (arguments, message) in cases {
      let result = try ArsimRunner.run(arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  @Test(
    "A file without read permission: Permission denied",
    .enabled(if: geteuid() != 0, "root reads files whatever their mode"))
  func permissionDenied() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("locked.json").path
    try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
    chmod(file, 0)
    let result = try ArsimRunner.run(["validate", file])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(file): cannot read the file: Permission denied"))
  }

  @Test("validate - reads JSON and JSON Lines recordings from stdin")
  func validateStandardInput() throws {
    for file in [Self.recording, Self.recordingLines] {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let result = try ArsimRunner.run(["validate", "-"], stdin: text)
      #expect(
        result.status == 0 && result.stdout == "<stdin>: valid (3 frames)\n", "\(result.stderr)")
    }
    // A JSON document on one line (it has `frames`) is not taken for a JSON Lines header.
    let compact = try ArsimRunner.run(
      ["validate", "--strict", "-"], stdin: try compactJSON(Self.recording))
    #expect(
      compact.status == 0 && compact.stdout == "<stdin>: valid (3 frames)\n", "\(compact.stderr)")
  }

  @Test("replay - and render - give what the file gives")
  func replayAndRenderStandardInput() throws {
    for file in [Self.recording, Self.recordingLines] {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      for command in [["replay", "--json"], ["render"], ["render", "--top-down"]] {
        let fromFile = try ArsimRunner.run(command + [file])
        let fromInput = try ArsimRunner.run(command + ["-"], stdin: text)
        #expect(fromFile.status == 0 && fromInput.status == 0, "\(fromInput.stderr)")
        #expect(fromInput.stdout == fromFile.stdout, "\(command)")
      }
    }
  }

  @Test("--config -, --request -, --planes -, --grid - and synth - read stdin")
  func optionsReadStandardInput() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let config = #"{"filter": "exponential", "filterParameters": {"time-constant": 0.2}}"#
    let configFile = dir.appendingPathComponent("config.json")
    try Data(config.utf8).write(to: configFile)
    let pairs: [([String], [String], String)] = [
      (
        ["replay", Self.recording, "--json", "--config", configFile.path],
        ["replay", Self.recording, "--json", "--config", "-"], config
      ),
      (
        ["explain", "--request", Self.path("Scenes/requests/dashboard-button-portrait.json")],
        ["explain", "--request", "-"],
        try String(
          contentsOfFile: Self.path("Scenes/requests/dashboard-button-portrait.json"),
          encoding: .utf8)
      ),
    ]
    for (fileArguments, inputArguments, stdin) in pairs {
      let fromFile = try ArsimRunner.run(fileArguments)
      let fromInput = try ArsimRunner.run(inputArguments, stdin: stdin)
      #expect(fromFile.status == 0 && fromInput.status == 0, "\(fromInput.stderr)")
      #expect(fromInput.stdout == fromFile.stdout, "\(inputArguments)")
    }
    let planes = try ArsimRunner.run(
      ["raycast", "--planes", "-", "--full-frame", "4x4", "--intrinsics", "100,100,2,2", "--json"],
      stdin: RaycastCommandTests.planesJSON)
    #expect(planes.status == 0, "\(planes.stderr)")
    #expect(planes.stdout.contains(#""hits":16"#), "\(planes.stdout)")
    // synth: the same bytes from the spec file and from stdin.
    let spec = Self.path("Scenes/specs/dashboard-portrait.json")
    let a = dir.appendingPathComponent("a.jsonl").path
    let b = dir.appendingPathComponent("b.jsonl").path
    let fromFile = try ArsimRunner.run(["synth", spec, "--seed", "3", "--out", a])
    let fromInput = try ArsimRunner.run(
      ["synth", "-", "--seed", "3", "--out", b],
      stdin: try String(contentsOfFile: spec, encoding: .utf8))
    #expect(fromFile.status == 0 && fromInput.status == 0, "\(fromInput.stderr)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
  }

  @Test("Standard input serves one input only")
  func standardInputOnce() throws {
    let result = try ArsimRunner.run(["validate", "-", "-"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("standard input (-) can be read for one input only"))
    let mixed = try ArsimRunner.run(["replay", "-", "--config", "-"])
    #expect(mixed.status == 64)
  }

  /// The JSON recording at `path` on one line.
  func compactJSON(_ path: String) throws -> String {
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: path)))
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }
}
