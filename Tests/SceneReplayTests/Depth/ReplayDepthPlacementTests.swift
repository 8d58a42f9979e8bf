import Foundation
import Placement
import SceneFormat
import Testing
import _TestSupport

@testable import SceneReplay
@testable import SceneSynthesis

/// The replay's depth strategy (`"depth"` in the settings): decoding, and a replay of the
/// curved dashboard with depth on every frame, where plane placement fails.
@Suite struct ReplayDepthPlacementTests {
  @Test func settingsDecode() throws {
    let settings = try ReplaySettings(
      json: try JSONParser.parse(
        Array(#"{"depth": {"windowRadius": 1, "minimumConfidence": 2}}"#.utf8)))
    #expect(settings.placement.depth == DepthPlacement(windowRadius: 1, minimumConfidence: .high))
    #expect(settings.trackerOnDepthFramesOnly)
    #expect(try ReplaySettings(json: .object([:])).placement.depth == nil)
    let everyDetectorFrame = try ReplaySettings(
      json: try JSONParser.parse(Array(#"{"depth": {"trackerOnDepthFramesOnly": false}}"#.utf8)))
    #expect(everyDetectorFrame.placement.depth == DepthPlacement())
    #expect(!everyDetectorFrame.trackerOnDepthFramesOnly)
    #expect {
      try ReplaySettings(
        json: try JSONParser.parse(Array(#"{"depth": {"minimumConfidence": 3}}"#.utf8)))
    } throws: { ($0 as? InputFileError)?.path == [.key("depth"), .key("minimumConfidence")] }
  }

  /// `dashboard-curved` for its first 2 s with depth on every frame: by depth every button is
  /// found and the error is millimetres; by the default plane attempts (the anchor covers only
  /// the panel's middle) nothing is.
  @Test func depthPlacesTheCurvedDashboard() throws {
    let path = RecordingFixtures.packageRoot()
      .appendingPathComponent("Scenes/specs/dashboard-curved.json").path
    var spec = try SceneSpec(contentsOfFile: path)
    spec.durationSeconds = 2
    spec.depth?.rateHz = 30
    spec.depth?.smoothed = false
    let recording = try SceneSynthesizer.recording(spec: spec, seed: 1)
    var depthSettings = ReplaySettings()
    depthSettings.placement.depth = DepthPlacement()
    var source = ReplaySource(recording: recording)
    let byDepth = try ReplayEngine(settings: depthSettings).run(&source)
    source = ReplaySource(recording: recording)
    let byPlanes = try ReplayEngine().run(&source)
    let depthMetrics = try #require(byDepth.metrics)
    let planeMetrics = try #require(byPlanes.metrics)
    print(
      "dashboard-curved 2 s, depth every frame: MOTA \((depthMetrics.tracking.mota ?? 0)) by depth, "
        + "\((planeMetrics.tracking.mota ?? 0)) by planes")
    #expect((depthMetrics.tracking.mota ?? 0) > 0.9)
    #expect((planeMetrics.tracking.mota ?? 0) < 0.1)
    #expect(byDepth.placement.placedByAttempt.last ?? 0 > 500)
  }

  /// The committed `dashboard-curved` has depth at 2 Hz (every 15th frame): with the tracker on
  /// the depth frames only, the depth points confirm markers on the buttons; updated on every
  /// detector frame, the 14 frames between depth frames have no hit on the curved panel and age
  /// every marker away before it is confirmed.
  @Test func slowDepthActsAsASlowDetector() throws {
    let path = RecordingFixtures.packageRoot()
      .appendingPathComponent("Scenes/dashboard-curved.json").path
    var settings = ReplaySettings()
    settings.placement.depth = DepthPlacement()
    var source = try ReplaySource(contentsOfFile: path)
    let depthFrames = try #require(try ReplayEngine(settings: settings).run(&source).metrics)
    settings.trackerOnDepthFramesOnly = false
    source = try ReplaySource(contentsOfFile: path)
    let everyFrame = try #require(try ReplayEngine(settings: settings).run(&source).metrics)
    print(
      "dashboard-curved, depth at 2 Hz: MOTA \(depthFrames.tracking.mota ?? 0) on depth frames, "
        + "\(everyFrame.tracking.mota ?? 0) on every detector frame")
    #expect((depthFrames.tracking.mota ?? 0) > 0.7)
    #expect(try #require(depthFrames.placementErrorRMSMillimeters) < 6)
    #expect(depthFrames.missedObjectCount == 0)
    #expect((everyFrame.tracking.mota ?? 0) < 0.1)
  }
}
