import Foundation
import SceneFormat
import Testing
import _TestSupport

@testable import SceneReplay

/// The bad-input corpus through the replay path (`ReplaySource` + `ReplayEngine`, as `arsim
/// replay` reads files): without `skipInvalidFrames` every recording is refused with the error
/// the corpus table states for it (kind, JSON path, file, line); with it, a file whose defect is
/// in a frame is replayed with exactly that frame skipped and the same error listed, and a file
/// whose defect is outside the frames is still refused.
@Suite struct BadInputCorpusReplayTests {
  static let cases = BadInputCorpus.cases.filter { !$0.file.hasPrefix("planelist-") }

  static func check(_ error: InputFileError, _ testCase: BadInputCorpus.Case, path: String) {
    #expect(error.kind == testCase.kind, "\(error)")
    #expect(error.jsonPath == testCase.jsonPath, "\(error)")
    #expect(error.file == path, "\(error)")
    if let line = testCase.line { #expect(error.line == line, "\(error)") }
  }

  @Test(arguments: cases)
  func refusedOrSkipped(_ testCase: BadInputCorpus.Case) throws {
    let path = BadInputCorpus.directory.appendingPathComponent(testCase.file).path
    let refused = #expect(throws: InputFileError.self) {
      var source = try ReplaySource(contentsOfFile: path)
      _ = try ReplayEngine().run(&source)
    }
    if let refused { Self.check(refused, testCase, path: path) }

    let skipping = ReplayEngine(skipInvalidFrames: true)
    guard let frame = testCase.frame else {
      let error = #expect(throws: InputFileError.self) {
        var source = try ReplaySource(contentsOfFile: path)
        _ = try skipping.run(&source)
      }
      if let error { Self.check(error, testCase, path: path) }
      return
    }
    var source = try ReplaySource(contentsOfFile: path)
    let report = try skipping.run(&source)
    let skipped = try #require(report.skippedFrames)
    #expect(skipped.map(\.frameIndex) == [frame])
    if let first = skipped.first { Self.check(first.error, testCase, path: path) }
    #expect(report.frameCount == 1)  // Every corpus recording has two frames; frame 0 is good.
  }
}
