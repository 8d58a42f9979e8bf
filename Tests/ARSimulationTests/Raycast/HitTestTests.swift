import SpatialMath
import Testing

@testable import ARSimulation

@Suite struct HitTestTests {
  typealias F = WorldFixtures

  @Test func rawValuesMatchARKit() {
    #expect(HitTestResult.ResultType.featurePoint.rawValue == 1)
    #expect(HitTestResult.ResultType.estimatedHorizontalPlane.rawValue == 2)
    #expect(HitTestResult.ResultType.estimatedVerticalPlane.rawValue == 4)
    #expect(HitTestResult.ResultType.existingPlane.rawValue == 8)
    #expect(HitTestResult.ResultType.existingPlaneUsingExtent.rawValue == 16)
    #expect(HitTestResult.ResultType.existingPlaneUsingGeometry.rawValue == 32)
  }

  /// A floor at y = -1 with a triangular boundary (0,0), (1,0), (0,1) in local xz and an extent
  /// of 1 x 1 centred at (0.5, 0, 0.5): the extent covers the whole unit square, the boundary
  /// only the half below x + z = 1.
  static let world: FrameWorld = {
    let anchor = try! PlaneAnchor(
      identifier: "floor", transform: Matrix4x4(translation: SIMD3(0, -1, 0)),
      center: SIMD3(0.5, 0, 0.5), extent: try! PlaneExtent(width: 1, height: 1),
      boundary: try! PlaneBoundary(vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)]),
      alignment: .horizontal)
    return FrameWorld(planeAnchors: [anchor])
  }()

  static let all: HitTestResult.ResultType = [
    .existingPlane, .existingPlaneUsingExtent, .existingPlaneUsingGeometry,
  ]

  @Test(arguments: [
    (SIMD3<Float>(0.2, 0, 0.2), [8, 16, 32] as [UInt]),  // inside all three
    (SIMD3<Float>(0.8, 0, 0.8), [8, 16]),  // inside the extent square, outside the triangle
    (SIMD3<Float>(2, 0, 2), [8]),  // only the infinite plane
  ])
  func planeTypes(origin: SIMD3<Float>, expected: [UInt]) {
    let ray = try! Ray(origin: origin, direction: SIMD3(0, -1, 0))
    let results = Raycaster().hitTest(ray, types: Self.all, in: Self.world)
    #expect(results.map(\.type.rawValue) == expected)
    #expect(results.allSatisfy { $0.distance == 1 && $0.anchorIdentifier == "floor" })
  }

  @Test func rotatedExtent() {
    // A 2 x 0.2 extent turned 90° about +y lies along z: (0, 0, 0.9) is inside, (0.9, 0, 0) not.
    let anchor = try! PlaneAnchor(
      identifier: "strip", transform: .identity,
      extent: try! PlaneExtent(width: 2, height: 0.2, rotationOnYAxis: .degrees(90)),
      boundary: WorldFixtures.square(half: 1), alignment: .horizontal)
    #expect(anchor.extent.contains(localPoint: SIMD3(0, 0, 0.9), center: anchor.center))
    #expect(!anchor.extent.contains(localPoint: SIMD3(0.9, 0, 0), center: anchor.center))
  }

  @Test func featurePointNearestTheRay() throws {
    // Points 1 cm and 3 cm off the ray at depths 2 and 1: the 1 cm one wins, reported on the ray.
    let cloud = try! FeaturePointCloud(points: [SIMD3(0.03, 0, -1), SIMD3(0, 0.01, -2)])
    let ray = try! Ray(origin: .zero, direction: SIMD3(0, 0, -1))
    let results = Raycaster().hitTest(
      ray, types: .featurePoint, in: FrameWorld(featurePoints: cloud))
    let hit = try #require(results.first)
    #expect(results.count == 1)
    #expect(hit.distance == 2)
    #expect(hit.worldTransform.columns.3 == SIMD4(0, 0, -2, 1))
    #expect(hit.anchorIdentifier == nil)
  }

  @Test func estimatedPlaneTypesFollowTheFittedAlignment() {
    // A dense noiseless floor patch 1 m below: estimated horizontal, not vertical.
    var points: [SIMD3<Float>] = []
    for i in -10...10 {
      for j in -10...10 { points.append(SIMD3(Float(i) * 0.02, -1, Float(j) * 0.02 - 0.5)) }
    }
    let world = FrameWorld(featurePoints: try! FeaturePointCloud(points: points))
    let ray = try! Ray(origin: .zero, direction: SIMD3(0, -1, -0.5))
    let horizontal = Raycaster().hitTest(ray, types: .estimatedHorizontalPlane, in: world)
    #expect(horizontal.map(\.type) == [.estimatedHorizontalPlane])
    #expect(
      horizontal.first?.distance.isApproximatelyEqual(to: Float(1.25).squareRoot(), tolerance: 1e-5)
        == true)
    #expect(Raycaster().hitTest(ray, types: .estimatedVerticalPlane, in: world).isEmpty)
  }
}
