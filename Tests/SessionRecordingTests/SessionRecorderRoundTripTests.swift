import DashboardApp
import Foundation
import SceneFormat
import SceneReplay
import SessionRecording
import SessionSimulation
import Testing
import _TestSupport

/// A session recorded through the recording core and replayed is the session it recorded: the
/// bundled dashboard recording and a scene synthesized from its spec, played by the simulated
/// session into a ``SessionRecorder`` (the frames an app's delegate would hand it), give the
/// same replay markers, report and metrics, the same example-app score and the same anchor
/// changes as the original. The expected values are the original's, computed by the same code
/// on the original input: a round trip.
@Suite struct SessionRecorderRoundTripTests {
  static let root = RecordingFixtures.packageRoot()

  /// Plays `session` into a recorder at `path` (waiting for space, so every frame is written)
  /// with the session's header, truth included, and returns the recorder's counts.
  static func record(_ session: SimulatedSession, to path: String) throws -> (
    written: Int, dropped: Int, rejected: Int
  ) {
    var session = session
    let recorder = try SessionRecorder(
      path: path, header: session.header, queueCapacity: 4, dropPolicy: .waitForSpace)
    while let frame = try session.nextFrame() {
      recorder.record(
        frame, observations: frame.observations, visionRequest: frame.visionRequest,
        observationsImageTimestamp: frame.hasDetectorResult
          ? frame.visionOutputs.observationsImageFrame?.timestamp ?? frame.timestamp : nil)
    }
    try recorder.close()
    return (recorder.writtenFrameCount, recorder.droppedFrameCount, recorder.rejectedFrameCount)
  }

  /// The replay's frame outputs and report, as JSON text.
  static func replay(_ path: String) throws -> (frames: [String], report: String) {
    var source = try ReplaySource(contentsOfFile: path)
    var frames: [String] = []
    let report = try ReplayEngine().run(&source) { output in
      frames.append(String(decoding: try JSONWriter.bytes(of: output.jsonValue), as: UTF8.self))
    }
    return (frames, String(decoding: try JSONWriter.bytes(of: report.jsonValue), as: UTF8.self))
  }

  @Test func theDashboardRecordingReplaysTheSame() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = Self.root.appendingPathComponent("Scenes/dashboard-portrait.json").path
    let recorded = directory.appendingPathComponent("recorded.jsonl").path
    let session = try SimulatedSession(contentsOfFile: original)
    let counts = try Self.record(session, to: recorded)
    #expect(counts.written == 600 && counts.dropped == 0 && counts.rejected == 0)

    let before = try Self.replay(original)
    let after = try Self.replay(recorded)
    #expect(after.frames.count == 600)
    #expect(after.frames == before.frames)
    #expect(after.report == before.report)
    #expect(after.report.contains("\"metrics\""))

    var originalSession = try SimulatedSession(contentsOfFile: original)
    var recordedSession = try SimulatedSession(contentsOfFile: recorded)
    var placer = ButtonMarkerPlacer()
    let originalScore = try originalSession.run(&placer)
    placer = ButtonMarkerPlacer()
    let recordedScore = try recordedSession.run(&placer)
    // The report names the file it scored; everything else is the same.
    #expect(
      recordedScore.description.replacingOccurrences(of: recorded, with: "FILE")
        == originalScore.description.replacingOccurrences(of: original, with: "FILE"))
    #expect(recordedScore.missedObjects == 0)
  }

  /// More of the bundled recordings: a detector at 10 Hz whose results arrive late (frames
  /// without a result, results for an earlier image), a landscape tabletop, a walk past a
  /// panel. Replayed from the recorder's file, the same markers and report.
  @Test(arguments: [
    "dashboard-detector-10hz.json", "tabletop-landscape.json", "walking-panel.json",
  ])
  func otherBundledRecordingsReplayTheSame(recording: String) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = Self.root.appendingPathComponent("Scenes").appendingPathComponent(recording)
      .path
    let recorded = directory.appendingPathComponent("recorded.jsonl").path
    let counts = try Self.record(try SimulatedSession(contentsOfFile: original), to: recorded)
    #expect(counts.dropped == 0 && counts.rejected == 0)
    let before = try Self.replay(original)
    let after = try Self.replay(recorded)
    #expect(after.frames.count == counts.written)
    #expect(after.frames == before.frames)
    #expect(after.report == before.report)
  }

  /// A synthesized scene (the placement bench: a second surface, a region of interest, a pan)
  /// through the recorder: the same markers and metrics, and per frame the same camera,
  /// anchors, anchor changes and observations as the session the synthesizer plays.
  @Test func aSynthesizedSceneReplaysTheSame() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = Self.root.appendingPathComponent("Scenes/specs/placement-bench.json").path
    let synthesized = directory.appendingPathComponent("synthesized.jsonl").path
    let recorded = directory.appendingPathComponent("recorded.jsonl").path
    // The synthesizer's own recording of the scene, the reference.
    do {
      let session = try SimulatedSession(specFile: spec, seed: 4)
      var writer = try RecordingJSONLinesWriter(path: synthesized, header: session.header)
      var source = session.source
      while let frame = try source.next() { try writer.write(frame) }
      try writer.close()
    }
    let counts = try Self.record(try SimulatedSession(specFile: spec, seed: 4), to: recorded)
    #expect(counts.dropped == 0 && counts.rejected == 0)

    let before = try Self.replay(synthesized)
    let after = try Self.replay(recorded)
    #expect(after.frames == before.frames)
    #expect(after.report == before.report)

    var a = try SimulatedSession(specFile: spec, seed: 4)
    var b = try SimulatedSession(contentsOfFile: recorded)
    var frameCount = 0
    while let x = try a.nextFrame() {
      let y = try #require(try b.nextFrame())
      #expect(y.timestamp == x.timestamp && y.camera == x.camera)
      #expect(y.anchors == x.anchors && y.anchorChanges == x.anchorChanges)
      #expect(y.rawFeaturePoints == x.rawFeaturePoints)
      #expect(y.observations == x.observations && y.visionRequest == x.visionRequest)
      #expect(y.viewport == x.viewport)
      frameCount += 1
    }
    #expect(try b.nextFrame() == nil)
    #expect(frameCount == counts.written)
  }
}
