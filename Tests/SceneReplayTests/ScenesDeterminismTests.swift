import Foundation
import SceneFormat
import Testing

@testable import SceneReplay

/// Determinism of reading and writing (the replay-level check, every scene replayed with 1 and 2
/// threads, belongs with `arsim replay`): each recording in Scenes/ read and written back twice
/// in a row, and by two concurrent tasks, gives the same bytes every time.
@Suite struct ScenesDeterminismTests {
  static func recordings() -> [String] {
    ScenesDirectoryTests.files().filter { $0.hasPrefix("recordings/") }
  }

  /// The JSON and JSON Lines bytes of the recording at `path`.
  static func written(_ path: String) throws -> [UInt8] {
    let recording = try Recording(contentsOfFile: path)
    return try recording.jsonBytes() + recording.jsonLinesBytes()
  }

  @Test func thereAreRecordings() { #expect(!Self.recordings().isEmpty) }

  @Test(arguments: recordings())
  func sameBytesTwiceAndFromTwoConcurrentTasks(relativePath: String) async throws {
    let path = ScenesDirectoryTests.scenes.appendingPathComponent(relativePath).path
    let first = try Self.written(path)
    #expect(try Self.written(path) == first)
    let concurrent = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<2 { group.addTask { try Self.written(path) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(concurrent == [first, first])
  }
}
