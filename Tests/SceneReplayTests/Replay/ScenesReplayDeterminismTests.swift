import Foundation
import SceneFormat
import Testing

@testable import SceneReplay

/// Replay determinism over every recording in Scenes/ (the top-level scenes and recordings/):
/// each is replayed in process twice with one thread, and with two threads in chunks of 16 and
/// of 256 frames; the report JSON (`arsim replay --json`) and the per-frame lines (`--out`) must
/// be the same bytes every time. (`arsim replay` itself is checked on one scene end to end in
/// the arsim tests.)
@Suite struct ScenesReplayDeterminismTests {
  static func recordings() -> [String] {
    ScenesDirectoryTests.files().filter { !$0.contains("/") || $0.hasPrefix("recordings/") }
      .sorted()
  }

  /// The `--json` bytes and the `--out` bytes of one replay.
  static func replayBytes(_ path: String, threads: Int, chunk: Int) throws -> [UInt8] {
    var source = try ReplaySource(contentsOfFile: path)
    var out: [UInt8] = []
    let report = try ReplayEngine(threadCount: threads, chunkFrameCount: chunk).run(
      &source,
      onFrame: {
        try JSONWriter.write($0.jsonValue, into: &out)
        out.append(0x0A)
      })
    return try JSONWriter.bytes(of: report.jsonValue) + [0x0A] + out
  }

  @Test func coversTheTopLevelScenesAndTheRecordings() {
    let names = Self.recordings()
    #expect(names.contains("recordings/dashboard-three-frames.jsonl"))
    #expect(names.filter { !$0.contains("/") }.count >= 4)
  }

  @Test(arguments: recordings())
  func sameBytesTwiceAndForOneAndTwoThreads(relativePath: String) throws {
    let path = ScenesDirectoryTests.scenes.appendingPathComponent(relativePath).path
    let first = try Self.replayBytes(path, threads: 1, chunk: 256)
    #expect(first.count > 100)
    #expect(try Self.replayBytes(path, threads: 1, chunk: 256) == first, "\(relativePath): run 2")
    #expect(
      try Self.replayBytes(path, threads: 2, chunk: 16) == first, "\(relativePath): 2 threads")
    #expect(
      try Self.replayBytes(path, threads: 2, chunk: 256) == first, "\(relativePath): 2 threads")
  }
}
