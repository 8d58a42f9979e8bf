import Foundation
import SceneFormat
import Testing
import _TestSupport

@testable import SceneReplay

/// Every recording and plane list in Scenes/ decodes and validates, strictly (no unknown
/// members), and its JSON and JSON Lines forms agree.
@Suite struct ScenesDirectoryTests {
  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")

  static func files() -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: scenes.path) else { return [] }
    return enumerator.compactMap { $0 as? String }
      .filter {
        ($0.hasSuffix(".json") || $0.hasSuffix(".jsonl")) && !$0.hasPrefix("schema/")
          // `arsim explain --request` inputs: decoded by the arsim tests.
          && !$0.hasPrefix("requests/")
          // Sweep grids: decoded by SweepGridTests.
          && !$0.hasPrefix("grids/")
          // Scene specs: decoded and re-synthesized by the synthesis tests.
          && !$0.hasPrefix("specs/")
      }
      .sorted()
  }

  @Test func scenesDirectoryHasFiles() {
    #expect(!Self.files().isEmpty)
  }

  @Test(arguments: files())
  func decodesStrictly(relativePath: String) throws {
    let path = Self.scenes.appendingPathComponent(relativePath).path
    if relativePath.hasSuffix(".jsonl") {
      _ = try Recording(contentsOfFile: path, strict: true)
      return
    }
    let data = try #require(FileManager.default.contents(atPath: path))
    let value = try data.withUnsafeBytes { try JSONParser.parse($0.bindMemory(to: UInt8.self)) }
    if case .object(let members) = value, members["format"] == nil {
      _ = try RecordingPlaneList(contentsOfFile: path, strict: true)
    } else {
      let recording = try Recording(contentsOfFile: path, strict: true)
      // The JSON Lines twin, when present, holds the same recording.
      let twin = path.replacingOccurrences(of: ".json", with: ".jsonl")
      if FileManager.default.fileExists(atPath: twin) {
        #expect(try Recording(contentsOfFile: twin) == recording)
      }
    }
  }
}
