import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

/// `RecordingJSONLinesReader` read in three steps (`nextLine`, `LineDecoder.decode` on any
/// thread, `acceptOrder` in frame order), as replay does, against `next()`. The file (hand-made,
/// header on line 1, a blank line 4):
///
/// | line | frame | content | expected |
/// |---|---|---|---|
/// | 2 | 0 | timestamp 1 | frame |
/// | 3 | 1 | `{"timestamp":}` | syntax error at column 14 |
/// | 5 | 2 | timestamp 2 | frame (compared with frame 0's 1) |
/// | 6 | 3 | timestamp 2 | not after 2: order error |
/// | 7 | 4 | timestamp 1.5 | not after frame 2's 2 (frame 3 was refused): order error |
/// | 8 | 5 | focal length 0 | decoding error on the intrinsics |
/// | 9 | 6 | timestamp 3 | frame |
@Suite struct RecordingJSONLinesSplitReadingTests {
  static let header = #"{"format":"arplacementsim.recording","version":1}"#

  static func frame(timestamp: String, focal: String = "10") -> String {
    #"{"timestamp":\#(timestamp),"camera":{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[\#(focal),0,0,0,10,0,5,5,1],"imageResolution":[10,10]}}"#
  }

  static func writeFile() throws -> (directory: URL, path: String) {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    let path = directory.appendingPathComponent("mixed.jsonl").path
    let lines = [
      header, frame(timestamp: "1"), #"{"timestamp":}"#, "", frame(timestamp: "2"),
      frame(timestamp: "2"), frame(timestamp: "1.5"), frame(timestamp: "2.5", focal: "0"),
      frame(timestamp: "3"),
    ]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    return (directory, path)
  }

  /// A frame's timestamp, or its error's description.
  static func nextResults(path: String) throws -> [Result<Double, InputFileError>] {
    var reader = try RecordingJSONLinesReader(path: path)
    var results: [Result<Double, InputFileError>] = []
    while true {
      do {
        guard let frame = try reader.next() else { break }
        results.append(.success(frame.timestamp))
      } catch let error as InputFileError {
        results.append(.failure(error))
      }
    }
    return results
  }

  @Test func nextReportsEachLineAsWorkedOutByHand() throws {
    let (directory, path) = try Self.writeFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try Self.nextResults(path: path)
    #expect(results.count == 7)
    let timestamps = results.map { try? $0.get() }
    #expect(timestamps == [1, nil, 2, nil, nil, nil, 3])
    let errors = results.map { result -> InputFileError? in
      if case .failure(let error) = result { return error }
      return nil
    }
    #expect(errors[1]?.description == "\(path):3:14: frames[1]: expected a value, got '}'")
    #expect(
      errors[3]?.description
        == "\(path):6: frames[3].timestamp: timestamps must be strictly increasing, got 2 after 2")
    #expect(
      errors[4]?.description
        == "\(path):7: frames[4].timestamp: timestamps must be strictly increasing, got 1.5 after 2"
    )
    #expect(
      errors[5]?.description
        == "\(path):8: frames[5].camera.intrinsics[0]: focal length must be > 0, got 0")
  }

  /// All lines read first, decoded in reverse order (as other threads might finish them), then
  /// accepted in frame order: the same frames and the same errors as `next()`.
  @Test func threeStepsGiveWhatNextGives() throws {
    let (directory, path) = try Self.writeFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try Self.nextResults(path: path)

    var reader = try RecordingJSONLinesReader(path: path)
    var lines: [RecordingJSONLinesReader.FrameLine] = []
    while let line = try reader.nextLine() { lines.append(line) }
    #expect(lines.map(\.frameIndex) == [0, 1, 2, 3, 4, 5, 6])
    #expect(lines.map(\.lineNumber) == [2, 3, 5, 6, 7, 8, 9])
    #expect(reader.nextFrameIndex == 7)
    let decoder = reader.lineDecoder
    var decoded = [Result<RecordingFrame, InputFileError>?](repeating: nil, count: lines.count)
    for index in lines.indices.reversed() {
      do {
        decoded[index] = .success(try decoder.decode(lines[index]))
      } catch let error as InputFileError {
        decoded[index] = .failure(error)
      }
    }
    var results: [Result<Double, InputFileError>] = []
    for (line, result) in zip(lines, decoded) {
      switch result! {
      case .failure(let error): results.append(.failure(error))
      case .success(let frame):
        do {
          try reader.acceptOrder(timestampSeconds: frame.timestamp, of: line)
          results.append(.success(frame.timestamp))
        } catch let error as InputFileError {
          results.append(.failure(error))
        }
      }
    }
    #expect(results.count == expected.count)
    for (got, want) in zip(results, expected) {
      switch (got, want) {
      case (.success(let a), .success(let b)): #expect(a == b)
      case (.failure(let a), .failure(let b)):
        #expect(a.description == b.description && a.kind == b.kind)
        #expect(a.line == b.line && a.column == b.column && a.frameIndex == b.frameIndex)
      default: Issue.record("\(got) vs \(want)")
      }
    }
  }

  /// The frame limit is a line-level error of `nextLine`, as of `next()`: with at most 2 frames
  /// the third line is refused and nothing can be read after it.
  @Test func theFrameLimitStopsNextLine() throws {
    let (directory, path) = try Self.writeFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    var limits = RecordingLimits.default
    limits.maximumFrames = 2
    var reader = try RecordingJSONLinesReader(path: path, limits: limits)
    #expect(try reader.nextLine()?.lineNumber == 2)
    #expect(try reader.nextLine()?.lineNumber == 3)
    let error = try #require(throws: InputFileError.self) { try reader.nextLine() }
    #expect(error.kind == .limitExceeded && error.frameIndex == 2 && error.line == 5)
    #expect(!reader.canContinueAfterError)

    var plain = try RecordingJSONLinesReader(path: path, limits: limits)
    _ = try plain.next()
    _ = try? plain.next()
    let same = try #require(throws: InputFileError.self) { try plain.next() }
    #expect(same.description == error.description)
  }
}
