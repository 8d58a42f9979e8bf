import Foundation
import SceneFormat
import SessionSimulation
import Testing
import _TestSupport

@testable import SceneReplay

/// Replay attaches its markers to anchors on a recording with tracking corrections. On
/// `dashboard-glance-away` the dashboard's anchors move back by the error they were mapped
/// with while the camera looks away, and the markers with them, so when the dashboard comes
/// back into view its detections land where the markers already are: no marker needs
/// re-anchoring and no measurement is an outlier (markers left at their world positions would
/// be 4 to 5 cm off, outside the tracker's gate, and be re-anchored). The bytes do not depend
/// on the thread count.
@Suite struct ReplayAnchorsTests {
  static let path = RecordingFixtures.packageRoot()
    .appendingPathComponent("Scenes/dashboard-glance-away.json").path

  @Test func markersComeBackWithTheirAnchors() throws {
    var source = try ReplaySource(contentsOfFile: Self.path)
    let report = try ReplayEngine().run(&source)
    #expect(report.tracker.createdMarkerCount == 8)
    #expect(report.tracker.reanchorCount == 0)
    #expect(report.tracker.outlierMeasurementCount == 0)
  }

  @Test func threadCountDoesNotChangeTheReport() throws {
    var one = try ReplaySource(contentsOfFile: Self.path)
    var two = try ReplaySource(contentsOfFile: Self.path)
    let a = try ReplayEngine(threadCount: 1, chunkFrameCount: 7).run(&one)
    let b = try ReplayEngine(threadCount: 2, chunkFrameCount: 7).run(&two)
    #expect(try JSONWriter.bytes(of: a.jsonValue) == JSONWriter.bytes(of: b.jsonValue))
  }
}
