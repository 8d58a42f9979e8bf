import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

/// Telling JSON from JSON Lines on a stream by its first non-blank line.
@Suite struct RecordingInputTests {
  static let root = RecordingFixtures.packageRoot()
  static func sample(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent("Scenes/recordings/\(name)")))
  }

  /// A handle reading `bytes` (from a temporary file, removed when the test ends).
  static func handle(_ bytes: [UInt8]) throws -> (FileHandle, URL) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "RecordingInputTests-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    return (try FileHandle(forReadingFrom: url), url)
  }

  static func read(_ bytes: [UInt8], limits: RecordingLimits = .default) throws -> RecordingInput {
    let (handle, url) = try handle(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    return try RecordingInput.read(handle: handle, name: "<stdin>", limits: limits)
  }

  @Test func jsonLinesIsStreamed() throws {
    guard
      case .jsonLines(var reader) = try Self.read(try Self.sample("dashboard-three-frames.jsonl"))
    else {
      Issue.record("expected JSON Lines")
      return
    }
    var count = 0
    while try reader.next() != nil { count += 1 }
    #expect(count == 3)
    #expect(reader.path == "<stdin>")
  }

  @Test func prettyJSONKeepsEveryByte() throws {
    let bytes = try Self.sample("dashboard-three-frames.json")
    #expect(try Self.read(bytes).jsonBytes == bytes)
    // Leading blank lines are kept too, so a syntax error's line is the stream's line.
    let broken = Array("\n \n{\n  \"format\": tru\n}".utf8)
    #expect(try Self.read(broken).jsonBytes == broken)
    let error = #expect(throws: InputFileError.self) {
      try Recording(jsonBytes: broken, file: "<stdin>")
    }
    #expect(error?.line == 4)
  }

  @Test func aOneLineJSONDocumentHasFrames() throws {
    let line =
      Array(#"{"format":"arplacementsim.recording","version":1,"frames":[]}"#.utf8) + [0x0A]
    #expect(try Self.read(line).jsonBytes == line)
  }

  @Test func emptyInputIsJSONForTheParserToRefuse() throws {
    #expect(try Self.read([]).jsonBytes == [])
  }

  @Test func limits() throws {
    let bytes = try Self.sample("dashboard-three-frames.json")
    let tooBig = #expect(throws: InputFileError.self) {
      try Self.read(bytes, limits: RecordingLimits(maximumFileBytes: 100))
    }
    #expect(tooBig?.kind == .limitExceeded)
    #expect(
      tooBig?.description == "<stdin>: input is over the limit of 100 bytes (maximumFileBytes)")
    let lines = try Self.sample("dashboard-three-frames.jsonl")
    let longHeader = #expect(throws: InputFileError.self) {
      try Self.read(lines, limits: RecordingLimits(maximumLineBytes: 10))
    }
    #expect(longHeader?.kind == .limitExceeded)
    #expect(longHeader?.line == 1)
  }
}

extension RecordingInput {
  /// The bytes of a `.json` input, else `nil`.
  fileprivate var jsonBytes: [UInt8]? {
    if case .json(let bytes) = self { return bytes }
    return nil
  }
}
