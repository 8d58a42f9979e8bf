import Foundation
import SceneFormat
import Testing
import _TestSupport

/// Every reader's memory bound, end to end: each limit refuses its input with a message naming
/// the file, the limit and the environment variable that raises it; the same input under the
/// limit (or in JSON Lines) goes through.
@Suite("arsim input limits (end to end)")
struct InputLimitsTests {
  static let root = RecordingFixtures.packageRoot()
  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
  static let recording = path("Scenes/recordings/dashboard-three-frames.json")
  static let recordingLines = path("Scenes/recordings/dashboard-three-frames.jsonl")

  static func size(_ path: String) throws -> Int {
    try #require((try FileManager.default.attributesOfItem(atPath: path))[.size] as? Int)
  }

  @Test("A whole-file JSON recording over ARSIM_MAX_JSON_FILE_BYTES is refused; JSON Lines is not")
  func jsonRecordingLimit() throws {
    let bytes = try Self.size(Self.recording)
    let limit = bytes - 1
    let refused = try ArsimRunner.run(
      ["replay", Self.recording], input: .text(""),
      environment: ["ARSIM_MAX_JSON_FILE_BYTES": "\(limit)"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "arsim replay: \(Self.recording): file is \(bytes) bytes, over the limit of \(limit) "
        + "for a recording in the whole-file JSON form (maximumJSONFileBytes; decoding it takes "
        + "up to about 26 times its size in memory): convert it to JSON Lines (.jsonl, read one "
        + "frame at a time in bounded memory) or raise the limit with the environment variable "
        + "ARSIM_MAX_JSON_FILE_BYTES=N\n")
    #expect(refused.stdout.isEmpty)
    // Standard input: the size is not known in advance; reading stops past the limit.
    let piped = try ArsimRunner.run(
      ["validate", "-"], input: .path(Self.recording),
      environment: ["ARSIM_MAX_JSON_FILE_BYTES": "\(limit)"])
    #expect(piped.status == 1)
    #expect(
      piped.stderr.hasPrefix(
        "arsim validate: <stdin>: input is over the limit of \(limit) bytes for a recording in "
          + "the whole-file JSON form (maximumJSONFileBytes;"),
      "\(piped.stderr)")
    // At the limit: accepted. The same recording as JSON Lines under the tighter limit: accepted.
    let atLimit = try ArsimRunner.run(
      ["validate", Self.recording], input: .text(""),
      environment: ["ARSIM_MAX_JSON_FILE_BYTES": "\(bytes)"])
    #expect(atLimit.status == 0, "\(atLimit.stderr)")
    let lines = try ArsimRunner.run(
      ["validate", Self.recordingLines], input: .text(""),
      environment: ["ARSIM_MAX_JSON_FILE_BYTES": "\(limit)"])
    #expect(lines.status == 0, "\(lines.stderr)")
  }

