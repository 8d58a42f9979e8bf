import SpatialMath
import Testing

@testable import ARSimulation

@Suite struct TrackedRaycastTests {
  typealias F = WorldFixtures

  @Test func reportsChangesOnlyAndStopsOnRequest() throws {
    var tracked = TrackedRaycast(query: F.query(.zero, SIMD3(0, -1, 0), .existingPlaneInfinite))
    let floor = FrameWorld(planeAnchors: [F.floor("f", y: -1)])

    // First frame: a hit at 1 m is new.
    let firstUpdate = tracked.update(world: floor)
    let first = try #require(firstUpdate)
    #expect(first.map(\.distance) == [1])
    // Same world: no change.
    let same = tracked.update(world: floor)
    #expect(same == nil)
    // The anchor creeps by 0.5 mm (below the 1 mm tolerance): no change.
    let crept = tracked.update(world: FrameWorld(planeAnchors: [F.floor("f", y: -1.0005)]))
    #expect(crept == nil)
    #expect(tracked.results.first?.distance == 1)
    // It moves 5 cm: a change.
    let movedUpdate = tracked.update(world: FrameWorld(planeAnchors: [F.floor("f", y: -1.05)]))
    let moved = try #require(movedUpdate)
    #expect(moved.first?.distance.isApproximatelyEqual(to: 1.05, tolerance: 1e-6) == true)
    // Another anchor appears in front: a change (count and order).
    let two = FrameWorld(planeAnchors: [F.floor("f", y: -1.05), F.floor("g", y: -0.5)])
    let twoUpdate = tracked.update(world: two)
    #expect(try #require(twoUpdate).map(\.anchorIdentifier) == ["g", "f"])
    // Everything disappears: reported as an empty change.
    let lost = tracked.update(world: FrameWorld())
    #expect(lost == [])
    #expect(tracked.updateCount == 6)
    // Stopped: nothing more, results kept.
    tracked.stop()
    let afterStop = tracked.update(world: floor)
    #expect(afterStop == nil)
    #expect(tracked.isStopped)
    #expect(tracked.results.isEmpty)
    #expect(tracked.updateCount == 6)
  }

  @Test func firstUpdateWithoutHitsIsNotAChange() {
    var tracked = TrackedRaycast(query: F.query(.zero, SIMD3(0, 1, 0), .existingPlaneInfinite))
    let update = tracked.update(world: FrameWorld(planeAnchors: [F.floor("f", y: -1)]))
    #expect(update == nil)
  }

  @Test func aRotationBeyondToleranceIsAChange() throws {
    var tracked = TrackedRaycast(query: F.query(.zero, SIMD3(0, -1, 0), .existingPlaneInfinite))
    _ = tracked.update(world: FrameWorld(planeAnchors: [F.floor("f", y: -1)]))
    // Tilt the plane by 2° about z through the hit point: the hit stays put, the normal turns.
    let tilted = F.anchor(
      "f",
      worldFromPlane: RigidTransform(
        rotation: Quaternion(angle: .degrees(2), axis: SIMD3(0, 0, 1)), translation: SIMD3(0, -1, 0)
      ))
    let update = tracked.update(world: FrameWorld(planeAnchors: [tilted]))
    let change = try #require(update)
    #expect(
      change.first?.worldPosition.isApproximatelyEqual(to: SIMD3(0, -1, 0), tolerance: 1e-6) == true
    )
  }
}
