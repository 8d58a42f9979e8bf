import Foundation
import SpatialMath
import Testing

@Suite("Angle")
struct AngleTests {
  @Test(
    arguments: [
      (180, Double.pi), (90, Double.pi / 2), (-45, -Double.pi / 4), (360, 2 * Double.pi), (0, 0),
    ] as [(Double, Double)])
  func degreesAndRadiansAgree(degrees: Double, radians: Double) {
    #expect(Angle(degrees: degrees).radians.isApproximatelyEqual(to: radians, tolerance: 1e-15))
    #expect(Angle.degrees(degrees) == Angle(degrees: degrees))
    #expect(Angle(radians: radians).degrees.isApproximatelyEqual(to: degrees, tolerance: 1e-12))
    #expect(Angle.radians(radians) == Angle(radians: radians))
  }

  @Test func settingDegreesUpdatesRadians() {
    var angle = Angle.zero
    angle.degrees = 90
    #expect(angle.radians.isApproximatelyEqual(to: .pi / 2, tolerance: 1e-15))
  }

  /// Wrapping into (-π, π]: -180° goes to +180°, 540° to 180°, 270° to -90°.
  @Test(
    arguments: [
      (270.0, -90.0), (-180, 180), (180, 180), (540, 180), (360, 0), (-190, 170), (45, 45),
      (-725, -5),
    ] as [(Double, Double)])
  func normalizedWrapsIntoHalfOpenRange(degrees: Double, expected: Double) {
    let wrapped = Angle(degrees: degrees).normalized
    #expect(wrapped.degrees.isApproximatelyEqual(to: expected, tolerance: 1e-9))
    #expect(wrapped.radians > -.pi && wrapped.radians <= .pi)
  }

  @Test func arithmeticAndOrder() {
    let a = Angle(degrees: 30)
    let b = Angle(degrees: 60)
    #expect((a + b).degrees.isApproximatelyEqual(to: 90, tolerance: 1e-12))
    #expect((a - b).degrees.isApproximatelyEqual(to: -30, tolerance: 1e-12))
    #expect((-a).degrees.isApproximatelyEqual(to: -30, tolerance: 1e-12))
    #expect((a * 3).degrees.isApproximatelyEqual(to: 90, tolerance: 1e-12))
    #expect(a < b)
    #expect(Angle(degrees: -90) < Angle(degrees: 270))
    #expect([b, a, .zero].sorted() == [.zero, a, b])
  }

  @Test func approximateEqualityDoesNotWrap() {
    #expect(!Angle(radians: 2 * .pi).isApproximatelyEqual(to: .zero, tolerance: 1e-6))
    #expect(Angle(radians: 2 * .pi).normalized.isApproximatelyEqual(to: .zero, tolerance: 1e-12))
  }

  @Test func descriptionIsInDegrees() {
    #expect(Angle(degrees: 90).description == "90°")
    // Rounded to 0.01°: 180/π·1 = 57.29577951... degrees.
    #expect(Angle(radians: 1).description == "57.3°")
    #expect(Angle(radians: 1).debugDescription == "Angle(radians: 1.0)")
  }

  @Test func codableRoundTrip() throws {
    let angle = Angle(degrees: 33)
    let data = try JSONEncoder().encode(angle)
    #expect(try JSONDecoder().decode(Angle.self, from: data) == angle)
  }
}
