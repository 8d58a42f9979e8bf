import Foundation
import SceneSynthesis
import SessionSimulation
import SpatialMath
import Testing
import _TestSupport

/// The correct placer attaches its markers to app anchors and moves them with the anchors'
/// updates; `world-fixed-markers` keeps world positions. On the glance-away scene with its
/// tracking replaced by a known error: a 3 cm jump in x at 0 s (so every anchor is made carrying
/// exactly that error) and one correction removing half of it at 6 s, while the camera looks
/// away and no observation updates the markers (the dashboard is within 1 m of the camera, so
/// its anchors take the full weight). By the model, each anchor then moves by
/// −0.5 × (0.03, 0, 0) = (−0.015, 0, 0), and so must each attached marker; a world-fixed
/// marker does not move at all.
@Suite struct StepPlacerAnchorTests {
  static let correctionSeconds = 6.0
  static let jump = SIMD3<Float>(0.03, 0, 0)

  static func spec() throws -> SceneSpec {
    var spec = try SceneSpec(
      contentsOfFile: RecordingFixtures.packageRoot()
        .appendingPathComponent("Scenes/specs/dashboard-glance-away.json").path)
    var tracking = TrackingModelSpec()
    tracking.jumps = [.init(timeSeconds: 0, offsetMeters: jump)]
    tracking.corrections = [
      .init(timeSeconds: correctionSeconds, fraction: 0.5, radiusMeters: 1.5, falloffMeters: 1)
    ]
    spec.tracking = tracking
    return spec
  }

  /// The markers of the last frame before the correction and of the frame it lands on, and the
  /// anchors of the latter, by running `placer` with the anchor requests applied.
  static func aroundCorrection(_ placer: StepPlacer) throws -> (
    before: [MarkerID: SIMD3<Float>], after: [MarkerID: SIMD3<Float>], anchorCount: Int
  ) {
    let spec = try spec()
    var session = try SimulatedSession(spec: spec, seed: 6)
    var placer = placer
    let at = spec.startTimestampSeconds + correctionSeconds
    var before: [MarkerID: SIMD3<Float>] = [:]
    while let frame = try session.nextFrame() {
      var requests = AppAnchorRequests()
      let markers = placer.markers(for: frame, anchors: &requests)
      session.apply(requests)
      let positions = Dictionary(
        markers.filter { $0.state.isShown }.map { ($0.id, $0.position) },
        uniquingKeysWith: { a, _ in a })
      if frame.timestamp < at {
        before = positions
      } else {
        #expect(frame.observations.isEmpty, "the camera looks away at the correction")
        return (before, positions, frame.appAnchors.count)
      }
    }
    Issue.record("the session ended before the correction")
    return ([:], [:], 0)
  }

  @Test func anchoredMarkersMoveWithTheCorrection() throws {
    let (before, after, anchorCount) = try Self.aroundCorrection(.reference)
    #expect(before.count == 8, "one marker per button survives the glance away")
    #expect(Set(after.keys) == Set(before.keys))
    #expect(anchorCount == before.count)
    let expected = -0.5 * Self.jump
    for (id, position) in before {
      let moved = try #require(after[id])
      #expect(
        moved.isApproximatelyEqual(to: position + expected, tolerance: 1e-5),
        "\(id): \(position) -> \(moved)")
    }
  }

  @Test func worldFixedMarkersStayWhereTheyWere() throws {
    let (before, after, anchorCount) = try Self.aroundCorrection(
      PlacementMistake.worldFixedMarkers.makePlacer())
    #expect(before.count == 8)
    #expect(anchorCount == 0)
    #expect(after == before)
  }
}
