import Placement
import SpatialMath
import Testing

/// `moveMarker(id:to:)`: an app moving a marker with the anchor it is attached to.
@Suite struct MarkerTrackerMoveTests {
  static let p = SIMD3<Float>(0.1, -0.2, -0.5)

  /// A constant signal confirms the marker at `p` after three hits (30 fps); moved 2 cm in x,
  /// it keeps its id, label and state, coasts at the new place through a miss, and the next
  /// measurement at the new place is assigned to it (a constant signal passes through).
  @Test func movedMarkerKeepsItsIdentityAndTakesMeasurementsThere() throws {
    var tracker = try MarkerTrackerTests.tracker()
    let m = MarkerMeasurement(label: "fan", position: Self.p)
    for frame in 0..<3 { tracker.update(measurements: [m], timestampSeconds: Double(frame) / 30) }
    let target = Self.p + SIMD3(0.02, 0, 0)
    let didMove = tracker.moveMarker(id: 1, to: target)
    #expect(didMove)
    let moved = try #require(tracker.markers.first)
    #expect(moved.id == 1 && moved.label == "fan" && moved.state == .confirmed)
    #expect(moved.position == target)
    let coasting = try #require(tracker.update(measurements: [], timestampSeconds: 3.0 / 30).first)
    #expect(coasting.position == target && coasting.state == .coasting)
    let there = MarkerMeasurement(label: "fan", position: target)
    let out = tracker.update(measurements: [there], timestampSeconds: 4.0 / 30)
    #expect(out.map(\.id) == [1])
    #expect(out.first?.state == .confirmed)
    #expect(out.first?.position.isApproximatelyEqual(to: target, tolerance: 1e-6) == true)
  }

  @Test func unknownIdOrNonFinitePositionChangesNothing() throws {
    var tracker = try MarkerTrackerTests.tracker()
    tracker.update(
      measurements: [MarkerMeasurement(label: "fan", position: Self.p)], timestampSeconds: 0)
    let unknown = tracker.moveMarker(id: 7, to: .zero)
    let nonFinite = tracker.moveMarker(id: 1, to: SIMD3(.nan, 0, 0))
    #expect(!unknown && !nonFinite)
    #expect(tracker.markers.first?.position == Self.p)
  }
}
