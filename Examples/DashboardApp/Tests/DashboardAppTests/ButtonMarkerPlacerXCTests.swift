import DashboardApp
import Foundation
import SessionSimulation
import XCTest

/// The same gate as `ButtonMarkerPlacerTests`, for teams whose suites are XCTest.
final class ButtonMarkerPlacerXCTests: XCTestCase {
  /// `Scenes/` at the root of this repository, ending in a slash.
  let scenes =
    URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes")
    .path + "/"

  // snippet begin
  func testMarksEveryButton() throws {
    var session = try SimulatedSession(contentsOfFile: scenes + "dashboard-portrait.json")
    var placer = ButtonMarkerPlacer()
    let score = try session.run(&placer)
    XCTAssertEqual(score.missedObjects, 0, "\(score)")
    XCTAssertLessThan(try XCTUnwrap(score.placementErrorRMSMillimeters), 30, "\(score)")
  }
  // snippet end
}
