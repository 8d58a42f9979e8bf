import Foundation
import SceneFormat
import Testing
import _ReplayFixtures
import _TestSupport

@testable import SceneReplay

/// `ReplayEngine.skipInvalidFrames`: frames 2 and 5 of an 8-frame recording are bad (see
/// `DashboardReplayScenario.writeWithBadFrames`). Without the option the file is refused naming
/// frame 2; with it exactly frames 2 and 5 are listed, and the tracker sees the other six frames
/// exactly as it sees a recording that never had frames 2 and 5.
@Suite("ReplayEngine skipping invalid frames")
struct ReplaySkipInvalidFramesTests {
  static let scenario = DashboardReplayScenario(frameCount: 8)

  /// The report of the recording without frames 2 and 5 (all valid, nothing skipped).
  static func reportWithoutTheBadFrames() throws -> ReplayReport {
    var recording = try scenario.recording()
    for index in DashboardReplayScenario.badFrameIndices.reversed() {
      recording.frames.remove(at: index)
    }
    var source = ReplaySource(recording: recording)
    return try ReplayEngine().run(&source)
  }

  @Test(arguments: ["bad.json", "bad.jsonl"], [1, 2, 3, 4])
  func fileWithBadFrames(name: String, threads: Int) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    try Self.scenario.writeWithBadFrames(toFile: path)

