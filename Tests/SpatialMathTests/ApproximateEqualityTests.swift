import Foundation
import SpatialMath
import Testing

@Suite("ApproximatelyEquatable")
struct ApproximateEqualityTests {
  @Test(arguments: [
    (Double.nan, Double.nan), (.nan, 0), (0, .nan), (.nan, .infinity), (.infinity, .nan),
  ])
  func nanIsNeverEqual(a: Double, b: Double) {
    #expect(!isApproximatelyEqual(a, b, absoluteTolerance: .infinity, relativeTolerance: 1))
    #expect(!a.isApproximatelyEqual(to: b, tolerance: 1e300))
    #expect(!Float(a).isApproximatelyEqual(to: Float(b), tolerance: 1e30))
  }

  @Test func infinities() {
    #expect(isApproximatelyEqual(.infinity, .infinity, absoluteTolerance: 0))
    #expect(isApproximatelyEqual(-.infinity, -.infinity, absoluteTolerance: 0))
    #expect(!isApproximatelyEqual(.infinity, -.infinity, absoluteTolerance: .infinity))
    #expect(
      !isApproximatelyEqual(.infinity, .greatestFiniteMagnitude, absoluteTolerance: .infinity))
    #expect(!isApproximatelyEqual(.infinity, 1e308, absoluteTolerance: 1, relativeTolerance: 1))
  }

  @Test func absoluteTolerance() {
    // 0.5 is exact in binary, so the boundary case is exact.
    #expect(isApproximatelyEqual(1, 1.5, absoluteTolerance: 0.5))
    #expect(!isApproximatelyEqual(1, 1.5, absoluteTolerance: 0.49))
    #expect(isApproximatelyEqual(-2, -2.25, absoluteTolerance: 0.25))
    #expect(isApproximatelyEqual(3, 3, absoluteTolerance: 0))
    #expect(isApproximatelyEqual(0, -0.0, absoluteTolerance: 0))
  }

  @Test func relativeToleranceScalesWithTheLargerMagnitude() {
    // |1e6 - (1e6 + 0.5)| = 0.5 <= 1e-6 * 1e6 = 1, but > 1e-7 * 1e6 = 0.1.
    #expect(isApproximatelyEqual(1e6, 1e6 + 0.5, absoluteTolerance: 0, relativeTolerance: 1e-6))
    #expect(!isApproximatelyEqual(1e6, 1e6 + 0.5, absoluteTolerance: 0, relativeTolerance: 1e-7))
    // The larger of the two sets the scale: |100 - 110| = 10 <= 0.1 * 110 = 11, > 0.09 * 110.
    #expect(isApproximatelyEqual(100, 110, absoluteTolerance: 0, relativeTolerance: 0.1))
    #expect(isApproximatelyEqual(110, 100, absoluteTolerance: 0, relativeTolerance: 0.1))
    #expect(!isApproximatelyEqual(100, 110, absoluteTolerance: 0, relativeTolerance: 0.09))
    // Near zero only the absolute tolerance helps.
    #expect(!isApproximatelyEqual(0, 1e-12, absoluteTolerance: 0, relativeTolerance: 0.5))
    #expect(isApproximatelyEqual(0, 1e-12, absoluteTolerance: 1e-11, relativeTolerance: 0.5))
  }

  @Test func defaultToleranceIsOneMillionth() {
    #expect(1.0.isApproximatelyEqual(to: 1 + 9e-7))
    #expect(!1.0.isApproximatelyEqual(to: 1 + 2e-6))
  }

  @Test func simdIsComponentwise() {
    let a = SIMD3<Float>(1, 2, 3)
    #expect(a.isApproximatelyEqual(to: SIMD3(1, 2, 3.0000005)))
    #expect(!a.isApproximatelyEqual(to: SIMD3(1, 2.1, 3)))
    #expect(!a.isApproximatelyEqual(to: SIMD3(1, .nan, 3), tolerance: 1e30))
    #expect(SIMD2<Double>(.infinity, 0).isApproximatelyEqual(to: SIMD2(.infinity, 1e-9)))
    #expect(
      SIMD4<Float>(1, 1, 1, 1).isApproximatelyEqual(
        to: SIMD4(1.05, 1, 1, 1), absoluteTolerance: 0, relativeTolerance: 0.05))
  }

  @Test func toleranceIsNotInsideEquality() {
    // `==` and hashing stay exact.
    #expect(Point(x: 1, y: 1) != Point(x: 1, y: 1 + 1e-12))
    #expect(Point(x: 1, y: 1).isApproximatelyEqual(to: Point(x: 1, y: 1 + 1e-12)))
  }
}
