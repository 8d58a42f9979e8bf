import Foundation
import Testing
import _TestSupport

/// Closed, unreadable and full standard streams, end to end through the binary: every case is a
/// named error (exit 1), exit 141 for a pipe whose reader is gone, or a normal run, and never a
/// signal. Before this, `project` and `filter` trapped (exit 132) on a closed or directory stdin,
/// `filter` on a closed stdout, and every error or `sweep` on a closed stderr.
@Suite("arsim standard streams (end to end)")
struct StandardStreamTests {
  static let project = ["project", "--intrinsics", "1000,1000,960,720"]
  static let filter = ["filter", "--filter", "median"]
  static let directory = FileManager.default.temporaryDirectory.path

  @Test(
    "A closed or directory stdin is a named error",
    arguments: [
      project, filter, ["replay", "-"], ["validate", "-"], ["explain", "--request", "-"],
    ])
  func unreadableInput(arguments: [String]) throws {
    let name = "arsim \(arguments[0])"
    let closed = try ArsimRunner.run(arguments, input: .closed)
    #expect(closed.signal == nil && closed.status == 1, "\(closed.stderr)")
    #expect(closed.stderr.contains("\(name): <stdin>: cannot read: standard input is closed"))
    #expect(closed.stdout.isEmpty)
    let folder = try ArsimRunner.run(arguments, input: .path(Self.directory))
    #expect(folder.signal == nil && folder.status == 1, "\(folder.stderr)")
    #expect(folder.stderr.contains("\(name): <stdin>: cannot read: Is a directory"))
  }

  @Test(
    "A closed stdout is a named error",
    arguments: [(filter, #"[{"t":0,"x":0,"y":0,"z":1}]"#), (project, "[[0,0,1]]")])
  func closedOutput(arguments: [String], stdin: String) throws {
    let result = try ArsimRunner.run(arguments, input: .text(stdin), output: .closed)
    #expect(result.signal == nil && result.status == 1, "\(result.stderr)")
    #expect(result.stderr == "arsim \(arguments[0]): cannot write standard output: it is closed\n")
  }

  @Test("A full stdout (/dev/full) is a named error, not exit 0")
  func fullOutput() throws {
    for arguments in [Self.project, ["--help"], ["completion", "bash"]] {
      let result = try ArsimRunner.run(
        arguments, input: .text("[[0,0,1]]"), output: .path("/dev/full"))
      #expect(result.signal == nil && result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasSuffix("cannot write standard output: No space left on device\n"))
    }
  }

  @Test("A pipe closed before the output is written exits 141 without a message")
  func brokenPipe() throws {
    for arguments in [
      ["explain", "--box", "0.1,0.2,0.3,0.4"], ["completion", "zsh"], ["--version"],
    ] {
      let result = try ArsimRunner.run(arguments, input: .text(""), output: .brokenPipe)
      #expect(result.signal == nil && result.status == 141, "\(arguments): \(result.stderr)")
      #expect(result.stderr.isEmpty)
    }
  }

  @Test("A closed stderr: errors still exit with their status, runs succeed")
  func closedError() throws {
    let usage = try ArsimRunner.run(["replay", "--bogus"], input: .text(""), error: .closed)
    #expect(usage.signal == nil && usage.status == 64)
    let runtime = try ArsimRunner.run(
      ["validate", "/nonexistent/x.json"], input: .text(""), error: .closed)
    #expect(runtime.signal == nil && runtime.status == 1)
    let ok = try ArsimRunner.run(
      ["explain", "--box", "0.1,0.2,0.3,0.4", "--json"], input: .text(""), error: .closed)
    #expect(ok.signal == nil && ok.status == 0 && ok.stdout.hasPrefix("{"))
  }

  @Test("A sweep with stderr closed runs (its throughput note is dropped)")
  func sweepWithClosedError() throws {
    let directory = try SweepCommandTests.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try ArsimRunner.run(
      [
        "sweep", "--recordings", directory.appendingPathComponent("recordings").path, "--grid",
        directory.appendingPathComponent("grid.json").path, "--out",
        directory.appendingPathComponent("results.jsonl").path, "--threads", "1",
      ], input: .text(""), error: .closed)
    #expect(result.signal == nil && result.status == 0)
    #expect(result.stdout.contains("ranked by the mean mota"))
  }

  /// With descriptor 1 closed, the next file the tool opens would get number 1; the tool keeps
  /// 0-2 taken, so the recording is whole and only the final message fails.
  @Test("With stdout closed, an output file is still written whole")
  func outputFileWithClosedStdout() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "StandardStreamTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("walk.jsonl").path
    let spec = RecordingFixtures.packageRoot().appendingPathComponent(
      "Scenes/specs/dashboard-portrait.json"
    ).path
    let result = try ArsimRunner.run(
      ["synth", spec, "--seed", "7", "--out", out], input: .text(""), output: .closed)
    #expect(result.signal == nil && result.status == 1)
    #expect(result.stderr == "arsim synth: cannot write standard output: it is closed\n")
    let check = try ArsimRunner.run(["validate", out])
    #expect(check.status == 0 && check.stdout == "\(out): valid (600 frames)\n", "\(check.stderr)")
  }
}
