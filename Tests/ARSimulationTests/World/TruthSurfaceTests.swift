import Foundation
import SpatialMath
import Testing
import _SimulationFixtures

@testable import ARSimulation

@Suite struct TruthSurfaceTests {
  static let table = try! TruthSurface(
    identifier: "table", worldFromSurface: RigidTransform(translation: SIMD3(0, 0.7, -1)),
    shape: .rectangle(width: 1.2, height: 0.6), classification: .table)

  @Test func rectangleIntersectionFromEitherSide() throws {
    let down = try! Ray(origin: SIMD3(0.5, 2, -1), direction: SIMD3(0, -1, 0))
    let hit = try #require(Self.table.intersection(with: down))
    #expect(hit.distance.isApproximatelyEqual(to: 1.3, tolerance: 1e-6))
    #expect(hit.worldNormal.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
    let up = try! Ray(origin: SIMD3(0, 0, -1), direction: SIMD3(0, 1, 0))
    #expect(
      Self.table.intersection(with: up)?.distance.isApproximatelyEqual(to: 0.7, tolerance: 1e-6)
        == true)
    // x = 0.7 is beyond the 0.6 half width.
    #expect(
      Self.table.intersection(with: try! Ray(origin: SIMD3(0.7, 2, -1), direction: SIMD3(0, -1, 0)))
        == nil)
  }

  @Test func meshIntersection() throws {
    // One triangle (0,0,0), (1,0,0), (0,1,0) in the plane z = 0 of a surface placed at z = -3.
    let mesh = try! TriangleMesh(
      vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0)], indices: [0, 1, 2])
    let surface = try! TruthSurface(
      identifier: "m", worldFromSurface: RigidTransform(translation: SIMD3(0, 0, -3)),
      shape: .triangleMesh(mesh: mesh))
    let hit = try #require(
      surface.intersection(with: try! Ray(origin: SIMD3(0.25, 0.25, 0), direction: SIMD3(0, 0, -1)))
    )
    #expect(hit.distance == 3)
    #expect(hit.worldNormal == SIMD3(0, 0, 1))
    #expect(
      surface.intersection(with: try! Ray(origin: SIMD3(0.75, 0.75, 0), direction: SIMD3(0, 0, -1)))
        == nil)
    #expect(surface.planeAnchor() == nil)
    #expect(throws: WorldError.meshIndexOutOfRange(position: 2, index: 2)) {
      try TriangleMesh(vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0)], indices: [0, 1, 2])
    }
    #expect(throws: WorldError.meshTriangleDegenerate(triangle: 0)) {
      try TriangleMesh(
        vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(2, 0, 0)], indices: [0, 1, 2])
    }
    #expect(throws: WorldError.meshIndexCount(2)) {
      try TriangleMesh(vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0)], indices: [0, 1])
    }
    #expect(throws: WorldError.meshVertexNotFinite(index: 1)) {
      try TriangleMesh(
        vertices: [SIMD3(0, 0, 0), SIMD3(.nan, 0, 0), SIMD3(0, 0, 1)], indices: [0, 1, 2])
    }
  }

  @Test func derivedAnchorAndPoints() throws {
    let anchor = try #require(Self.table.planeAnchor())
    #expect(anchor.identifier == "table")
    #expect(anchor.alignment == .horizontal)
    #expect(anchor.classification == .table)
    #expect(anchor.extent.width.isApproximatelyEqual(to: 1.2, tolerance: 1e-6))
    #expect(anchor.extent.height.isApproximatelyEqual(to: 0.6, tolerance: 1e-6))
    // 1000 points per m² on 0.72 m² gives 720 points, all on the table top without noise.
    let world = FrameWorld.synthesized(
      from: [Self.table], pointsPerSquareMeter: 1000, pointNoiseMeters: 0, seed: 5)
    #expect(world.featurePoints.count == 720)
    #expect(
      world.featurePoints.points.allSatisfy {
        abs($0.y - 0.7) < 1e-6 && abs($0.x) <= 0.6 + 1e-6 && abs($0.z + 1) <= 0.3 + 1e-6
      })
    #expect(world.planeAnchors == [anchor])
    // Same seed, same world.
    #expect(
      FrameWorld.synthesized(
        from: [Self.table], pointsPerSquareMeter: 1000, pointNoiseMeters: 0, seed: 5)
        == world)
  }

  @Test func codableRoundTrip() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let again = try JSONDecoder().decode(TruthSurface.self, from: encoder.encode(Self.table))
    #expect(again == Self.table)
  }

  @Test func invalidRectanglesAreRejected() {
    #expect(throws: WorldError.surfaceSizeNotPositive(width: 0, height: 1)) {
      try TruthSurface(
        identifier: "x", worldFromSurface: .identity, shape: .rectangle(width: 0, height: 1))
    }
    #expect(throws: WorldError.self) {
      try TruthSurface(
        identifier: "x", worldFromSurface: .identity, shape: .rectangle(width: .nan, height: 1))
    }
    let zeroRotation = RigidTransform(rotation: Quaternion(vector: .zero))
    #expect(throws: WorldError.surfaceTransformInvalid) {
      try TruthSurface(
        identifier: "x", worldFromSurface: zeroRotation, shape: .rectangle(width: 1, height: 1))
    }
  }
}
