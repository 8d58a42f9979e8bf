import SpatialMath
import Testing

@testable import ARSimulation

@Suite struct HitTransformTests {
  /// (normal, direction, expected x, expected y); hand-worked with x = normalize(d × y), y facing
  /// the ray origin, and the fallback x (world +x, or -z when the normal is near ±x).
  static let cases: [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)] = [
    // Floor seen obliquely: d × y = (0,-a,-a) × (0,1,0) = (a, 0, 0).
    (SIMD3(0, 1, 0), SIMD3(0, -1, -1), SIMD3(1, 0, 0), SIMD3(0, 1, 0)),
    // Same floor, normal given upside down: it is turned to face the origin.
    (SIMD3(0, -1, 0), SIMD3(0, -1, -1), SIMD3(1, 0, 0), SIMD3(0, 1, 0)),
    // Wall facing +z seen from the left: d = (1, 0, -1)/√2, d × (0,0,1) = (0, -1, 0)/√2.
    (SIMD3(0, 0, 1), SIMD3(1, 0, -1), SIMD3(0, -1, 0), SIMD3(0, 0, 1)),
    // Ray along the normal of a floor: fallback x = world +x.
    (SIMD3(0, 1, 0), SIMD3(0, -1, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0)),
    // Ray along the normal of a wall facing +x: fallback x = world -z.
    (SIMD3(1, 0, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, -1), SIMD3(1, 0, 0)),
  ]

  @Test(arguments: cases.indices)
  func axes(index: Int) throws {
    let (normal, direction, x, y) = Self.cases[index]
    let point = SIMD3<Float>(0.5, -2, 3)
    let m = try #require(
      RaycastResult.hitTransform(hitPoint: point, surfaceNormal: normal, rayDirection: direction))
    let c = m.columns
    #expect(c.0.xyz.isApproximatelyEqual(to: x, tolerance: 1e-6))
    #expect(c.1.xyz.isApproximatelyEqual(to: y, tolerance: 1e-6))
    #expect(c.2.xyz.isApproximatelyEqual(to: x.cross(y), tolerance: 1e-6))
    #expect(c.3 == SIMD4(point, 1))
    // A proper rotation: the rigid-transform check accepts it.
    #expect(throws: Never.self) { try RigidTransform(m) }
    // z points back towards the ray origin (or is perpendicular to the ray).
    #expect(c.2.xyz.dot(direction) <= 1e-6)
  }

  @Test func degenerateInputsGiveNil() {
    #expect(
      RaycastResult.hitTransform(
        hitPoint: .zero, surfaceNormal: .zero, rayDirection: SIMD3(0, -1, 0))
        == nil)
    #expect(
      RaycastResult.hitTransform(
        hitPoint: .zero, surfaceNormal: SIMD3(0, 1, 0), rayDirection: SIMD3(.nan, 0, 0)) == nil)
  }
}
