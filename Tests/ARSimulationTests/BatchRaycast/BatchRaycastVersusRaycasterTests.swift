import ARSimulation
import Foundation
import SpatialMath
import Testing

/// The batched kernels and the per-query `Raycaster` were written independently; on the same
/// anchors and rays they must report the same nearest anchor and distance.
@Suite("Batch kernels agree with Raycaster")
struct BatchRaycastVersusRaycasterTests {
  static func randomAnchors(_ g: inout SplitMix64, count: Int) throws -> [PlaneAnchor] {
    try (0..<count).map { index in
      let normal = try #require(
        SIMD3<Float>(Float(g.uniform(-0.5...0.5)), Float(g.uniform(-0.5...0.5)), 1).normalized())
      // Rotation taking +y to `normal` (shortest arc), then a spin about the normal.
      let axis = SIMD3<Float>(0, 1, 0).cross(normal)
      let angle = acos(Double(max(-1, min(1, normal.y))))
      let tilt = Quaternion(angle: .radians(angle), axis: axis)
      let spin = Quaternion(angle: .radians(g.uniform(-3...3)), axis: SIMD3(0, 1, 0))
      let pose = RigidTransform(
        rotation: tilt * spin,
        translation: SIMD3(
          Float(g.uniform(-1...1)), Float(g.uniform(-1...1)), Float(g.uniform(-3...(-0.5)))))
      let halfWidth = Float(g.uniform(0.1...0.6))
      let halfDepth = Float(g.uniform(0.1...0.6))
      let boundary = try PlaneBoundary(vertices: [
        SIMD3(-halfWidth, 0, -halfDepth), SIMD3(halfWidth * 0.8, 0, -halfDepth),
        SIMD3(halfWidth, 0, 0),
        SIMD3(halfWidth * 0.6, 0, halfDepth), SIMD3(-halfWidth, 0, halfDepth * 0.7),
      ])
      let extent = try PlaneExtent(
        width: 2 * halfWidth, height: 2 * halfDepth,
        rotationOnYAxis: .radians(g.uniform(-0.5...0.5)))
      return try PlaneAnchor(
        identifier: String(format: "A%02d", index), transform: pose.matrix,
        center: SIMD3(Float(g.uniform(-0.05...0.05)), 0, Float(g.uniform(-0.05...0.05))),
        extent: extent, boundary: boundary, alignment: .vertical)
    }
  }

  @Test(
    "Nearest anchor and distance agree for boundary, extent and infinite regions",
    arguments: BatchPlane.AnchorRegion.allCases)
  func agree(region: BatchPlane.AnchorRegion) throws {
    let seed: UInt64 = 20_261_129
    var g = SplitMix64(seed: seed)
    let anchors = try Self.randomAnchors(&g, count: 12)
    let world = FrameWorld(planeAnchors: anchors)
    let scene = BatchRaycastScene(planes: anchors.map { try! BatchPlane($0, region: region) })
    var rays: [Ray] = []
    for _ in 0..<2000 {
      let direction = SIMD3<Float>(Float(g.uniform(-0.6...0.6)), Float(g.uniform(-0.6...0.6)), -1)
      rays.append(try Ray(origin: .zero, direction: direction))
    }
    let batch = scene.intersect(BatchRaySoA(rays), engine: .simd)
    var hits = 0
    for (i, ray) in rays.enumerated() {
      let expected: (index: Int, distance: Float)?
      switch region {
      case .boundary, .infinite:
        let target: RaycastQuery.Target =
          region == .boundary ? .existingPlaneGeometry : .existingPlaneInfinite
        let results = Raycaster().raycast(
          RaycastQuery(ray: ray, allowing: target, alignment: .any), in: world)
        expected = results.first.map { r in
          (anchors.firstIndex { $0.identifier == r.anchorIdentifier }!, r.distance)
        }
      case .extent:
        let results = Raycaster().hitTest(ray, types: .existingPlaneUsingExtent, in: world)
        expected = results.first.map { r in
          (anchors.firstIndex { $0.identifier == r.anchorIdentifier }!, r.distance)
        }
      }
      if let expected {
        hits += 1
        #expect(Int(batch.planeIndex[i]) == expected.index, "ray \(i), seed \(seed)")
        #expect(
          abs(batch.t[i] - expected.distance) <= 1e-5 * expected.distance, "ray \(i), seed \(seed)")
      } else {
        #expect(batch.planeIndex[i] == -1, "ray \(i), seed \(seed)")
      }
    }
    #expect(hits > 200, "the scene should be hit often enough to compare")
  }
}
