import Foundation
import SpatialMath
import Testing

@Suite("Ray")
struct RayTests {
  @Test(arguments: [
    (SIMD3<Float>(3, 4, 0), SIMD3<Float>(0.6, 0.8, 0)),
    (SIMD3<Float>(0, 0, -2), SIMD3<Float>(0, 0, -1)),
    // Squared length overflows Float (1e40); the direction still normalizes.
    (SIMD3<Float>(1e20, 0, 0), SIMD3<Float>(1, 0, 0)),
    (SIMD3<Float>(3e25, 0, -4e25), SIMD3<Float>(0.6, 0, -0.8)),
    // Squared length underflows to a subnormal.
    (SIMD3<Float>(0, 3e-20, 4e-20), SIMD3<Float>(0, 0.6, 0.8)),
  ])
  func directionIsNormalized(direction: SIMD3<Float>, expected: SIMD3<Float>) throws {
    let ray = try Ray(origin: SIMD3(1, 2, 3), direction: direction)
    #expect(ray.direction.isApproximatelyEqual(to: expected, tolerance: 1e-6))
    #expect(ray.origin == SIMD3(1, 2, 3))
  }

  @Test(arguments: [
    (SIMD3<Float>(0, 0, 0), SIMD3<Float>.zero, GeometryError.zeroVector(name: "ray direction")),
    (SIMD3<Float>(0, 0, 0), SIMD3<Float>(.nan, 0, 1), .notFinite(name: "ray direction")),
    (SIMD3<Float>(0, 0, 0), SIMD3<Float>(.infinity, 0, 0), .notFinite(name: "ray direction")),
    (SIMD3<Float>(0, 0, 0), SIMD3<Float>(1e-21, 0, 0), .zeroVector(name: "ray direction")),
    (SIMD3<Float>(.nan, 0, 0), SIMD3<Float>(0, 0, -1), .notFinite(name: "ray origin")),
    (SIMD3<Float>(0, -.infinity, 0), SIMD3<Float>(0, 0, -1), .notFinite(name: "ray origin")),
  ])
  func degenerateRaysThrow(
    origin: SIMD3<Float>, direction: SIMD3<Float>, expected: GeometryError
  ) {
    #expect(throws: expected) { try Ray(origin: origin, direction: direction) }
  }

  @Test func pointAtDistance() throws {
    let ray = try Ray(origin: SIMD3(1, 1, 1), direction: SIMD3(0, 0, -5))
    #expect(ray.point(at: 2) == SIMD3(1, 1, -1))
    #expect(ray.point(at: 0) == ray.origin)
  }

  @Test func transformedByRigidTransform() throws {
    // Camera at (0, 1, 0) turned 90° about +y: its -z axis looks along -x in the world.
    let h = Float(0.5).squareRoot()
    let worldFromCamera = RigidTransform(
      rotation: Quaternion(vector: SIMD4(0, h, 0, h)), translation: SIMD3(0, 1, 0))
    let cameraRay = try Ray(origin: .zero, direction: SIMD3(0, 0, -1))
    let worldRay = cameraRay.transformed(by: worldFromCamera)
    #expect(worldRay.origin.isApproximatelyEqual(to: [0, 1, 0], tolerance: 1e-6))
    #expect(worldRay.direction.isApproximatelyEqual(to: [-1, 0, 0], tolerance: 1e-6))
  }

  @Test func codableRoundTripAndValidation() throws {
    let ray = try Ray(origin: SIMD3(1, 2, 3), direction: SIMD3(0, 1, 0))
    let data = try JSONEncoder().encode(ray)
    #expect(try JSONDecoder().decode(Ray.self, from: data) == ray)
    let unnormalized = #"{"origin": [0, 0, 0], "direction": [0, 0, -4]}"#
    let decoded = try JSONDecoder().decode(Ray.self, from: Data(unnormalized.utf8))
    #expect(decoded.direction == SIMD3(0, 0, -1))
    let zero = #"{"origin": [0, 0, 0], "direction": [0, 0, 0]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Ray.self, from: Data(zero.utf8))
    }
  }
}
