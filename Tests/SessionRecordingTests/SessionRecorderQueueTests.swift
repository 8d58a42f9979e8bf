import Foundation
import SceneFormat
import SceneReplay
import SessionRecording
import SessionSimulation
import Testing
import _TestSupport

/// The recorder's queue and file without timing: a suspended writer stands for one that has
/// fallen behind, so which frames are dropped follows from the policy and the capacity alone.
@Suite struct SessionRecorderQueueTests {
  /// A valid frame at `index / 30` s: a camera at the origin, looking along -z.
  static func frame(_ index: Int) throws -> RecordingFrame {
    let camera = try Camera(
      transform: .identity, intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    return RecordingFrame(timestamp: Double(index) / 30, camera: RecordingCamera(camera))
  }

  static let header = RecordingHeader(
    viewport: RecordingViewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait))

  /// The timestamps of the frames in a JSON Lines file, read back.
  static func timestamps(_ path: String) throws -> [Double] {
    var reader = try RecordingJSONLinesReader(path: path)
    var timestamps: [Double] = []
    while let frame = try reader.next() { timestamps.append(frame.timestamp) }
    return timestamps
  }

  /// 10 frames into a queue of 4 while the writer takes none: `dropNewest` keeps the first 4
  /// and drops the 6 after them; `dropOldest` keeps the last 4; `waitForSpace` is not tested
  /// with a stopped writer (it would wait), but the round-trip suite writes every frame with it.
  @Test(arguments: [SessionRecorder.DropPolicy.dropNewest, .dropOldest])
  func aFullQueueDropsByItsPolicy(policy: SessionRecorder.DropPolicy) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("dropped.jsonl").path
    let recorder = try SessionRecorder(
      path: path, header: Self.header, queueCapacity: 4, dropPolicy: policy)
    recorder.suspendWriting()
    var accepted: [Bool] = []
    for index in 0..<10 { accepted.append(recorder.record(try Self.frame(index))) }
    #expect(recorder.droppedFrameCount == 6)
    recorder.resumeWriting()
    try recorder.close()
    #expect(recorder.writtenFrameCount == 4)
    #expect(recorder.droppedFrameCount == 6 && recorder.rejectedFrameCount == 0)
    let kept = policy == .dropNewest ? Array(0..<4) : Array(6..<10)
    #expect(try Self.timestamps(path) == kept.map { Double($0) / 30 })
    // dropNewest refuses the frames it drops; dropOldest takes every frame and drops a queued one.
    #expect(accepted == (0..<10).map { policy == .dropOldest || $0 < 4 })
    #expect(policy.description == (policy == .dropNewest ? "dropNewest" : "dropOldest"))
  }

  /// A frame that fails validation (its timestamp not after the previous frame's) is counted
  /// and named, and the recording goes on.
  @Test func anInvalidFrameIsRejectedAndTheRecordingGoesOn() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("rejected.jsonl").path
    let recorder = try SessionRecorder(path: path, header: Self.header, dropPolicy: .waitForSpace)
    for index in [0, 1, 1, 2] { recorder.record(try Self.frame(index)) }
    try recorder.close()
    #expect(recorder.writtenFrameCount == 3 && recorder.rejectedFrameCount == 1)
    let rejection = try #require(recorder.firstRejection)
    #expect(rejection.file == path && rejection.path.first == .key("frames"))
    #expect(try Self.timestamps(path) == [0, 1.0 / 30, 2.0 / 30])
    // Closed: later frames are refused.
    #expect(!recorder.record(try Self.frame(3)))
    try recorder.close()
  }

  /// Each frame is one whole line as soon as the writer has it: an app that dies leaves the
  /// frames written so far. Cut mid-line, the file reads up to the last whole frame, the reader
  /// names the cut line, and a replay that skips invalid frames plays the whole ones.
  @Test func aFileCutMidLineReadsUpToTheLastWholeFrame() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("recorded.jsonl").path
    let recorder = try SessionRecorder(
      path: path,
      header: try SimulatedSession(
        contentsOfFile: RecordingFixtures.packageRoot()
          .appendingPathComponent("Scenes/dashboard-portrait.json").path
      ).header, dropPolicy: .waitForSpace)
    var session = try SimulatedSession(
      contentsOfFile: RecordingFixtures.packageRoot()
        .appendingPathComponent("Scenes/dashboard-portrait.json").path)
    for _ in 0..<5 {
      let frame = try #require(try session.nextFrame())
      recorder.record(frame, observations: frame.observations, visionRequest: frame.visionRequest)
    }
    try recorder.close()
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
    #expect(newlines.count == 6 && newlines.last == bytes.count - 1)
    // Cut in the middle of the fifth frame's line (line 6 of the file).
    let cut = (newlines[4] + newlines[5]) / 2
    try Data(bytes[...cut]).write(to: URL(fileURLWithPath: path))

    var reader = try RecordingJSONLinesReader(path: path)
    for _ in 0..<4 { #expect(try reader.next() != nil) }
    #expect {
      _ = try reader.next()
    } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.line == 6 && error.frameIndex == 4 && error.file == path
    }

    let engine = ReplayEngine(skipInvalidFrames: true)
    var source = try ReplaySource(contentsOfFile: path)
    let report = try engine.run(&source)
    #expect(report.frameCount == 4)
    #expect(report.skippedFrames?.map(\.frameIndex) == [4])
  }
}
