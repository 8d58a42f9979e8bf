import ARSimulation
import SpatialMath
import Testing

/// The frame of ``ARCoreHitTestTests``: view (320, 440) looks along (0, -0.4, -1).
@Suite("ARCore instant placement")
struct ARCoreInstantPlacementTests {
  static let support: [SIMD3<Float>] = [SIMD3(0.05, -0.8, -2)]

  @Test("Disabled mode, no screen-space support, not tracking, bad distance: no result")
  func conditions() throws {
    let disabled = try ARCoreHitTestTests.frame(points: Self.support)
    #expect(disabled.hitTestInstantPlacement(x: 320, y: 440, approximateDistanceMeters: 2).isEmpty)
    let bare = try ARCoreHitTestTests.frame(instantPlacement: .localYUp)
    #expect(bare.hitTestInstantPlacement(x: 320, y: 440, approximateDistanceMeters: 2).isEmpty)
    let lost = try ARCoreHitTestTests.frame(
      points: Self.support, tracking: .paused, instantPlacement: .localYUp)
    #expect(lost.hitTestInstantPlacement(x: 320, y: 440, approximateDistanceMeters: 2).isEmpty)
    let ok = try ARCoreHitTestTests.frame(points: Self.support, instantPlacement: .localYUp)
    #expect(ok.hitTestInstantPlacement(x: 320, y: 440, approximateDistanceMeters: 0).isEmpty)
  }

  @Test("No plane: SCREENSPACE_WITH_APPROXIMATE_DISTANCE at the given distance, +y up")
  func approximate() throws {
    let frame = try ARCoreHitTestTests.frame(points: Self.support, instantPlacement: .localYUp)
    let hits = frame.hitTestInstantPlacement(x: 320, y: 440, approximateDistanceMeters: 2)
    #expect(hits.count == 1)
    let hit = try #require(hits.first)
    guard case .instantPlacementPoint(let point) = hit.trackable else {
      Issue.record("expected an instant placement point")
      return
    }
    #expect(point.trackingMethod == .screenspaceWithApproximateDistance)
    // 2 m along (0, -0.4, -1)/√1.16.
    let expected = SIMD3<Float>(0, -0.8, -2) / (1.16 as Float).squareRoot()
    #expect(hit.hitPose.translation.isApproximatelyEqual(to: expected, tolerance: 1e-5))
    #expect(abs(hit.distance - 2) < 1e-5)
    #expect(hit.hitPose.yAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
    #expect(hit.hitPose.xAxis.isApproximatelyEqual(to: SIMD3(1, 0, 0), tolerance: 1e-6))
  }

  @Test("Over a tracked floor: FULL_TRACKING at the floor hit")
  func fullTracking() throws {
    let frame = try ARCoreHitTestTests.frame(
      planes: [try ARCoreHitTestTests.floor()], points: Self.support, instantPlacement: .localYUp)
    let hit = try #require(
      frame.hitTestInstantPlacement(x: 320, y: 440, approximateDistanceMeters: 1).first)
    guard case .instantPlacementPoint(let point) = hit.trackable else {
      Issue.record("expected an instant placement point")
      return
    }
    #expect(point.trackingMethod == .fullTracking)
    #expect(hit.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, -1, -2.5), tolerance: 1e-5))
  }
}
