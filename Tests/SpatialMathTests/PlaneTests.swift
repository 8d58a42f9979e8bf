import Foundation
import SpatialMath
import Testing

/// The horizontal plane y = 1, facing up.
private let floorAtOne = try! Plane(point: SIMD3(5, 1, -2), normal: SIMD3(0, 2, 0))
/// The plane y = 0, facing up.
private let ground = try! Plane(point: .zero, normal: SIMD3(0, 1, 0))

private func ray(_ origin: SIMD3<Float>, _ direction: SIMD3<Float>) -> Ray {
  try! Ray(origin: origin, direction: direction)
}

@Suite("Plane")
struct PlaneTests {
  @Test func normalIsNormalizedAndDistanceFollows() {
    #expect(floorAtOne.normal == SIMD3(0, 1, 0))
    #expect(floorAtOne.distanceFromOrigin == 1)
    #expect(floorAtOne.pointNearestOrigin == SIMD3(0, 1, 0))
  }

  @Test(
    arguments: [
      (SIMD3(0, 3, 0), 2), (SIMD3(7, -1, 9), -2), (SIMD3(-4, 1, 4), 0),
    ] as [(SIMD3<Float>, Float)])
  func signedDistanceIsPositiveInFront(point: SIMD3<Float>, expected: Float) {
    #expect(floorAtOne.signedDistance(to: point) == expected)
  }

  @Test func projectionDropsOntoThePlane() {
    #expect(floorAtOne.projection(of: SIMD3(3, 5, 7)) == SIMD3(3, 1, 7))
  }

  @Test func straightDownHit() throws {
    let r = ray(SIMD3(0, 5, 0), SIMD3(0, -1, 0))
    #expect(floorAtOne.intersectionDistance(with: r) == 4)
    #expect(floorAtOne.intersection(with: r) == SIMD3(0, 1, 0))
  }

  @Test func obliqueHitByHand() throws {
    // From (0, 2, 0) along (1, -1, 0)/√2 the ray drops 2 after 2√2: the hit is (2, 0, 0).
    let r = ray(SIMD3(0, 2, 0), SIMD3(1, -1, 0))
    let t = try #require(ground.intersectionDistance(with: r))
    #expect(t.isApproximatelyEqual(to: 2 * Float(2).squareRoot(), tolerance: 1e-6))
    let hit = try #require(ground.intersection(with: r))
    #expect(hit.isApproximatelyEqual(to: [2, 0, 0], tolerance: 1e-6))
  }

  @Test func parallelRayMisses() {
    #expect(ground.intersection(with: ray(SIMD3(0, 1, 0), SIMD3(1, 0, 0))) == nil)
    // Inside the epsilon band counts as parallel.
    let grazing = ray(SIMD3(0, 1, 0), SIMD3(1, -1e-8, 0))
    #expect(ground.intersection(with: grazing) == nil)
    #expect(ground.intersection(with: grazing, parallelEpsilon: 0) != nil)
  }

  @Test func hitBehindTheOriginMisses() {
    #expect(floorAtOne.intersection(with: ray(SIMD3(0, 5, 0), SIMD3(0, 1, 0))) == nil)
    #expect(floorAtOne.intersection(with: ray(SIMD3(0, -5, 0), SIMD3(0, -1, 0))) == nil)
  }

  @Test func backFacesAreCulledOnlyWhenAsked() {
    // From below, looking up: direction · normal = 1 > 0, a back face.
    let fromBelow = ray(SIMD3(0, -3, 0), SIMD3(0, 1, 0))
    #expect(ground.intersectionDistance(with: fromBelow) == 3)
    #expect(ground.intersectionDistance(with: fromBelow, cullBackFaces: true) == nil)
    // From above the front face is hit either way.
    let fromAbove = ray(SIMD3(0, 3, 0), SIMD3(0, -1, 0))
    #expect(ground.intersectionDistance(with: fromAbove, cullBackFaces: true) == 3)
  }

  @Test func threePointsWindCounterClockwiseSeenFromTheFront() throws {
    // (1, 0, 0) × (0, 0, -1) = (0, 1, 0).
    let up = try Plane(SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 0, -1))
    #expect(up.normal == SIMD3(0, 1, 0))
    #expect(up.distanceFromOrigin == 0)
    let shifted = try Plane(SIMD3(0, 0, 2), SIMD3(1, 0, 2), SIMD3(0, 1, 2))
    #expect(shifted.normal == SIMD3(0, 0, 1))
    #expect(shifted.distanceFromOrigin == 2)
  }

  @Test(arguments: [
    (SIMD3<Float>(0, 0, 0), SIMD3<Float>(1, 1, 1), SIMD3<Float>(2, 2, 2)),
    // Collinear in exact arithmetic, not after Float rounding.
    (SIMD3<Float>(0.1, 0.2, 0.3), SIMD3<Float>(0.3, 0.6, 0.9), SIMD3<Float>(0.7, 1.4, 2.1)),
    (SIMD3<Float>(1, 2, 3), SIMD3<Float>(1, 2, 3), SIMD3<Float>(4, 5, 7)),
    (SIMD3<Float>(1, 2, 3), SIMD3<Float>(1, 2, 3), SIMD3<Float>(1, 2, 3)),
  ])
  func degenerateTrianglesThrow(a: SIMD3<Float>, b: SIMD3<Float>, c: SIMD3<Float>) {
    #expect(throws: GeometryError.collinearPoints) { try Plane(a, b, c) }
  }

  @Test func nonFiniteTriangleThrows() {
    #expect(throws: GeometryError.notFinite(name: "plane point")) {
      try Plane(SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, .nan, 0))
    }
  }

  @Test func invalidPointOrNormalThrows() {
    #expect(throws: GeometryError.zeroVector(name: "plane normal")) {
      try Plane(point: .zero, normal: .zero)
    }
    #expect(throws: GeometryError.notFinite(name: "plane point")) {
      try Plane(point: SIMD3(.nan, 0, 0), normal: SIMD3(0, 1, 0))
    }
    #expect(throws: GeometryError.notFinite(name: "plane normal")) {
      try Plane(point: .zero, normal: SIMD3(0, .infinity, 0))
    }
  }

  @Test func decodingNormalizesAndScalesDistance() throws {
    let json = #"{"normal": [0, 2, 0], "distanceFromOrigin": 4}"#
    let plane = try JSONDecoder().decode(Plane.self, from: Data(json.utf8))
    #expect(plane.normal == SIMD3(0, 1, 0))
    #expect(plane.distanceFromOrigin == 2)
    let data = try JSONEncoder().encode(plane)
    #expect(try JSONDecoder().decode(Plane.self, from: data) == plane)
    let zero = #"{"normal": [0, 0, 0], "distanceFromOrigin": 4}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Plane.self, from: Data(zero.utf8))
    }
  }
}
