import Foundation
import Testing
import _ReplayFixtures
import _TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// How the tool writes its output files, end to end through the binary: complete or not at all
/// (a failure, `kill -9`, Ctrl-C, a full disk leave the old file), links written through,
/// devices and FIFOs written in place, concurrent writers never interleaved.
@Suite("Atomic output files")
struct AtomicOutputTests {
  static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// The hidden temporaries (`.NAME.arsim-XXXXXX`) in `directory`.
  static func temporaries(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix(".") && $0.contains(".arsim-") }
  }

  static let recording = RecordingFixtures.packageRoot()
    .appendingPathComponent("Scenes/recordings/dashboard-three-frames.json").path

  /// The portrait dashboard spec with its rate and duration replaced, written to `path`.
  static func writeSpec(to path: String, framesPerSecond: Double, durationSeconds: Double) throws {
    let source = RecordingFixtures.packageRoot()
      .appendingPathComponent("Scenes/specs/dashboard-portrait.json")
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
    object["framesPerSecond"] = framesPerSecond
    object["durationSeconds"] = durationSeconds
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
  }

  /// Waits (sleeping, not timing) until `directory` holds a temporary with at least one byte,
  /// or the child has ended; returns its name.
  static func waitForTemporary(in directory: URL, of child: ArsimRunner.Running) throws -> String? {
    for _ in 0..<120_000 {
      if kill(child.pid, 0) != 0 { return nil }
      for name in try temporaries(in: directory) {
        var status = stat()
        if stat(directory.appendingPathComponent(name).path, &status) == 0, status.st_size > 0 {
          return name
        }
      }
      usleep(5_000)
    }
    return nil
  }

  @Test("A replay that fails at frame 300 leaves the old --out as it was")
  func failedReplayKeepsTheOldOutput() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("scene.jsonl").path
    try DashboardReplayScenario(frameCount: 300).writeJSONLines(toFile: scene)
    let handle = try #require(FileHandle(forWritingAtPath: scene))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"timestamp\": \"late\"}\n".utf8))
    try handle.close()
    let out = directory.appendingPathComponent("markers.jsonl").path
    try Data("old markers\n".utf8).write(to: URL(fileURLWithPath: out))
    let result = try ArsimRunner.run(["replay", scene, "--out", out, "--threads", "1"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("frames[300]"), "\(result.stderr)")
    #expect(Self.bytes(out) == Data("old markers\n".utf8))
    #expect(try Self.temporaries(in: directory).isEmpty)
  }

  @Test("A merge that fails (jobs missing) leaves the old --out as it was")
  func failedMergeKeepsTheOldOutput() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recordings = directory.appendingPathComponent("recordings")
    try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: false)
    try DashboardReplayScenario(frameCount: 10).writeJSONLines(
      toFile: recordings.appendingPathComponent("s.jsonl").path)
    let grid = RecordingFixtures.packageRoot()
      .appendingPathComponent("Scenes/grids/filters-and-anchors.json").path
    let shard = directory.appendingPathComponent("shard-0.jsonl").path
    let run = try ArsimRunner.run([
      "sweep", "--recordings", recordings.path, "--grid", grid, "--shard", "0/2", "--out", shard,
      "--quiet",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let merged = directory.appendingPathComponent("merged.jsonl").path
    try Data("previous merge\n".utf8).write(to: URL(fileURLWithPath: merged))
    let result = try ArsimRunner.run(["sweep", "--merge", shard, "--out", merged])
    #expect(result.status == 1)
    #expect(result.stderr.contains("jobs missing"), "\(result.stderr)")
    #expect(Self.bytes(merged) == Data("previous merge\n".utf8))
    #expect(try Self.temporaries(in: directory).isEmpty)
  }

  @Test("--out onto a symbolic link writes the file it points to; the link stays")
  func symbolicLinkIsWrittenThrough() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let real = directory.appendingPathComponent("real.svg").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: real))
    #expect(chmod(real, 0o640) == 0)
    let link = directory.appendingPathComponent("link.svg").path
    #expect(symlink("real.svg", link) == 0)
    let result = try ArsimRunner.run(["render", Self.recording, "--out", link])
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    let written = String(decoding: Self.bytes(real) ?? Data(), as: UTF8.self)
    #expect(written.hasPrefix("<svg"), "\(written.prefix(40))")
    #expect(stat(real, &status) == 0 && status.st_mode & 0o7777 == 0o640)
  }

  @Test("--out onto a character device writes it in place: /dev/null stays a device")
  func deviceIsWrittenInPlace() throws {
    let result = try ArsimRunner.run(["render", Self.recording, "--out", "/dev/null"])
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
  }

  @Test("--out /dev/full: exit 1 with the system's reason")
  func fullDevice() throws {
    let result = try ArsimRunner.run(["replay", Self.recording, "--out", "/dev/full"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("/dev/full: cannot write the file: No space left on device"),
      "\(result.stderr)")
  }

  @Test("--out onto a FIFO writes through it; the FIFO stays")
  func fifoIsWrittenInPlace() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let child = try ArsimRunner.start(
      ["replay", Self.recording, "--out", fifo], input: .text(""))
    let fd = open(fifo, O_RDONLY)
    #expect(fd >= 0)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while fd >= 0 {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count <= 0 { break }
      received += chunk[..<count]
    }
    close(fd)
    let result = try child.wait()
    #expect(result.status == 0, "\(result.stderr)")
    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines.first?.hasPrefix("{\"format\":\"arplacementsim.replayFrame\",\"frame\":0,") == true)
    var status = stat()
    #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test("--out - writes the output file to standard output; the summary goes to standard error")
  func outputToStandardOutput() throws {
    let result = try ArsimRunner.run(["replay", Self.recording, "--out", "-"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines.allSatisfy { $0.hasPrefix("{\"format\":\"arplacementsim.replayFrame\",\"frame\":") })
    #expect(result.stderr.contains("replayed 3 frames"))
    #expect(!FileManager.default.fileExists(atPath: "-"))
    let piped = try ArsimRunner.run(
      ["replay", Self.recording, "--out", "-"], input: .text(""), output: .brokenPipe)
    #expect(piped.status == 141 && piped.stderr.isEmpty, "\(piped.stderr)")
  }

  @Test("A directory, a missing directory: named errors, nothing written")
  func unwritableTargets() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("no/out.svg").path
    for (target, reason) in [
      (directory.path, "Is a directory"), (missing, "No such file or directory"),
    ] {
      let result = try ArsimRunner.run(["render", Self.recording, "--out", target])
      #expect(result.status == 1)
      #expect(
        result.stderr == "arsim render: \(target): cannot write the file: \(reason)\n",
        "\(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test(
    "A file the user may not write is refused, as cp would",
    .disabled(if: geteuid() == 0, "root may write any file whatever its mode"))
  func readOnlyFileIsRefused() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("locked.svg").path
    try Data("locked".utf8).write(to: URL(fileURLWithPath: out))
    #expect(chmod(out, 0o444) == 0)
    let result = try ArsimRunner.run(["render", Self.recording, "--out", out])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(out): cannot write the file: Permission denied"))
    #expect(Self.bytes(out) == Data("locked".utf8))
  }

  @Test("A full disk (ulimit -f) fails with a named error; the old file stays, no temporary")
  func fileSizeLimit() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = directory.appendingPathComponent("spec.json").path
    try Self.writeSpec(to: spec, framesPerSecond: 60, durationSeconds: 10)
    let out = directory.appendingPathComponent("walk.jsonl").path
    try Data("old recording\n".utf8).write(to: URL(fileURLWithPath: out))
    // 64 blocks (32 KiB in dash's 512-byte blocks, 64 KiB in bash's): far below the ~2 MB.
    let result = try ArsimRunner.run(
      ["synth", spec, "--seed", "1", "--out", out], input: .text(""), shellSetup: "ulimit -f 64")
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(out): cannot write the file: File too large"))
    #expect(Self.bytes(out) == Data("old recording\n".utf8))
    #expect(try Self.temporaries(in: directory).isEmpty)
  }

  @Test("kill -9 during synth leaves the old file whole (and only a hidden temporary)")
  func killedWriterLeavesTheOldFile() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = directory.appendingPathComponent("spec.json").path
    try Self.writeSpec(to: spec, framesPerSecond: 1000, durationSeconds: 86_400)
    let out = directory.appendingPathComponent("walk.jsonl").path
    try Data("old recording\n".utf8).write(to: URL(fileURLWithPath: out))
    let child = try ArsimRunner.start(
      ["synth", spec, "--seed", "1", "--out", out], input: .text(""))
    let temporary = try Self.waitForTemporary(in: directory, of: child)
    #expect(temporary != nil, "synth ended before writing")
    kill(child.pid, SIGKILL)
    let result = try child.wait()
    #expect(result.signal == SIGKILL)
    #expect(Self.bytes(out) == Data("old recording\n".utf8))
    #expect(try Self.temporaries(in: directory) == [temporary].compactMap { $0 })
  }

  @Test("Ctrl-C (SIGINT) or SIGTERM during synth: the temporary is removed, status 128+signal")
  func interruptedWriterCleansUp() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = directory.appendingPathComponent("spec.json").path
    try Self.writeSpec(to: spec, framesPerSecond: 1000, durationSeconds: 86_400)
    let out = directory.appendingPathComponent("walk.jsonl").path
    for signal in [SIGINT, SIGTERM] {
      let child = try ArsimRunner.start(
        ["synth", spec, "--seed", "1", "--out", out], input: .text(""))
      #expect(try Self.waitForTemporary(in: directory, of: child) != nil)
      kill(child.pid, signal)
      let result = try child.wait()
      #expect(result.status == 128 + signal, "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out))
      #expect(try Self.temporaries(in: directory).isEmpty)
    }
  }

  @Test("Two synth processes writing one path: the file is one whole recording")
  func concurrentWritersDoNotInterleave() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = directory.appendingPathComponent("spec.json").path
    try Self.writeSpec(to: spec, framesPerSecond: 60, durationSeconds: 10)
    var expected: [Data] = []
    for seed in ["1", "2"] {
      let alone = directory.appendingPathComponent("alone-\(seed).jsonl").path
      let result = try ArsimRunner.run(["synth", spec, "--seed", seed, "--out", alone])
      #expect(result.status == 0, "\(result.stderr)")
      expected.append(try #require(Self.bytes(alone)))
    }
    #expect(expected[0] != expected[1])
    let shared = directory.appendingPathComponent("shared.jsonl").path
    let children = try ["1", "2"].map { seed in
      try ArsimRunner.start(["synth", spec, "--seed", seed, "--out", shared], input: .text(""))
    }
    for child in children {
      let result = try child.wait()
      #expect(result.status == 0, "\(result.stderr)")
    }
    let written = try #require(Self.bytes(shared))
    #expect(written == expected[0] || written == expected[1])
    #expect(try Self.temporaries(in: directory).isEmpty)
  }
}
