import Foundation
import SpatialMath
import Testing

@Suite("SIMD3<Float> helpers")
struct Vector3Tests {
  @Test func dotAndCrossByHand() {
    let a = SIMD3<Float>(1, 2, 3)
    let b = SIMD3<Float>(4, -5, 6)
    #expect(a.dot(b) == 4 - 10 + 18)
    // (2*6 - 3*(-5), 3*4 - 1*6, 1*(-5) - 2*4).
    #expect(a.cross(b) == SIMD3(27, 6, -13))
    #expect(SIMD3<Float>(1, 0, 0).cross(SIMD3(0, 1, 0)) == SIMD3(0, 0, 1))
    #expect(SIMD3<Float>(0, 1, 0).cross(SIMD3(0, 0, 1)) == SIMD3(1, 0, 0))
  }

  @Test func lengthAndDistance() {
    #expect(SIMD3<Float>(2, 3, 6).length == 7)
    #expect(SIMD3<Float>(2, 3, 6).lengthSquared == 49)
    #expect(SIMD3<Float>(1, 1, 1).distance(to: SIMD3(3, 4, 7)) == 7)
  }

  @Test(arguments: [Float(1e-15), 1e-10, 1e-3, 1, 1e3, 1e10, 1e19, 1e25, 1e37])
  func normalizedAtEveryScale(scale: Float) throws {
    // (2, 3, 6) / 7 scaled by anything finite and large enough normalizes to the same vector.
    let unit = try #require((SIMD3<Float>(2, 3, 6) * scale).normalized())
    #expect(unit.isApproximatelyEqual(to: SIMD3(2, 3, 6) / 7, tolerance: 1e-6))
  }

  @Test(arguments: [
    SIMD3<Float>.zero, SIMD3<Float>(1e-21, 0, 0), SIMD3<Float>(.nan, 1, 1),
    SIMD3<Float>(1, .infinity, 1), SIMD3<Float>(-.infinity, 0, 0),
  ])
  func normalizedOfDegenerateIsNil(v: SIMD3<Float>) {
    #expect(v.normalized() == nil)
  }

  @Test func sizeIsSixteenBytes() {
    #expect(MemoryLayout<SIMD3<Float>>.size == 16)
    #expect(MemoryLayout<SIMD3<Float>>.stride == 16)
  }

  @Test func finitenessAndXYZ() {
    #expect(SIMD3<Float>(1, 2, 3).isFinite)
    #expect(!SIMD3<Float>(1, .nan, 3).isFinite)
    #expect(SIMD4<Float>(1, 2, 3, 4).xyz == SIMD3(1, 2, 3))
    #expect(!SIMD4<Float>(1, 2, 3, .infinity).isFinite)
  }
}

@Suite("SIMD2<Float> helpers")
struct Vector2Tests {
  @Test func dotCrossLength() {
    let a = SIMD2<Float>(3, 4)
    #expect(a.dot(SIMD2(1, 2)) == 11)
    #expect(a.length == 5)
    #expect(a.lengthSquared == 25)
    // Counter-clockwise from +x to +y is positive.
    #expect(SIMD2<Float>(1, 0).cross(SIMD2(0, 1)) == 1)
    #expect(SIMD2<Float>(0, 1).cross(SIMD2(1, 0)) == -1)
    #expect(SIMD2<Float>(1, 1).distance(to: SIMD2(4, 5)) == 5)
  }

  @Test func normalized() throws {
    #expect(
      try #require(SIMD2<Float>(3, 4).normalized()).isApproximatelyEqual(
        to: [0.6, 0.8], tolerance: 1e-7))
    #expect(
      try #require(SIMD2<Float>(3e30, 4e30).normalized()).isApproximatelyEqual(
        to: [0.6, 0.8], tolerance: 1e-7))
    #expect(SIMD2<Float>.zero.normalized() == nil)
    #expect(SIMD2<Float>(.nan, 1).normalized() == nil)
    #expect(!SIMD2<Float>(.nan, 1).isFinite)
  }
}
