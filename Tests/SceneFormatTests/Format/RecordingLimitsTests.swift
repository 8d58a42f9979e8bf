import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

/// `RecordingLimits`: inputs too large or too deep to commit are made here; each over-limit
/// input fails with `.limitExceeded` naming the file, frame and limit, and the same input reads
/// once the limit is raised.
@Suite struct RecordingLimitsTests {
  static let camera =
    #"{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[1000,0,0,0,1000,0,640,360,1],"imageResolution":[1280,720]}"#
  static let header = #"{"format":"arplacementsim.recording","version":1}"#

  /// A frame object at `timestamp` with extra members `rest` (`,"detections":[...]`).
  static func frame(_ timestamp: Double, _ rest: String = "") -> String {
    #"{"timestamp":\#(timestamp),"camera":\#(camera)\#(rest)}"#
  }

  /// A JSON recording holding `frames`.
  static func recording(_ frames: [String]) -> [UInt8] {
    Array(
      (#"{"format":"arplacementsim.recording","version":1,"frames":["#
        + frames.joined(separator: ",") + "]}").utf8)
  }

  static func plane(_ identifier: String) -> String {
    #"{"identifier":"\#(identifier)","transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"center":[0,0,0],"extent":{"width":1,"height":1},"boundary":[[-0.5,0,-0.5],[0.5,0,-0.5],[0.5,0,0.5]],"alignment":"horizontal"}"#
  }

