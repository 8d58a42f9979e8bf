import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

/// The bad-input corpus (Tests/Fixtures/bad-inputs/, made by scripts/make-bad-inputs.py): every file
/// fails with the expected error kind, and the message names the file, the frame index and the
/// JSON path (or, for text that is not JSON, the line). Expectations are written by hand from
/// the defect each file carries; nothing traps.
@Suite struct BadInputCorpusTests {
  typealias Case = BadInputCorpus.Case
  static let cases = BadInputCorpus.cases
  static let directory = BadInputCorpus.directory
  static func load(_ path: String) throws { try BadInputCorpus.load(path) }

  @Test func corpusHasAtLeastFortyFilesAndEachHasACase() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
    #expect(files.count >= 40)
    #expect(files == Self.cases.map(\.file).sorted())
  }

  @Test(arguments: cases)
  func failsWithKindAndPlace(_ testCase: Case) throws {
    let path = Self.directory.appendingPathComponent(testCase.file).path
    let thrown = #expect(throws: InputFileError.self) { try Self.load(path) }
    let error = try #require(thrown)
    #expect(error.kind == testCase.kind, "\(error)")
    #expect(error.file == path)
    #expect(error.jsonPath == testCase.jsonPath, "\(error)")
    #expect(error.frameIndex == testCase.frame, "\(error)")
    if let line = testCase.line { #expect(error.line == line, "\(error)") }
    // The rendered message names every part of the place.
    let text = error.description
    #expect(text.hasPrefix(path))
    if !testCase.jsonPath.isEmpty { #expect(text.contains(": \(testCase.jsonPath): "), "\(text)") }
    if let line = testCase.line { #expect(text.hasPrefix("\(path):\(line)"), "\(text)") }
    #expect(!error.message.isEmpty)
  }
}
