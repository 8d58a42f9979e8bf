import Foundation
import SceneFormat
import Testing

@testable import SceneReplay

/// Replay of an `"arcore"` recording places ML Kit's boxes with ARCore's hit test; ARKit
/// recordings are replayed as before.
@Suite struct ReplayARCoreTests {
  static func report(_ name: String) throws -> ReplayReport {
    var source = try ReplaySource(
      contentsOfFile: ScenesDirectoryTests.scenes.appendingPathComponent(name).path)
    return try ReplayEngine().run(&source)
  }

  @Test("The ARCore scene is placed by ARCore's hit test and tracked like the ARKit one")
  func arcoreScene() throws {
    let report = try Self.report("arcore-dashboard-portrait.json")
    let placed = try #require(report.placement.placedByARCoreHitTest)
    #expect(report.placement.placedByAttempt.isEmpty)
    #expect(placed > 5000 && placed <= report.placement.detectionCount)
    let json = String(decoding: try JSONWriter.bytes(of: report.jsonValue), as: UTF8.self)
    #expect(json.contains("\"placedByARCoreHitTest\":\(placed)"))
    let metrics = try #require(report.metrics)
    #expect((metrics.tracking.mota ?? 0) > 0.8)
    #expect((metrics.placementErrorRMSMillimeters ?? .infinity) < 25)
  }

  @Test("An ARKit replay has no ARCore count in its report")
  func arkitScene() throws {
    let report = try Self.report("dashboard-portrait.json")
    #expect(report.placement.placedByARCoreHitTest == nil)
    let json = String(decoding: try JSONWriter.bytes(of: report.jsonValue), as: UTF8.self)
    #expect(!json.contains("placedByARCoreHitTest"))
  }
}
