import Foundation
import Testing
import _ReplayFixtures
import _TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// FIFOs, sockets and devices where the tool expects files: a sweep leaves them out with a note,
/// and a command given one by name refuses it by its kind, without waiting for a writer. The
/// FIFOs here never get one, so a reader that opened them in blocking mode would wait forever;
/// the runner's timeout (a guard, not a timing check) turns that into a failure.
@Suite("arsim on FIFOs, sockets and devices (end to end)")
struct SpecialFileTests {
  static let root = RecordingFixtures.packageRoot()
  static let recording = root.appendingPathComponent(
    "Scenes/recordings/dashboard-three-frames.json"
  )
  .path
  static let guardTimeout = DispatchTimeInterval.seconds(120)

  /// A listening Unix-domain socket at `path` (the descriptor stays open until closed).
  static func makeSocket(at path: String) throws -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0, "bind \(path): \(String(cString: strerror(errno)))")
    return fd
  }

  @Test("sweep --recordings skips a FIFO and a socket named like recordings, with a note")
  func sweepSkipsSpecialFiles() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recordings = directory.appendingPathComponent("r")
    try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: false)
    try FileManager.default.copyItem(
      atPath: Self.recording, toPath: recordings.appendingPathComponent("b.json").path)
    let fifo = recordings.appendingPathComponent("a.jsonl").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // Short: a socket path must fit in sun_path (108 bytes).
    let socketPath = "/tmp/arsim-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
    let socketLink = recordings.appendingPathComponent("c.json").path
    let socketFD = try Self.makeSocket(at: socketPath)
    defer {
      close(socketFD)
      unlink(socketPath)
    }
    try FileManager.default.createSymbolicLink(atPath: socketLink, withDestinationPath: socketPath)
    let grid = directory.appendingPathComponent("grid.json")
    try Data(#"{"format":"arplacementsim.sweepGrid","version":1}"#.utf8).write(to: grid)
    let out = directory.appendingPathComponent("out.jsonl").path

    let result = try ArsimRunner.run(
      ["sweep", "--recordings", recordings.path, "--grid", grid.path, "--out", out],
      input: .text(""), timeout: Self.guardTimeout)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "arsim sweep: skipped \(recordings.path)/a.jsonl: not a regular file (a FIFO)"),
      "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "arsim sweep: skipped \(recordings.path)/c.json: not a regular file (a socket)"),
      "\(result.stderr)")
    #expect(
      result.stdout.contains("swept 1 recordings x 1 combinations = 1 jobs"), "\(result.stdout)")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2 && lines[1].contains(#""recording":"b.json""#))
  }

  @Test("A FIFO, a socket or a device given by name is refused by its kind")
  func namedSpecialFilesAreRefused() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe.jsonl").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let fifoJSON = directory.appendingPathComponent("pipe.json").path
    #expect(mkfifo(fifoJSON, 0o600) == 0)
    let socketPath = "/tmp/arsim-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
    let socketFD = try Self.makeSocket(at: socketPath)
    defer {
      close(socketFD)
      unlink(socketPath)
    }
    let out = directory.appendingPathComponent("out").path
    let fifoRefusal = "cannot read the file: not a regular file (a FIFO)"
    let cases: [([String], String)] = [
      (["validate", fifo], "\(fifo): \(fifoRefusal)"),
      (["validate", fifoJSON], "\(fifoJSON): \(fifoRefusal)"),
      (["replay", fifo], "\(fifo): \(fifoRefusal)"),
      (["render", fifoJSON], "\(fifoJSON): \(fifoRefusal)"),
      (["score", Self.recording, "--markers", fifo], "\(fifo): \(fifoRefusal)"),
      (["score", fifo, "--markers", fifoJSON], "\(fifo): \(fifoRefusal)"),
      (["mistakes", fifoJSON], "\(fifoJSON): \(fifoRefusal)"),
      (["replay", Self.recording, "--config", fifoJSON], "\(fifoJSON): \(fifoRefusal)"),
      (["synth", fifoJSON, "--seed", "1", "--out", out], "\(fifoJSON): \(fifoRefusal)"),
      (["sweep", "--merge", fifo], "\(fifo): \(fifoRefusal)"),
      (
        ["validate", socketPath],
        "\(socketPath): cannot read the file: not a regular file (a socket)"
      ),
      (
        ["validate", "/dev/null"],
        "/dev/null: cannot read the file: not a regular file (a character device)"
      ),
    ]
    for (arguments, message) in cases {
      let result = try ArsimRunner.run(arguments, input: .text(""), timeout: Self.guardTimeout)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test("A pipe on standard input (-) is still read")
  func standardInputPipeIsRead() throws {
    let text = try String(contentsOfFile: Self.recording, encoding: .utf8)
    let result = try ArsimRunner.run(
      ["validate", "-"], input: .text(text), timeout: Self.guardTimeout)
    #expect(
      result.status == 0 && result.stdout == "<stdin>: valid (3 frames)\n", "\(result.stderr)")
  }
}
