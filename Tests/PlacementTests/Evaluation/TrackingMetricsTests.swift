import Placement
import SpatialMath
import Testing

@Suite struct TrackingMetricsTests {
  /// Frame-to-frame motions 1 mm and 0 mm: RMS = sqrt((1 + 0) / 2) = 0.70711 mm.
  @Test func jitterOfAHandMadeTrack() throws {
    let positions: [SIMD3<Float>] = [.zero, SIMD3(0.001, 0, 0), SIMD3(0.001, 0, 0)]
    let jitter = try #require(TrackingMetrics.jitterRMSMillimeters(positions))
    #expect(abs(jitter - 0.5.squareRoot()) < 1e-4)
    #expect(TrackingMetrics.jitterRMSMillimeters([.zero]) == nil)
  }

  /// Step 0 -> 0.05 m at t = 1: samples at 0.04 (80 %), 0.046 (92 %), 0.052 (overshoot 2 mm).
  @Test func stepResponseOfAHandMadeTrack() throws {
    let samples: [(timestampSeconds: Double, position: SIMD3<Float>)] = [
      (0.9, .zero), (1.0, SIMD3(0.04, 0, 0)), (1.1, SIMD3(0.046, 0, 0)), (1.2, SIMD3(0.052, 0, 0)),
      (1.3, SIMD3(0.05, 0, 0)),
    ]
    let response = try #require(
      TrackingMetrics.stepResponse(
        samples: samples, start: .zero, target: SIMD3(0.05, 0, 0), stepSeconds: 1))
    #expect(abs(try #require(response.timeTo90PercentSeconds) - 0.1) < 1e-12)
    #expect(abs(response.overshootMeters - 0.002) < 1e-6)
    #expect(
      TrackingMetrics.stepResponse(samples: samples, start: .zero, target: .zero, stepSeconds: 1)
        == nil)
  }

  @Test func placementAndReprojectionErrors() throws {
    let e = try #require(
      TrackingMetrics.placementErrorMillimeters(estimate: SIMD3(0.003, 0.004, 0), truth: .zero))
    #expect(abs(e - 5) < 1e-4)
    #expect(
      TrackingMetrics.placementErrorMillimeters(estimate: SIMD3(.nan, 0, 0), truth: .zero) == nil)
    #expect(
      TrackingMetrics.reprojectionErrorPixels(projected: Point(x: 3, y: 4), truth: .zero) == 5)
    #expect(TrackingMetrics.reprojectionErrorPixels(projected: nil, truth: .zero) == nil)
    #expect(TrackingMetrics.rootMeanSquare([1, 7]) == 5)
  }

  @Test func timeToFirstConfirmed() {
    func marker(_ state: MarkerState, _ label: String, _ x: Float) -> TrackedMarker {
      TrackedMarker(
        id: 1, label: label, position: SIMD3(x, 0, 0), state: state, spreadMeters: 0, hitCount: 1,
        lastHitSeconds: 0, firstSeenSeconds: 0)
    }
    let history: [(timestampSeconds: Double, markers: [TrackedMarker])] = [
      (0.0, [marker(.tentative, "fan", 0)]), (0.1, [marker(.confirmed, "ac", 0)]),
      (0.2, [marker(.confirmed, "fan", 0.02)]), (0.3, [marker(.confirmed, "fan", 0.001)]),
    ]
    let t = TrackingMetrics.timeToFirstConfirmedSeconds(
      history: history, label: "fan", truthPosition: .zero, thresholdMeters: 0.01)
    #expect(t == 0.3)
    #expect(
      TrackingMetrics.timeToFirstConfirmedSeconds(
        history: history, label: "fan", truthPosition: .zero, thresholdMeters: 0.01,
        startSeconds: 0.1
      )
      .map { abs($0 - 0.2) < 1e-12 } == true)
    #expect(
      TrackingMetrics.timeToFirstConfirmedSeconds(
        history: history, label: "hazard", truthPosition: .zero, thresholdMeters: 1) == nil)
  }

  @Test func halfNeighbourSpacing() {
    let points: [SIMD3<Float>] = [.zero, SIMD3(0.025, 0, 0), SIMD3(0.1, 0, 0)]
    #expect(TrackingMetrics.halfNeighbourSpacingMeters(points) == 0.0125)
    #expect(TrackingMetrics.halfNeighbourSpacingMeters([.zero, .zero]) == nil)
  }
}