  static func decodeError(_ bytes: [UInt8], limits: RecordingLimits = .default) throws
    -> InputFileError
  {
    let thrown = #expect(throws: InputFileError.self) {
      _ = try Recording(jsonBytes: bytes, file: "big.json", limits: limits)
    }
    return try #require(thrown)
  }

  @Test func hundredThousandDetectionsAreOverTheDefaultAndReadWhenRaised() throws {
    let box = #"{"label":"x","confidence":0.5,"boundingBox":[0.25,0.25,0.5,0.5]}"#
    let detections =
      #","detections":["# + Array(repeating: box, count: 100_000).joined(separator: ",") + "]"
    let bytes = Self.recording([Self.frame(0), Self.frame(1, detections)])
    let error = try Self.decodeError(bytes)
    #expect(error.kind == .limitExceeded)
    #expect(error.frameIndex == 1)
    #expect(error.jsonPath == "frames[1].detections")
    #expect(error.description.hasPrefix("big.json: frames[1].detections: 100000 detections"))
    #expect(error.message.contains("maximumDetectionsPerFrame"))

    let raised = RecordingLimits(maximumDetectionsPerFrame: 100_000)
    let recording = try Recording(jsonBytes: bytes, limits: raised)
    #expect(recording.frames[1].detections.count == 100_000)
  }

  @Test func hundredThousandFeaturePointsAreOverTheDefaultAndReadWhenRaised() throws {
    let points =
      #","featurePoints":{"points":["#
      + Array(repeating: "[0.5,-1,2]", count: 100_000).joined(separator: ",") + "]}"
    let bytes = Self.recording([Self.frame(0, points)])
    let error = try Self.decodeError(bytes)
    #expect(error.kind == .limitExceeded)
    #expect(error.jsonPath == "frames[0].featurePoints.points")
    #expect(error.message.contains("maximumPointsPerFrame"))

    let recording = try Recording(
      jsonBytes: bytes, limits: RecordingLimits(maximumPointsPerFrame: 100_000))
    #expect(recording.frames[0].featurePoints?.points.count == 100_000)
    #expect(recording.frames[0].featurePoints?.points[99_999] == SIMD3(0.5, -1, 2))
  }

  @Test func tooManyPlanesInAFrameAndInAPlaneList() throws {
    let planes = #","planes":["# + ["A", "B", "C"].map(Self.plane).joined(separator: ",") + "]"
    let limits = RecordingLimits(maximumPlanesPerFrame: 2)
    let error = try Self.decodeError(Self.recording([Self.frame(0, planes)]), limits: limits)
    #expect(error.kind == .limitExceeded)
    #expect(error.jsonPath == "frames[0].planes")
    #expect(error.message.contains("3 planes") && error.message.contains("maximumPlanesPerFrame"))

    let list = try JSONParser.parse(
      #"{"planes":["# + ["A", "B", "C"].map(Self.plane).joined(separator: ",") + "]}")
    let listError = #expect(throws: InputFileError.self) {
      _ = try RecordingPlaneList(json: list, limits: limits)
    }
    #expect(listError?.kind == .limitExceeded)
    #expect(listError?.jsonPath == "planes")
    #expect(try RecordingPlaneList(json: list).planes.count == 3)
  }

  @Test func tooManyFrames() throws {
    let bytes = Self.recording([Self.frame(0), Self.frame(1), Self.frame(2)])
    let error = try Self.decodeError(bytes, limits: RecordingLimits(maximumFrames: 2))
    #expect(error.kind == .limitExceeded)
    #expect(error.jsonPath == "frames")
    #expect(error.message.contains("3 frames") && error.message.contains("maximumFrames"))
    #expect(
      try Recording(jsonBytes: bytes, limits: RecordingLimits(maximumFrames: 3)).frames.count == 3)
  }

  /// 100,000 nested arrays: refused at the configured depth, and at the parser's cap of 512
  /// when a caller asks for more, without overflowing the stack.
  @Test(arguments: [64, 10, 1_000_000])
  func deepNestingIsRefusedWithoutOverflowingTheStack(maximumNestingDepth: Int) throws {
    let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let bytes = Self.recording([Self.frame(0, #","deep":"# + nested)])
    let limits = RecordingLimits(maximumNestingDepth: maximumNestingDepth)
    let error = try Self.decodeError(bytes, limits: limits)
    #expect(error.kind == .limitExceeded)
    #expect(error.line == 1)
    let depth = min(maximumNestingDepth, JSONParser.maximumDepth)
    #expect(error.message == "nesting deeper than \(depth) (maximumNestingDepth)")
    // The frame object is depth 3 (root, frames array, frame), so the k-th '[' of the run (at
    // 0-based offset prefix + k - 1) opens depth 3 + k; the first too deep is k = depth - 2,
    // at column prefix + depth - 2.
    // The prefix is everything before the run: that recording without its closing "}]}".
    let prefix = Self.recording([Self.frame(0, #","deep":"#)]).count - 3
    #expect(error.column == prefix + depth - 2)
  }

  @Test func fileOverTheByteLimitIsRefusedBeforeReading() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bytes = Self.recording([Self.frame(0)])
    let limits = RecordingLimits(maximumFileBytes: bytes.count - 1)
    for name in ["small.json", "small.jsonl"] {
      let path = directory.appendingPathComponent(name).path
      let contents =
        name.hasSuffix("l") ? Array((Self.header + "\n" + Self.frame(0) + "\n").utf8) : bytes
      #expect(FileManager.default.createFile(atPath: path, contents: Data(contents)))
      let tight = RecordingLimits(maximumFileBytes: contents.count - 1)
      let error = #expect(throws: InputFileError.self) {
        _ = try Recording(contentsOfFile: path, limits: tight)
      }
      #expect(error?.kind == .limitExceeded)
      #expect(error?.file == path)
      #expect(
        error?.message
          == "file is \(contents.count) bytes, over the limit of \(contents.count - 1) (maximumFileBytes)"
      )
      #expect(
        try Recording(
          contentsOfFile: path, limits: RecordingLimits(maximumFileBytes: contents.count)
        ).frames.count == 1)
    }
    let error = try Self.decodeError(bytes, limits: limits)
    #expect(error.kind == .limitExceeded)
  }

  @Test func jsonLinesLimitsNameTheFrameAndLine() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("walk.jsonl").path
    let longDetections =
      #","detections":["#
      + Array(repeating: #"{"label":"x","confidence":0.5,"boundingBox":[0,0,1,1]}"#, count: 200)
      .joined(separator: ",") + "]"
    let lines = [Self.header, Self.frame(0), Self.frame(1, longDetections), Self.frame(2)]
    #expect(
      FileManager.default.createFile(
        atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8)))

    // The long line (frame 1, line 3) is over a line limit that the others are under.
    let lineLimit = RecordingLimits(maximumLineBytes: 4_096)
    var reader = try RecordingJSONLinesReader(path: path, limits: lineLimit)
    #expect(try reader.next()?.timestamp == 0)
    let lineError = #expect(throws: InputFileError.self) { _ = try reader.next() }
    #expect(lineError?.kind == .limitExceeded)
    #expect(lineError?.file == path)
    #expect(lineError?.line == 3)
    #expect(lineError?.frameIndex == 1)
    #expect(lineError?.message.contains("maximumLineBytes") == true)

    // 200 detections in frame 1 against a limit of 199.
    let detectionError = #expect(throws: InputFileError.self) {
      _ = try Recording(
        contentsOfFile: path, limits: RecordingLimits(maximumDetectionsPerFrame: 199))
    }
    #expect(
      detectionError?.description.hasPrefix("\(path):3: frames[1].detections: 200 detections")
        == true)

    // Three frames against a limit of two: the third frame's line is refused.
    let frameError = #expect(throws: InputFileError.self) {
      _ = try Recording(contentsOfFile: path, limits: RecordingLimits(maximumFrames: 2))
    }
    #expect(frameError?.kind == .limitExceeded)
    #expect(frameError?.line == 4)
    #expect(frameError?.frameIndex == 2)
    #expect(try Recording(contentsOfFile: path).frames.count == 3)
  }

  @Test func limitsBelowOneAreClampedToOne() {
    let limits = RecordingLimits(
      maximumFileBytes: 0, maximumLineBytes: -5, maximumFrames: 0, maximumDetectionsPerFrame: 0,
      maximumPointsPerFrame: -1, maximumPlanesPerFrame: 0, maximumNestingDepth: 0)
    #expect(
      limits
        == RecordingLimits(
          maximumFileBytes: 1, maximumLineBytes: 1, maximumFrames: 1, maximumDetectionsPerFrame: 1,
          maximumPointsPerFrame: 1, maximumPlanesPerFrame: 1, maximumNestingDepth: 1))
  }
}