    var refused = try ReplaySource(contentsOfFile: path)
    let error = try #require(throws: InputFileError.self) {
      try ReplayEngine(threadCount: threads, chunkFrameCount: 3).run(&refused)
    }
    #expect(error.frameIndex == 2 && error.file == path)
    #expect(error.jsonPath.hasPrefix("frames[2].camera.intrinsics"))

    var source = try ReplaySource(contentsOfFile: path)
    var seen: [Int] = []
    let report = try ReplayEngine(threadCount: threads, chunkFrameCount: 3, skipInvalidFrames: true)
      .run(&source, onFrame: { seen.append($0.frameIndex) })
    #expect(seen == [0, 1, 3, 4, 6, 7])
    #expect(report.frameCount == 6)
    let skipped = try #require(report.skippedFrames)
    #expect(skipped.map(\.frameIndex) == [2, 5])
    #expect(skipped.allSatisfy { $0.error.file == path })
    #expect(skipped[0].error.jsonPath.hasPrefix("frames[2].camera.intrinsics"))
    if name.hasSuffix(".jsonl") {
      #expect(skipped[1].error.kind == .syntax && skipped[1].error.jsonPath == "frames[5]")
      #expect(skipped[1].error.line == 7)  // Header on line 1, frame 5 on line 7.
    } else {
      #expect(skipped[1].error.kind == .invalidValue)
      #expect(skipped[1].error.jsonPath == "frames[5].timestamp")
    }
    let clean = try Self.reportWithoutTheBadFrames()
    #expect(report.tracker == clean.tracker && report.placement == clean.placement)
    // Jitter pairs frames adjacent in the file, so the gaps at 2 and 5 leave pairs out of it;
    // everything else matches the recording without those frames.
    #expect(Self.withoutJitter(report) == Self.withoutJitter(clean))
  }

  /// JSON Lines lines are decoded on the worker threads and accepted in frame order: on a
  /// 14-frame file with frame 2's focal length 0, frame 5 not JSON, and frames 8 and 9 swapped
  /// (frame 8 then carries frame 9's timestamp, so frame 9, carrying frame 8's, is not after it),
  /// every thread count and chunk size skips exactly frames 2, 5 and 9 with those errors and
  /// gives the same report; without skipping, the file is refused at frame 2 and the frames
  /// before it are replayed, whatever was read ahead.
  @Test(arguments: [1, 3, 256])
  func badLinesGiveTheSameReportOnAnyThreadCount(chunk: Int) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bad.jsonl").path
    try DashboardReplayScenario(frameCount: 14).writeWithBadFrames(toFile: path)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    lines.swapAt(8 + 1, 9 + 1)  // The header is line 0 here.
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)

    var reports: [ReplayReport] = []
    for threads in 1...4 {
      var source = try ReplaySource(contentsOfFile: path)
      var seen: [Int] = []
      let report = try ReplayEngine(
        threadCount: threads, chunkFrameCount: chunk, skipInvalidFrames: true
      ).run(&source, onFrame: { seen.append($0.frameIndex) })
      #expect(seen == [0, 1, 3, 4, 6, 7, 8, 10, 11, 12, 13])
      let skipped = try #require(report.skippedFrames)
      #expect(skipped.map(\.frameIndex) == [2, 5, 9])
      #expect(skipped[0].error.jsonPath == "frames[2].camera.intrinsics[0]")
      #expect(skipped[0].error.line == 4)
      #expect(skipped[1].error.kind == .syntax && skipped[1].error.line == 7)
      #expect(skipped[2].error.jsonPath == "frames[9].timestamp" && skipped[2].error.line == 11)
      reports.append(report)

      var refused = try ReplaySource(contentsOfFile: path)
      var replayed: [Int] = []
      let error = try #require(throws: InputFileError.self) {
        try ReplayEngine(threadCount: threads, chunkFrameCount: chunk).run(
          &refused, onFrame: { replayed.append($0.frameIndex) })
      }
      #expect(replayed == [0, 1])
      #expect(error.frameIndex == 2 && error.line == 4 && error.file == path)
    }
    #expect(reports.allSatisfy { $0 == reports[0] })
  }

  static func withoutJitter(_ report: ReplayReport) -> ReplayReport {
    var copy = report
    copy.skippedFrames = nil
    copy.metrics?.jitterRMSMillimeters = nil
    for i in copy.markers.indices { copy.markers[i].jitterRMSMillimeters = nil }
    return copy
  }

  /// In memory the frames are already decoded; a frame whose camera cannot be converted is
  /// skipped with its timestamp.
  @Test func conversionFailureKeepsTheTimestamp() throws {
    var recording = try Self.scenario.recording()
    recording.frames[2].camera.intrinsics[0] = 0
    recording.frames[5].camera.intrinsics[4] = -1
    var source = ReplaySource(recording: recording, file: "memory.json")
    let report = try ReplayEngine(skipInvalidFrames: true).run(&source)
    let skipped = try #require(report.skippedFrames)
    #expect(skipped.map(\.frameIndex) == [2, 5])
    let expected: [Double?] = [2.0 / 60, 5.0 / 60]
    #expect(skipped.map(\.timestampSeconds) == expected)
    #expect(skipped[1].error.jsonPath.hasPrefix("frames[5].camera.intrinsics"))
    let json = skipped[0].jsonValue
    guard case .object(let members) = json else {
      Issue.record("not an object")
      return
    }
    #expect(members.keys.sorted() == ["index", "path", "reason", "timestamp"])
  }

  /// A line over the length limit cannot be skipped (the reader cannot find the next line): the
  /// file is refused even with the option, after the frames before it.
  @Test func anOverlongLineStillRefusesTheFile() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("long.jsonl").path
    try Self.scenario.writeJSONLines(toFile: path)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(
      String.init)
    lines[4] = "[" + String(repeating: "0,", count: 40_000) + "0]"  // Frame 3, 80 KB.
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    var limits = RecordingLimits.default
    limits.maximumLineBytes = 65_536
    var source = ReplaySource(reader: try RecordingJSONLinesReader(path: path, limits: limits))
    var seen: [Int] = []
    let error = try #require(throws: InputFileError.self) {
      try ReplayEngine(skipInvalidFrames: true).run(
        &source, onFrame: { seen.append($0.frameIndex) })
    }
    #expect(seen == [0, 1, 2])
    #expect(error.kind == .limitExceeded && error.frameIndex == 3)
  }

  /// The limits given to `ReplaySource(contentsOfFile:limits:)` reach the replay: with at most
  /// 5 detections per frame, every frame of the dashboard (12 buttons in view) is over the limit,
  /// so the file is refused at frame 0, or with the option every frame is skipped.
  @Test(arguments: ["limits.json", "limits.jsonl"])
  func limitsReachTheReplayPath(name: String) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    try DashboardReplayScenario(frameCount: 4).recording().write(toFile: path)
    var limits = RecordingLimits.default
    limits.maximumDetectionsPerFrame = 5
    var refused = try ReplaySource(contentsOfFile: path, limits: limits)
    let error = try #require(throws: InputFileError.self) { try ReplayEngine().run(&refused) }
    #expect(error.kind == .limitExceeded && error.jsonPath == "frames[0].detections")
    var source = try ReplaySource(contentsOfFile: path, limits: limits)
    let report = try ReplayEngine(skipInvalidFrames: true).run(&source)
    #expect(report.frameCount == 0)
    #expect(report.skippedFrames?.map(\.frameIndex) == [0, 1, 2, 3])
  }

  /// Without the option the report has no skipped-frame list and its JSON no `skippedFrames`.
  @Test func withoutTheOptionThereIsNoList() throws {
    var source = ReplaySource(recording: try DashboardReplayScenario(frameCount: 3).recording())
    let report = try ReplayEngine().run(&source)
    #expect(report.skippedFrames == nil)
    guard case .object(let members) = report.jsonValue else { return }
    #expect(members["skippedFrames"] == nil)
  }
}
