import Foundation
import SpatialMath
import Testing

@testable import ARSimulation

@Suite struct RaycasterTests {
  typealias F = WorldFixtures

  @Test func rawValuesMatchARKit() {
    #expect(RaycastQuery.Target.existingPlaneGeometry.rawValue == 0)
    #expect(RaycastQuery.Target.existingPlaneInfinite.rawValue == 1)
    #expect(RaycastQuery.Target.estimatedPlane.rawValue == 2)
    #expect(RaycastQuery.TargetAlignment.horizontal.rawValue == 0)
    #expect(RaycastQuery.TargetAlignment.vertical.rawValue == 1)
    #expect(RaycastQuery.TargetAlignment.any.rawValue == 2)
  }

  @Test func handWorkedObliqueHitOnTheFloor() throws {
    // From (0, 1, 1) along (0, -1, -1)/√2 the floor y = 0 is met at the origin after √2 m.
    let world = FrameWorld(planeAnchors: [F.floor("floor", y: 0)])
    let results = Raycaster().raycast(F.query(SIMD3(0, 1, 1), SIMD3(0, -1, -1)), in: world)
    let hit = try #require(results.first)
    #expect(results.count == 1)
    #expect(hit.distance.isApproximatelyEqual(to: Float(2).squareRoot(), tolerance: 1e-6))
    #expect(hit.worldPosition.isApproximatelyEqual(to: .zero, tolerance: 1e-6))
    #expect(hit.anchorIdentifier == "floor")
    #expect(hit.target == .existingPlaneGeometry)
    #expect(hit.targetAlignment == .horizontal)
    // y = normal (0,1,0); x = d × y = (1,0,0); z = x × y = (0,0,1), back towards the origin.
    let c = hit.worldTransform.columns
    #expect(c.0.isApproximatelyEqual(to: SIMD4(1, 0, 0, 0), tolerance: 1e-6))
    #expect(c.1.isApproximatelyEqual(to: SIMD4(0, 1, 0, 0), tolerance: 1e-6))
    #expect(c.2.isApproximatelyEqual(to: SIMD4(0, 0, 1, 0), tolerance: 1e-6))
  }

  @Test func sortedNearestFirstWithTiesByIdentifier() {
    // Looking straight down from y = 0: planes at y = -1 ("m", "b" coincide) and y = -2 ("a").
    let world = FrameWorld(planeAnchors: [
      F.floor("a", y: -2), F.floor("m", y: -1), F.floor("b", y: -1),
    ])
    let results = Raycaster().raycast(F.query(.zero, SIMD3(0, -1, 0)), in: world)
    #expect(results.map(\.anchorIdentifier) == ["b", "m", "a"])
    #expect(results.map(\.distance) == [1, 1, 2])
  }

  @Test func geometryNeedsTheBoundaryInfiniteDoesNot() {
    // The ray hits the plane y = -1 at x = 2, outside the ±0.5 m square.
    let world = FrameWorld(planeAnchors: [F.floor("f", y: -1)])
    let q = F.query(SIMD3(2, 0, 0), SIMD3(0, -1, 0), .existingPlaneGeometry)
    #expect(Raycaster().raycast(q, in: world).isEmpty)
    let infinite = F.query(SIMD3(2, 0, 0), SIMD3(0, -1, 0), .existingPlaneInfinite)
    let hits = Raycaster().raycast(infinite, in: world)
    #expect(hits.count == 1)
    #expect(hits.first?.worldPosition == SIMD3(2, -1, 0))
    #expect(hits.first?.target == .existingPlaneInfinite)
  }

  @Test(arguments: [false, true])
  func boundaryWindingDoesNotMatter(clockwise: Bool) {
    let anchor = F.anchor(
      "f", worldFromPlane: RigidTransform(translation: SIMD3(0, -1, 0)), half: 0.5,
      clockwise: clockwise)
    let world = FrameWorld(planeAnchors: [anchor])
    #expect(Raycaster().raycast(F.query(SIMD3(0.4, 0, 0.4), SIMD3(0, -1, 0)), in: world).count == 1)
    #expect(Raycaster().raycast(F.query(SIMD3(0.6, 0, 0), SIMD3(0, -1, 0)), in: world).isEmpty)
  }

  @Test func alignmentFilterUsesTheAnchorLabel() {
    let world = FrameWorld(planeAnchors: [F.floor("floor", y: -1), F.wall("wall", z: -3)])
    let down = SIMD3<Float>(0, -1, -1)  // meets the floor at (0, -1, -1), the wall at (0, -3, -3)
    let horizontal = Raycaster().raycast(
      F.query(.zero, down, .existingPlaneInfinite, .horizontal), in: world)
    #expect(horizontal.map(\.anchorIdentifier) == ["floor"])
    let vertical = Raycaster().raycast(
      F.query(.zero, down, .existingPlaneInfinite, .vertical), in: world)
    #expect(vertical.map(\.anchorIdentifier) == ["wall"])
    #expect(vertical.first?.targetAlignment == .vertical)
    let any = Raycaster().raycast(F.query(.zero, down, .existingPlaneInfinite, .any), in: world)
    #expect(any.map(\.anchorIdentifier) == ["floor", "wall"])
  }

