import ARSimulation
import Foundation
import Placement
import SceneFormat
import SpatialMath
import Testing
import _ReplayFixtures
import _TestSupport

@testable import SceneReplay

/// Runs `engine` over `source` and returns every frame's JSON line and the report's JSON.
private func replayBytes(_ engine: ReplayEngine, _ source: ReplaySource) throws -> (
  frames: [[UInt8]], report: [UInt8]
) {
  var source = source
  var lines: [[UInt8]] = []
  let report = try engine.run(
    &source, onFrame: { lines.append(try JSONWriter.bytes(of: $0.jsonValue)) })
  return (lines, try JSONWriter.bytes(of: report.jsonValue))
}

@Suite("ReplayEngine")
struct ReplayEngineTests {
  @Test func jsonAndJSONLinesGiveTheSameBytes() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenario = DashboardReplayScenario(frameCount: 90)
    let json = directory.appendingPathComponent("scene.json").path
    let lines = directory.appendingPathComponent("scene.jsonl").path
    try scenario.recording().write(toFile: json)
    try scenario.writeJSONLines(toFile: lines)
    let a = try replayBytes(ReplayEngine(), ReplaySource(contentsOfFile: json))
    let b = try replayBytes(ReplayEngine(), ReplaySource(contentsOfFile: lines))
    #expect(a.frames.count == 90)
    #expect(a.frames == b.frames)
    #expect(a.report == b.report)
  }

  @Test(arguments: [2, 3, 8])
  func threadCountDoesNotChangeTheBytes(threads: Int) throws {
    let recording = try DashboardReplayScenario(frameCount: 75).recording()
    let one = try replayBytes(
      ReplayEngine(threadCount: 1, chunkFrameCount: 7), ReplaySource(recording: recording))
    let many = try replayBytes(
      ReplayEngine(threadCount: threads, chunkFrameCount: 7), ReplaySource(recording: recording))
    let again = try replayBytes(ReplayEngine(), ReplaySource(recording: recording))
    #expect(one.frames == many.frames && one.report == many.report)
    #expect(one.frames == again.frames && one.report == again.report)
  }

  /// Without noise every detection's ray goes through its button's centre, which lies on the
  /// dashboard anchor, so markers sit on the truth (float rounding only). With the default
  /// tracker (3 hits confirm) and every button detected from frame 0, each button is first shown
  /// in frame 2 (t = 2/60 s); truth objects are missed in frames 0 and 1 only, so over N frames
  /// MOTA = 1 - 2·12 / (12 N) = 1 - 2/N and IDF1 = 2·12(N-2) / (12 N + 12(N-2)) = (N-2)/(N-1).
  @Test func metricsOfANoiseFreeScene() throws {
    var scenario = DashboardReplayScenario(frameCount: 60)
    scenario.noisePixels = 0
    let recording = try scenario.recording()
    #expect(recording.frames.allSatisfy { $0.detections.count == 12 })
    var source = ReplaySource(recording: recording)
    let report = try ReplayEngine().run(&source)
    let metrics = try #require(report.metrics)
    let n = 60.0
    #expect(abs((metrics.tracking.mota ?? 0) - (1 - 2 / n)) < 1e-12)
    #expect(abs((metrics.tracking.idf1 ?? 0) - (n - 2) / (n - 1)) < 1e-12)
    #expect(metrics.tracking.idSwitchCount == 0)
    #expect(metrics.missedObjectCount == 0 && metrics.falseMarkerCount == 0)
    #expect(metrics.timeToFirstConfirmed.count == 12)
    #expect(metrics.timeToFirstConfirmed.allSatisfy { $0.seconds == 2.0 / 60 })
    #expect((metrics.placementErrorMaxMillimeters ?? .infinity) < 0.01)
    #expect((metrics.reprojectionErrorRMSPixels ?? .infinity) < 0.05)
    #expect(report.placement.detectionCount == 720)
    #expect(report.placement.placedByAttempt == [720])
    #expect(report.markers.count == 12)
    #expect(report.markers.allSatisfy { $0.isPresentAtEnd && $0.lastState == .confirmed })
    // Every button's centre lies on the anchor in every frame: all placeable from t = 0.
    #expect(metrics.trackingPlaceable == metrics.tracking)
    #expect(metrics.timeFromPlaceableToConfirmed.allSatisfy { $0.placeableSeconds == 0 })
    #expect(metrics.timeFromPlaceableToConfirmed.allSatisfy { $0.secondsToConfirmed == 2.0 / 60 })
    #expect(metrics.maximumSecondsFromPlaceableToConfirmed == 2.0 / 60)
  }

  /// The same scene with neither anchor nor feature points in frames 0–9: nothing is placeable
  /// (or placed) there. Markers are confirmed in frame 12 (t = 12/60), 2/60 s after the buttons
  /// become placeable at t = 10/60. Over N = 60 frames: visible MOTA = 1 - 12·12 / (12·60) = 0.8
  /// (frames 0–11 missed); placeable MOTA = 1 - 2·12 / (12·50) = 0.96 (frames 10 and 11 missed).
  @Test func metricsOverPlaceableObjects() throws {
    var scenario = DashboardReplayScenario(frameCount: 60)
    scenario.noisePixels = 0
    var recording = try scenario.recording()
    for i in 0..<10 {
      recording.frames[i].planes = []
      recording.frames[i].featurePoints = nil
    }
    var source = ReplaySource(recording: recording)
    let metrics = try #require(try ReplayEngine().run(&source).metrics)
    #expect(metrics.tracking.truthCount == 720)
    #expect(abs((metrics.tracking.mota ?? 0) - 0.8) < 1e-12)
    #expect(metrics.trackingPlaceable.truthCount == 600)
    #expect(metrics.trackingPlaceable.missCount == 24)
    #expect(abs((metrics.trackingPlaceable.mota ?? 0) - 0.96) < 1e-12)
    for entry in metrics.timeFromPlaceableToConfirmed {
      #expect(abs((entry.placeableSeconds ?? -1) - 10.0 / 60) < 1e-12)
      #expect(abs((entry.secondsToConfirmed ?? -1) - 2.0 / 60) < 1e-12)
    }
  }

  /// Placing boxes from a `.right`/centerCrop recording as if they were `.up`/scaleFill moves
  /// the rays: most markers leave their buttons (a few land near another button of the same
  /// label), so far fewer truth object-frames match than the 12·(30-2) = 336 of a correct replay.
  @Test func interpretVisionAsMismatch() throws {
    var scenario = DashboardReplayScenario(frameCount: 30)
    scenario.noisePixels = 0
    var source = ReplaySource(recording: try scenario.recording())
    var settings = ReplaySettings()
    settings.interpretVisionAs = try VisionRequestSettings(
      orientation: .up, cropAndScale: .scaleFill, modelInputSize: Size(width: 416, height: 416))
    let report = try ReplayEngine(settings: settings).run(&source)
    let metrics = try #require(report.metrics)
    #expect(metrics.tracking.matchCount < 336 / 2)
    #expect(metrics.missedObjectCount > 0)
  }

  @Test func aBadFrameIsRefusedWithItsIndexAndPath() throws {
    var recording = try DashboardReplayScenario(frameCount: 5).recording()
    recording.frames[2].camera.intrinsics[0] = 0
    var source = ReplaySource(recording: recording, file: "scene.json")
    let error = try #require(throws: InputFileError.self) {
      try ReplayEngine(threadCount: 2).run(&source)
    }
    #expect(error.frameIndex == 2)
    #expect(error.jsonPath == "frames[2].camera.intrinsics")
    #expect(error.file == "scene.json")
  }

  /// A JSON Lines file whose line 6 (frame 5) is not JSON: frames 0...4 are replayed and
  /// reported first, then the file is refused naming frame 5.
  @Test func aBadLineIsRefusedAfterTheFramesBeforeIt() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("scene.jsonl").path
    try DashboardReplayScenario(frameCount: 8).writeJSONLines(toFile: path)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    lines[6] = "{not json"
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    var source = try ReplaySource(contentsOfFile: path)
    var seen: [Int] = []
    let error = try #require(throws: InputFileError.self) {
      try ReplayEngine(chunkFrameCount: 10).run(&source, onFrame: { seen.append($0.frameIndex) })
    }
    #expect(seen == [0, 1, 2, 3, 4])
    #expect(error.frameIndex == 5 && error.file == path && error.line == 7)
  }

  @Test func aRecordingWithoutVisionSettingsNeedsTheOverride() throws {
    var recording = try DashboardReplayScenario(frameCount: 2).recording()
    recording.header.vision = nil
    var source = ReplaySource(recording: recording, file: "scene.json")
    let error = try #require(throws: InputFileError.self) { try ReplayEngine().run(&source) }
    #expect(error.jsonPath == "vision")
  }

  @Test func frameLineLayout() throws {
    var source = ReplaySource(recording: try DashboardReplayScenario(frameCount: 4).recording())
    var last: ReplayFrameOutput?
    _ = try ReplayEngine().run(&source, onFrame: { last = $0 })
    let frame = try #require(last)
    guard case .object(let members) = frame.jsonValue,
      case .array(let markers) = members["markers"], case .object(let marker) = markers.first
    else {
      Issue.record("unexpected layout")
      return
    }
    #expect(members.keys.sorted() == ["format", "frame", "markers", "timestamp", "version"])
    #expect(members["format"] == .string("arplacementsim.replayFrame"))
    #expect(members["version"] == .number(1))
    #expect(
      marker.keys.sorted() == ["id", "label", "position", "projection", "spreadMeters", "state"])
    #expect(members["frame"] == .number(3))
  }
}

