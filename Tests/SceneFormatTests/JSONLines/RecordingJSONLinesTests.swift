import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

@Suite struct RecordingJSONLinesTests {
  @Test func writesHeaderLineThenOneFramePerLine() throws {
    let recording = try Recording(jsonBytes: Array(RecordingFixtures.base.utf8))
    let text = String(decoding: try recording.jsonLinesBytes(), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)  // header, 2 frames, empty after the final newline
    #expect(lines[0].hasPrefix(#"{"format":"arplacementsim.recording","truth":"#))
    #expect(!lines[0].contains("frames"))
    #expect(lines[1].hasPrefix(#"{"camera":"#) && lines[1].contains(#""timestamp":1"#))
    #expect(lines[2].contains(#""timestamp":1.5"#))
    #expect(lines[3].isEmpty)
  }

  @Test func streamsFramesBackEqualToTheOriginal() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try Recording(jsonBytes: Array(RecordingFixtures.base.utf8))
    let path = directory.appendingPathComponent("walk.jsonl").path
    try recording.write(toFile: path)
    var reader = try RecordingJSONLinesReader(path: path)
    #expect(reader.header == recording.header)
    var frames: [RecordingFrame] = []
    while let frame = try reader.next() { frames.append(frame) }
    #expect(frames == recording.frames)
    #expect(try reader.next() == nil)
    #expect(try Recording(contentsOfFile: path) == recording)
  }

  @Test(arguments: [1, 2, 7, 64, 1 << 20])
  func lineReaderSplitsCorrectlyAtAnyChunkSize(chunkSize: Int) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("lines.txt")
    try Data("alpha\nbe\r\n\n\(String(repeating: "x", count: 100))\nlast".utf8).write(to: url)
    let reader = BufferedLineReader(
      handle: try FileHandle(forReadingFrom: url), chunkSize: chunkSize)
    var lines: [String] = []
    while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
    #expect(lines == ["alpha", "be", "", String(repeating: "x", count: 100), "last"])
    #expect(reader.lineNumber == 5)
  }

  @Test func errorsNameFileLineAndFrame() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bad.jsonl").path
    let header = #"{"format":"arplacementsim.recording","version":1}"#
    let frame0 =
      #"{"timestamp":2,"camera":{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[10,0,0,0,10,0,5,5,1],"imageResolution":[10,10]}}"#
    let frame1 = frame0.replacingOccurrences(of: #""timestamp":2"#, with: #""timestamp":1"#)
    try Data([header, frame0, "", frame1].joined(separator: "\n").utf8).write(
      to: URL(fileURLWithPath: path))
    var reader = try RecordingJSONLinesReader(path: path)
    #expect(try reader.next() != nil)
    let error = #expect(throws: InputFileError.self) { try reader.next() }
    #expect(
      error?.description
        == "\(path):4: frames[1].timestamp: timestamps must be strictly increasing, got 1 after 2")
    #expect(error?.frameIndex == 1)
  }

  @Test func syntaxErrorsInAFrameLineNameLineColumnAndFrame() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("broken.jsonl").path
    try Data("{\"format\":\"arplacementsim.recording\",\"version\":1}\n{\"timestamp\":}\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    var reader = try RecordingJSONLinesReader(path: path)
    let error = #expect(throws: InputFileError.self) { try reader.next() }
    #expect(error?.description == "\(path):2:14: frames[0]: expected a value, got '}'")
  }

  @Test func refusesAHeaderWithFramesAndAnUnknownVersion() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let withFrames = directory.appendingPathComponent("a.jsonl").path
    try Data(#"{"format":"arplacementsim.recording","version":1,"frames":[]}"#.utf8).write(
      to: URL(fileURLWithPath: withFrames))
    let error = #expect(throws: InputFileError.self) {
      try RecordingJSONLinesReader(path: withFrames)
    }
    #expect(
      error?.description
        == "\(withFrames):1: frames: a JSON Lines header must not contain frames (one frame per line follows it)"
    )
    let version3 = directory.appendingPathComponent("b.jsonl").path
    try Data("\n{\"format\":\"arplacementsim.recording\",\"version\":3}\n".utf8).write(
      to: URL(fileURLWithPath: version3))
    let versionError = #expect(throws: InputFileError.self) {
      try RecordingJSONLinesReader(path: version3)
    }
    #expect(
      versionError?.description
        == "\(version3):2: version: version 3 is not supported; this build reads version 1")
  }

  @Test func missingFileIsAnIOError() {
    let error = #expect(throws: InputFileError.self) {
      try RecordingJSONLinesReader(path: "/nonexistent/dir/none.jsonl")
    }
    #expect(error?.kind == .io)
    #expect(
      error?.description
        == "/nonexistent/dir/none.jsonl: cannot read the file: No such file or directory")
  }
}