  static let degenerateDirections: [SIMD3<Float>] = [
    .zero, SIMD3(.nan, -1, 0), SIMD3(0, .infinity, 0), SIMD3(1e-30, 0, 0),
  ]

  @Test(arguments: degenerateDirections)
  func degenerateDirectionsHitNothing(direction: SIMD3<Float>) {
    let world = FrameWorld(planeAnchors: [F.floor("f", y: -1)])
    for target in RaycastQuery.Target.allCases {
      #expect(Raycaster().raycast(F.query(.zero, direction, target), in: world).isEmpty)
    }
  }

  @Test func nonFiniteOriginHitsNothing() {
    let world = FrameWorld(planeAnchors: [F.floor("f", y: -1)])
    let q = F.query(SIMD3(.nan, 0, 0), SIMD3(0, -1, 0), .existingPlaneInfinite)
    #expect(Raycaster().raycast(q, in: world).isEmpty)
  }

  @Test func parallelAndBehindRaysMiss() {
    let world = FrameWorld(planeAnchors: [F.floor("f", y: -1)])
    // Parallel: a horizontal ray over a horizontal plane, and one lying in the plane itself.
    #expect(world.raycast(F.query(.zero, SIMD3(1, 0, 0), .existingPlaneInfinite)).isEmpty)
    #expect(world.raycast(F.query(SIMD3(0, -1, 0), SIMD3(1, 0, 0), .existingPlaneInfinite)).isEmpty)
    // Behind: looking up away from a plane below (also a back face, so include back faces).
    let options = RaycastOptions(backFacePolicy: .include)
    #expect(
      world.raycast(F.query(.zero, SIMD3(0, 1, 0), .existingPlaneInfinite), options: options)
        .isEmpty)
  }

  @Test func backFacesAreCulledByDefaultAndIncludedOnRequest() throws {
    // A ceiling at y = 1 whose normal points up (+y); a ray from below travels along the normal.
    let world = FrameWorld(planeAnchors: [F.floor("ceiling", y: 1)])
    let up = F.query(.zero, SIMD3(0, 1, 0), .existingPlaneGeometry)
    #expect(Raycaster().raycast(up, in: world).isEmpty)
    let included = Raycaster(options: RaycastOptions(backFacePolicy: .include)).raycast(
      up, in: world)
    let hit = try #require(included.first)
    #expect(hit.distance == 1)
    // The pose's +y faces the ray origin: down.
    #expect(hit.worldNormal.isApproximatelyEqual(to: SIMD3(0, -1, 0), tolerance: 1e-6))
    // The same plane flipped to face down is a front face.
    let flipped = FrameWorld(planeAnchors: [F.floor("ceiling", y: 1, facingDown: true)])
    #expect(Raycaster().raycast(up, in: flipped).count == 1)
  }
}

@Suite struct RaycastCodableTests {
  @Test func queryAndOptionsEncodeEnumsByName() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let query = RaycastQuery(
      origin: SIMD3(0, 1, 0), direction: SIMD3(0, 0, -2), allowing: .estimatedPlane,
      alignment: .vertical)
    let text = String(decoding: try encoder.encode(query), as: UTF8.self)
    #expect(text.contains(#""target":"estimatedPlane""#))
    #expect(text.contains(#""targetAlignment":"vertical""#))
    #expect(try JSONDecoder().decode(RaycastQuery.self, from: Data(text.utf8)) == query)
    let options = RaycastOptions(backFacePolicy: .include, seed: 9)
    let optionsText = String(decoding: try encoder.encode(options), as: UTF8.self)
    #expect(optionsText.contains(#""backFacePolicy":"include""#))
    #expect(try JSONDecoder().decode(RaycastOptions.self, from: Data(optionsText.utf8)) == options)
  }

  @Test func decodedDirectionsAreNormalized() throws {
    let json =
      #"{"origin": [0, 0, 0], "direction": [0, 0, -2], "target": "existingPlaneInfinite", "targetAlignment": "any"}"#
    let query = try JSONDecoder().decode(RaycastQuery.self, from: Data(json.utf8))
    #expect(query.direction == SIMD3(0, 0, -1))
  }

  @Test func unknownTargetNameIsAnError() {
    let json =
      #"{"origin": [0, 0, 0], "direction": [0, 0, -1], "target": "mesh", "targetAlignment": "any"}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RaycastQuery.self, from: Data(json.utf8))
    }
  }
}