  @Test("Inputs read whole stop at ARSIM_MAX_DOCUMENT_BYTES: endless files, stdin, specs, grids")
  func documentLimit() throws {
    // A character device named as an input is refused by kind, before any read; an endless
    // standard input and a file larger than the limit are refused after the limit, not read on.
    let device = try ArsimRunner.run(
      ["project", "--intrinsics", "1000,1000,960,720", "/dev/zero"], input: .text(""),
      environment: ["ARSIM_MAX_DOCUMENT_BYTES": "4096"])
    #expect(device.status == 1)
    #expect(
      device.stderr
        == "arsim project: /dev/zero: cannot read the file: not a regular file (a character device)\n",
      "\(device.stderr)")
    let largeDirectory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: largeDirectory) }
    let large = largeDirectory.appendingPathComponent("large.json")
    #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
    let handle = try FileHandle(forWritingTo: large)
    try handle.truncate(atOffset: 1 << 20)  // sparse: 1 MiB of zero bytes, never written
    try handle.close()
    let endless = try ArsimRunner.run(
      ["project", "--intrinsics", "1000,1000,960,720", large.path], input: .text(""),
      environment: ["ARSIM_MAX_DOCUMENT_BYTES": "4096"])
    #expect(endless.status == 1)
    #expect(
      endless.stderr
        == "arsim project: \(large.path): longer than 4096 bytes, the limit (maximumDocumentBytes): "
        + "raise it with the environment variable ARSIM_MAX_DOCUMENT_BYTES=N\n")
    let endlessInput = try ArsimRunner.run(
      ["filter", "--filter", "exponential"], input: .path("/dev/zero"),
      environment: ["ARSIM_MAX_DOCUMENT_BYTES": "4096"])
    #expect(endlessInput.status == 1)
    #expect(
      endlessInput.stderr
        == "arsim filter: <stdin>: longer than 4096 bytes, the limit (maximumDocumentBytes): "
        + "raise it with the environment variable ARSIM_MAX_DOCUMENT_BYTES=N\n")
    // A points document of exactly the limit is read; one byte over is not.
    // Exact in binary: u = 960.5 + 1000*0.5/2 = 1210.5, v = 720.5 - 1000*0.25/2 = 595.5.
    let points = "[[0.5, 0.25, -2]]"
    let exact = try ArsimRunner.run(
      ["project", "--intrinsics", "1000,1000,960,720"], input: .text(points),
      environment: ["ARSIM_MAX_DOCUMENT_BYTES": "\(points.utf8.count)"])
    #expect(exact.status == 0, "\(exact.stderr)")
    #expect(exact.stdout == "[[1210.5,595.5]]\n")
    let over = try ArsimRunner.run(
      ["project", "--intrinsics", "1000,1000,960,720"], input: .text(points + " "),
      environment: ["ARSIM_MAX_DOCUMENT_BYTES": "\(points.utf8.count)"])
    #expect(over.status == 1)
    #expect(
      over.stderr.hasPrefix(
        "arsim project: <stdin>: longer than \(points.utf8.count) bytes, the limit"))
    // A sweep grid and a scene spec, by file.
    let grid = Self.path("Scenes/grids/filters-and-anchors.json")
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sweep = try ArsimRunner.run(
      [
        "sweep", "--grid", grid, "--recordings", Self.path("Scenes/recordings"), "--out",
        directory.appendingPathComponent("results.jsonl").path,
      ], input: .text(""), environment: ["ARSIM_MAX_DOCUMENT_BYTES": "100"])
    #expect(sweep.status == 1)
    #expect(
      sweep.stderr
        == "arsim sweep: \(grid): longer than 100 bytes, the limit (maximumDocumentBytes): "
        + "raise it with the environment variable ARSIM_MAX_DOCUMENT_BYTES=N\n")
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("results.jsonl").path))
    let spec = Self.path("Scenes/specs/dashboard-contours.json")
    let synth = try ArsimRunner.run(
      ["synth", spec, "--seed", "1", "--out", directory.appendingPathComponent("s.json").path],
      input: .text(""), environment: ["ARSIM_MAX_DOCUMENT_BYTES": "100"])
    #expect(synth.status == 1)
    #expect(
      synth.stderr
        == "arsim synth: \(spec): longer than 100 bytes, the limit (maximumDocumentBytes): "
        + "raise it with the environment variable ARSIM_MAX_DOCUMENT_BYTES=N\n")
  }

  @Test("Frame and per-frame limits from the environment; a bad value is a usage error")
  func recordingLimitsFromTheEnvironment() throws {
    let frames = try ArsimRunner.run(
      ["validate", Self.recordingLines], input: .text(""),
      environment: ["ARSIM_MAX_FRAMES": "2"])
    #expect(frames.status == 1)
    #expect(
      frames.stderr
        == "arsim validate: \(Self.recordingLines):4: frames[2]: more than 2 frames "
        + "(maximumFrames): raise it with the environment variable ARSIM_MAX_FRAMES=N\n"
        + "1 of 1 file(s) invalid\n")
    // replay --max-frames takes precedence over the environment.
    let replay = try ArsimRunner.run(
      ["replay", Self.recordingLines, "--max-frames", "3"], input: .text(""),
      environment: ["ARSIM_MAX_FRAMES": "2"])
    #expect(replay.status == 0, "\(replay.stderr)")
    for value in ["0", "-5", "ten", ""] {
      let bad = try ArsimRunner.run(
        ["validate", Self.recording], input: .text(""),
        environment: ["ARSIM_MAX_POINTS_PER_FRAME": value])
      #expect(bad.status == 64)
      #expect(
        bad.stderr.hasPrefix(
          "arsim validate: environment variable ARSIM_MAX_POINTS_PER_FRAME: expected a whole "
            + "number >= 1, got \"\(value)\"\n"), "\(bad.stderr)")
    }
  }

  @Test("import refuses a point cloud one frame could not hold, naming file, line and variable")
  func importPointLimit() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("logger")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try Data("# t r11 ...\n1000 1 0 0 0 0 1 0 0 0 0 1 0\n".utf8).write(
      to: source.appendingPathComponent("ARKit_camera_pose.txt"))
    try Data("# x y z Y Cb Cr\n1 2 3 4 5 6\n1 2 3 4 5 6\n1 2 3 4 5 6\n".utf8).write(
      to: source.appendingPathComponent("ARKit_point_cloud.txt"))
    let out = directory.appendingPathComponent("r.json").path
    let arguments = [
      "import", "arkit-data-logger", source.path, "--intrinsics", "1000,1000,960,720",
      "--image-size", "1920x1440", "--out", out,
    ]
    let refused = try ArsimRunner.run(
      arguments, input: .text(""), environment: ["ARSIM_MAX_POINTS_PER_FRAME": "2"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "arsim import arkit-data-logger: ARKit_point_cloud.txt:4: more than 2 points, the limit "
        + "on feature points in a frame (maximumPointsPerFrame; the logger's whole cloud goes "
        + "into the first frame): raise it with the environment variable ARSIM_MAX_POINTS_PER_FRAME=N\n"
    )
    #expect(!FileManager.default.fileExists(atPath: out))
    let accepted = try ArsimRunner.run(
      arguments, input: .text(""), environment: ["ARSIM_MAX_POINTS_PER_FRAME": "3"])
    #expect(accepted.status == 0, "\(accepted.stderr)")
    // What import wrote, validate reads under the same limit.
    let check = try ArsimRunner.run(
      ["validate", out], input: .text(""), environment: ["ARSIM_MAX_POINTS_PER_FRAME": "3"])
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test("sweep --merge holds shard lines to ARSIM_MAX_LINE_BYTES")
  func mergeLineLimit() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let header =
      #"{"format":"arplacementsim.sweepResultsHeader","jobCount":1,"lineCount":1,"#
      + #""shard":"0/1","version":1}"#
    let shard = directory.appendingPathComponent("shard.jsonl")
    try Data((header + "\n" + String(repeating: "x", count: 300) + "\n").utf8).write(to: shard)
    let out = directory.appendingPathComponent("merged.jsonl").path
    // The header line is exactly at the limit and is read; the second line is over it.
    let result = try ArsimRunner.run(
      ["sweep", "--merge", shard.path, "--out", out], input: .text(""),
      environment: ["ARSIM_MAX_LINE_BYTES": "\(header.utf8.count)"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "arsim sweep: \(shard.path):2: line is longer than \(header.utf8.count) bytes "
        + "(maximumLineBytes) (a sweep result line is a few kilobytes: not a sweep results "
        + "file?): raise it with the environment variable ARSIM_MAX_LINE_BYTES=N\n")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test("raycast --rays: a file of more rays than --max-rays is refused before it is read whole")
  func raysFileLimit() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rays = directory.appendingPathComponent("rays.bin")
    // Two rays of six float32 each (48 bytes): origin 0, direction -z.
    var bytes: [UInt8] = []
    for _ in 0..<2 {
      for value: Float in [0, 0, 0, 0, 0, -1] {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
      }
    }
    try Data(bytes).write(to: rays)
    let planes = Self.path("Scenes/planes/dashboard-planes.json")
    let refused = try ArsimRunner.run(
      ["raycast", "--planes", planes, "--rays", rays.path, "--max-rays", "1"], input: .text(""))
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "arsim raycast: \(rays.path): longer than 24 bytes, the limit (--max-rays 1, 24 bytes "
        + "a ray: raise it with --max-rays N)\n")
    let accepted = try ArsimRunner.run(
      ["raycast", "--planes", planes, "--rays", rays.path, "--max-rays", "2"], input: .text(""))
    #expect(accepted.status == 0, "\(accepted.stderr)")
  }
}
