import Foundation
import SpatialMath
import Testing

private let translate10 = AffineTransform2D(translationX: 10, y: 0)
private let scale2 = AffineTransform2D(scaleX: 2, y: 2)

@Suite("AffineTransform2D")
struct AffineTransform2DTests {
  @Test func constructorsFillCoreGraphicsFields() {
    #expect(translate10 == AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 0))
    #expect(scale2 == AffineTransform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
    let r = AffineTransform2D(rotationAngle: .degrees(30))
    let expected = AffineTransform2D(
      a: 0.75.squareRoot(), b: 0.5, c: -0.5, d: 0.75.squareRoot(), tx: 0, ty: 0)
    #expect(r.isApproximatelyEqual(to: expected, tolerance: 1e-15))
    #expect(AffineTransform2D.identity.isIdentity)
    #expect(!translate10.isIdentity)
  }

  @Test func rotationTurnsXTowardsY() {
    let p = Point(x: 1, y: 0).applying(AffineTransform2D(rotationAngle: .degrees(90)))
    #expect(p.isApproximatelyEqual(to: Point(x: 0, y: 1), tolerance: 1e-15))
  }

  @Test func concatenatingAppliesSelfFirst() {
    let p = Point(x: 1, y: 1)
    // Translate then scale: (1, 1) -> (11, 1) -> (22, 2).
    let translateThenScale = translate10.concatenating(scale2)
    #expect(p.applying(translateThenScale) == Point(x: 22, y: 2))
    #expect(translateThenScale == AffineTransform2D(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
    // Scale then translate: (1, 1) -> (2, 2) -> (12, 2).
    let scaleThenTranslate = scale2.concatenating(translate10)
    #expect(p.applying(scaleThenTranslate) == Point(x: 12, y: 2))
    #expect(scaleThenTranslate == AffineTransform2D(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
  }

  @Test func concatenatingGeneralTransformsByHand() {
    // Row-vector product [[1 2] [3 4]] * [[0 1] [-1 0]] = [[-2 1] [-4 3]];
    // translation (5, 6) * [[0 1] [-1 0]] + (7, 8) = (-6 + 7, 5 + 8).
    let t1 = AffineTransform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let t2 = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 7, ty: 8)
    #expect(t1.concatenating(t2) == AffineTransform2D(a: -2, b: 1, c: -4, d: 3, tx: 1, ty: 13))
  }

  @Test func translatedScaledRotatedApplyTheNewStepFirst() {
    // CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0) maps (1, 1) -> (11, 1) -> (22, 2).
    #expect(Point(x: 1, y: 1).applying(scale2.translatedBy(x: 10, y: 0)) == Point(x: 22, y: 2))
    // Translation by 10 then scaledBy 2: (1, 1) -> (2, 2) -> (12, 2).
    #expect(Point(x: 1, y: 1).applying(translate10.scaledBy(x: 2, y: 2)) == Point(x: 12, y: 2))
    // Translation by 10 then rotated by 90°: (1, 0) -> (0, 1) -> (10, 1).
    let rotated = translate10.rotated(by: .degrees(90))
    #expect(
      Point(x: 1, y: 0).applying(rotated).isApproximatelyEqual(
        to: Point(x: 10, y: 1), tolerance: 1e-12))
  }

  @Test func inverseByHand() throws {
    // x' = 2x + 1, y' = 4y + 2  =>  x = x'/2 - 1/2, y = y'/4 - 1/2.
    let t = AffineTransform2D(a: 2, b: 0, c: 0, d: 4, tx: 1, ty: 2)
    let inverse = try #require(t.inverted())
    #expect(inverse == AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.25, tx: -0.5, ty: -0.5))
    #expect(t.determinant == 8)
  }

  @Test(arguments: testSeeds)
  func inverseRoundTrip(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let t = AffineTransform2D(
        a: rng.uniform(-3...3), b: rng.uniform(-3...3), c: rng.uniform(-3...3),
        d: rng.uniform(-3...3), tx: rng.uniform(-100...100), ty: rng.uniform(-100...100))
      guard abs(t.determinant) > 0.1 else { continue }
      let inverse = try #require(t.inverted(), "seed \(seed): \(t)")
      #expect(
        t.concatenating(inverse).isApproximatelyEqual(to: .identity, tolerance: 1e-9),
        "seed \(seed)")
      #expect(
        inverse.concatenating(t).isApproximatelyEqual(to: .identity, tolerance: 1e-9),
        "seed \(seed)")
      let p = Point(x: rng.uniform(-50...50), y: rng.uniform(-50...50))
      #expect(
        p.applying(t).applying(inverse).isApproximatelyEqual(to: p, tolerance: 1e-9), "seed \(seed)"
      )
    }
  }

  @Test(arguments: [
    AffineTransform2D(scaleX: 0, y: 1),
    AffineTransform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
    AffineTransform2D(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1),
    AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
    AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
  ])
  func singularOrNonFiniteHasNoInverse(transform: AffineTransform2D) {
    #expect(transform.inverted() == nil)
  }

  @Test func codableUsesCoreGraphicsFieldNames() throws {
    // The recording format's `displayTransform` object.
    let json = #"{"a": 0, "b": 1, "c": -1.62, "d": 0, "tx": 1.31, "ty": 0}"#
    let t = try JSONDecoder().decode(AffineTransform2D.self, from: Data(json.utf8))
    #expect(t == AffineTransform2D(a: 0, b: 1, c: -1.62, d: 0, tx: 1.31, ty: 0))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(t), as: UTF8.self)
    #expect(text == #"{"a":0,"b":1,"c":-1.62,"d":0,"tx":1.31,"ty":0}"#)
  }
}