@Suite("ReplaySettings")
struct ReplaySettingsTests {
  @Test func decodesEveryMember() throws {
    let text = """
      {"filter": "exponential", "filterParameters": {"time-constant": 0.2},
       "tracker": {"associationGateMeters": 0.015, "confirmationHitCount": 2, "rigidLayout": true},
       "attempts": [{"target": "existingPlaneInfinite", "alignment": "vertical"}, {"target": "estimatedPlane"}],
       "anchorPoint": [0.5, 0.75], "backFacePolicy": "include", "raycastSeed": 9,
       "interpretVisionAs": {"cropAndScale": "scaleFit", "modelInputSize": [300, 200], "orientation": "up"},
       "matchThresholdMeters": 0.02}
      """
    let settings = try ReplaySettings(json: JSONParser.parse(text))
    #expect(settings.filter == AnyPositionFilter(try ExponentialFilter(timeConstantSeconds: 0.2)))
    #expect(settings.tracker.associationGateMeters == 0.015)
    #expect(settings.tracker.confirmationHitCount == 2 && settings.tracker.rigidLayout)
    #expect(
      settings.placement.attempts == [
        PlacementAttempt(target: .existingPlaneInfinite, alignment: .vertical),
        PlacementAttempt(target: .estimatedPlane, alignment: .any),
      ])
    #expect(try settings.placement.anchorPoint == BoxAnchorPoint(x: 0.5, y: 0.75))
    #expect(settings.placement.raycastOptions.backFacePolicy == .include)
    #expect(settings.placement.raycastOptions.seed == 9)
    #expect(settings.interpretVisionAs?.cropAndScale == .scaleFit)
    #expect(settings.matchThresholdMeters == 0.02)
    #expect(try ReplaySettings(json: JSONParser.parse("{}")) == ReplaySettings())
  }

  /// The view members of `tracker`: a nested `measurementError` object, optional limits that take
  /// a number or `null` (absent: the default, no limit), interval bounds
  /// (`detectionMarginFraction` < 0.5), and the top-level `trackerUsesDetectorView`.
  @Test func decodesTheTrackerViewMembers() throws {
    let text = """
      {"tracker": {"associationGateChiSquare": 11.34, "maximumAssociationDistanceMeters": 0.05,
                   "detectionMarginFraction": 0.49, "maximumDetectionIncidenceDegrees": 90,
                   "maximumDetectionDistanceMeters": 4, "maximumUnobservedSeconds": null,
                   "measurementError": {"latencySeconds": 0.03, "maximumIncidenceDegrees": 85}},
       "trackerUsesDetectorView": false}
      """
    let settings = try ReplaySettings(json: JSONParser.parse(text))
    var expected = MarkerTrackerConfiguration()
    expected.associationGateChiSquare = 11.34
    expected.maximumAssociationDistanceMeters = 0.05
    expected.detectionMarginFraction = 0.49
    expected.maximumDetectionIncidenceDegrees = 90
    expected.maximumDetectionDistanceMeters = 4
    expected.measurementError.latencySeconds = 0.03
    expected.measurementError.maximumIncidenceDegrees = 85
    #expect(settings.tracker == expected)
    #expect(!settings.trackerUsesDetectorView)
    let limited = try ReplaySettings(
      json: JSONParser.parse(#"{"tracker": {"maximumUnobservedSeconds": 2}}"#))
    #expect(limited.tracker.maximumUnobservedSeconds == 2)
    // `null` for a member with a non-optional value is its default too.
    let defaulted = try ReplaySettings(
      json: JSONParser.parse(#"{"tracker": {"maximumAgingStepSeconds": null}}"#))
    #expect(defaulted.tracker.maximumAgingStepSeconds == 0.1)
  }

  @Test(arguments: [
    (#"{"tracker": {"detectionMarginFraction": 0.5}}"#, "tracker.detectionMarginFraction"),
    (
      #"{"tracker": {"maximumDetectionIncidenceDegrees": 90.5}}"#,
      "tracker.maximumDetectionIncidenceDegrees"
    ),
    (
      #"{"tracker": {"maximumDetectionDistanceMeters": 0}}"#,
      "tracker.maximumDetectionDistanceMeters"
    ),
    (#"{"tracker": {"measurementError": 1}}"#, "tracker.measurementError"),
    (
      #"{"tracker": {"measurementError": {"maximumIncidenceDegrees": 90}}}"#,
      "tracker.measurementError.maximumIncidenceDegrees"
    ),
    // A dotted name is the registry's, not a JSON member: the member is nested.
    (
      #"{"tracker": {"measurementError.latencySeconds": 0}}"#,
      #"tracker["measurementError.latencySeconds"]"#
    ),
  ])
  func viewMemberErrorsNameTheMember(text: String, path: String) throws {
    let error = try #require(throws: InputFileError.self) {
      try ReplaySettings(json: JSONParser.parse(text))
    }
    #expect(error.jsonPath == path)
  }

  @Test(arguments: [
    (#"{"tracker": {"confirmationHitCount": 1.5}}"#, "tracker.confirmationHitCount"),
    (#"{"attempts": [{"target": "wall"}]}"#, "attempts[0].target"),
    (#"{"anchorPoint": "middle"}"#, "anchorPoint"),
    (#"{"filter": "kalman", "filterParameters": {"gate": "-1"}}"#, "filterParameters.gate"),
    (#"{"filter": "smooth"}"#, "filter"),
    (#"{"filterParameters": {"beta": 1}}"#, "filterParameters.beta"),
    (
      #"{"interpretVisionAs": {"cropAndScale": "centerCrop", "modelInputSize": [0, 1], "orientation": "up"}}"#,
      "interpretVisionAs.modelInputSize[0]"
    ),
    (#"{"colour": 1}"#, "colour"),
  ])
  func errorsNameTheMember(text: String, path: String) throws {
    let error = try #require(throws: InputFileError.self) {
      try ReplaySettings(json: JSONParser.parse(text))
    }
    #expect(error.jsonPath == path)
  }
}

/// Every recording in Scenes/ replays with the default settings (recordings are the files that
/// carry `"format"`; plane lists and explain requests are skipped).
@Suite("Scenes replay")
struct ScenesReplayTests {
  static func recordings() -> [String] {
    ScenesDirectoryTests.files().filter { relativePath in
      let path = ScenesDirectoryTests.scenes.appendingPathComponent(relativePath).path
      if relativePath.hasSuffix(".jsonl") { return true }
      guard let data = FileManager.default.contents(atPath: path),
        case .object(let members)? = try? JSONParser.parse([UInt8](data))
      else { return false }
      return members["format"] != nil
    }
  }

  @Test(arguments: recordings())
  func replays(relativePath: String) throws {
    let path = ScenesDirectoryTests.scenes.appendingPathComponent(relativePath).path
    var source = try ReplaySource(contentsOfFile: path)
    var frames = 0
    let report = try ReplayEngine().run(&source, onFrame: { _ in frames += 1 })
    #expect(report.frameCount == frames && frames > 0)
    #expect((report.metrics != nil) == (source.header.truth.map { !$0.objects.isEmpty } ?? false))
  }
}
