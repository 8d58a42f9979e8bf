import Foundation
import SpatialMath
import Testing

private let halfSqrt2 = Float(0.5).squareRoot()
/// 90° about +z written out: `(0, 0, sin 45°, cos 45°)`.
private let quarterTurnZ = Quaternion(vector: SIMD4(0, 0, halfSqrt2, halfSqrt2))
/// 90° about +x written out.
private let quarterTurnX = Quaternion(vector: SIMD4(halfSqrt2, 0, 0, halfSqrt2))

@Suite("Quaternion")
struct QuaternionTests {
  @Test func axisAngleLayoutIsImaginaryFirst() {
    let q = Quaternion(angle: .degrees(90), axis: SIMD3(0, 0, 1))
    #expect(q.isApproximatelyEqual(to: quarterTurnZ, tolerance: 1e-7))
    #expect(q.imag.isApproximatelyEqual(to: SIMD3(0, 0, halfSqrt2), tolerance: 1e-7))
    #expect(q.real.isApproximatelyEqual(to: halfSqrt2, tolerance: 1e-7))
    // The axis need not be unit length.
    let scaledAxis = Quaternion(angle: .degrees(90), axis: SIMD3(0, 0, 5))
    #expect(scaledAxis.isApproximatelyEqual(to: quarterTurnZ, tolerance: 1e-7))
  }

  /// Right-hand rule: a quarter turn about each axis maps the next axis onto the one after.
  @Test(arguments: [
    (SIMD3<Float>(0, 0, 1), SIMD3<Float>(1, 0, 0), SIMD3<Float>(0, 1, 0)),
    (SIMD3<Float>(0, 0, 1), SIMD3<Float>(0, 1, 0), SIMD3<Float>(-1, 0, 0)),
    (SIMD3<Float>(1, 0, 0), SIMD3<Float>(0, 1, 0), SIMD3<Float>(0, 0, 1)),
    (SIMD3<Float>(0, 1, 0), SIMD3<Float>(0, 0, 1), SIMD3<Float>(1, 0, 0)),
  ])
  func quarterTurnFollowsRightHandRule(axis: SIMD3<Float>, v: SIMD3<Float>, expected: SIMD3<Float>)
  {
    let q = Quaternion(angle: .degrees(90), axis: axis)
    #expect(q.act(v).isApproximatelyEqual(to: expected, tolerance: 1e-6))
    #expect((q.rotationMatrix * v).isApproximatelyEqual(to: expected, tolerance: 1e-6))
  }

  @Test func rotationMatrixOfQuarterTurnAboutZ() {
    // Columns are the images of the axes: +x -> +y, +y -> -x, +z -> +z.
    let expected = Matrix3x3(SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1))
    #expect(quarterTurnZ.rotationMatrix.isApproximatelyEqual(to: expected, tolerance: 1e-6))
  }

  @Test func productComposesRightToLeft() {
    let y = SIMD3<Float>(0, 1, 0)
    // X first: +y -> +z; then Z: +z stays.
    #expect(
      (quarterTurnZ * quarterTurnX).act(y).isApproximatelyEqual(to: [0, 0, 1], tolerance: 1e-6))
    // Z first: +y -> -x; then X: -x stays.
    #expect(
      (quarterTurnX * quarterTurnZ).act(y).isApproximatelyEqual(to: [-1, 0, 0], tolerance: 1e-6))
  }

  @Test(arguments: testSeeds)
  func productMatchesSuccessiveActions(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let (a, b, v) = (rng.rotation(), rng.rotation(), rng.vector())
      #expect(
        (a * b).act(v).isApproximatelyEqual(to: a.act(b.act(v)), tolerance: 1e-4), "seed \(seed)")
      #expect(
        (a * a.conjugate).isApproximatelySameRotation(as: .identity, tolerance: 1e-6),
        "seed \(seed)")
    }
  }

  @Test(arguments: testSeeds)
  func rotationMatrixAgreesWithAct(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let (q, v) = (rng.rotation(), rng.vector())
      #expect(
        (q.rotationMatrix * v).isApproximatelyEqual(to: q.act(v), tolerance: 1e-4), "seed \(seed)")
      // Length is preserved.
      #expect(abs(q.act(v).length - v.length) <= 1e-4, "seed \(seed)")
    }
  }

  @Test(arguments: testSeeds)
  func rotationMatrixMatchesRodrigues(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let axis = SIMD3<Double>(rng.unitVector())
      let angle = rng.uniform(-.pi...(.pi))
      let q = closedFormQuaternion(axis: axis, angleRadians: angle)
      let expected = rodrigues(axis: axis, angleRadians: angle)
      #expect(q.rotationMatrix.isApproximatelyEqual(to: expected, tolerance: 1e-6), "seed \(seed)")
    }
  }

  /// Shepperd's method has four branches: positive trace (small angles) and the largest diagonal
  /// entry being x, y or z (angles near 180° about that axis). Matrices come from Rodrigues'
  /// formula and expectations from the closed form `(sin(θ/2) k, cos(θ/2))`.
  @Test(arguments: [
    (SIMD3<Double>(0, 0, 1), 10.0),
    (SIMD3<Double>(1, 0, 0), 179.0),
    (SIMD3<Double>(0, 1, 0), 179.0),
    (SIMD3<Double>(0, 0, 1), 179.0),
    (SIMD3<Double>(1, 0, 0), 180.0),
    (SIMD3<Double>(0, 1, 0), 180.0),
    (SIMD3<Double>(0, 0, 1), 180.0),
    (SIMD3<Double>(0.6, 0, 0.8), 175.0),
    (SIMD3<Double>(0, 0.8, -0.6), 170.0),
    (SIMD3<Double>(1, 0, 0), 0.0),
  ])
  func fromMatrixCoversShepperdBranches(axis: SIMD3<Double>, degrees: Double) throws {
    let theta = degrees * .pi / 180
    let q = try Quaternion(rotationMatrix: rodrigues(axis: axis, angleRadians: theta))
    let expected = closedFormQuaternion(axis: axis, angleRadians: theta)
    #expect(q.isApproximatelySameRotation(as: expected, tolerance: 1e-6))
    #expect(q.real >= 0)
    #expect(abs(q.length - 1) <= 1e-6)
  }

  @Test(arguments: testSeeds)
  func matrixRoundTrip(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<100 {
      let q = rng.rotation()
      let back = try Quaternion(rotationMatrix: q.rotationMatrix)
      #expect(back.isApproximatelySameRotation(as: q, tolerance: 1e-5), "seed \(seed): \(q)")
      #expect(back.real >= 0, "seed \(seed)")
    }
  }

  @Test func fromNonFiniteMatrixThrows() {
    #expect(throws: GeometryError.notFinite(name: "rotation matrix")) {
      try Quaternion(rotationMatrix: Matrix3x3(diagonal: SIMD3(1, .nan, 1)))
    }
  }

  @Test func slerpEndpointsAndMidpoint() {
    let a = Quaternion.identity
    #expect(a.slerp(to: quarterTurnZ, t: 0).isApproximatelyEqual(to: a, tolerance: 1e-7))
    #expect(a.slerp(to: quarterTurnZ, t: 1).isApproximatelyEqual(to: quarterTurnZ, tolerance: 1e-7))
    // Halfway to 90° about z is 45° about z.
    let expected = closedFormQuaternion(axis: [0, 0, 1], angleRadians: .pi / 4)
    #expect(a.slerp(to: quarterTurnZ, t: 0.5).isApproximatelyEqual(to: expected, tolerance: 1e-6))
    // A quarter of the way to 120° about y is 30° about y.
    let b = closedFormQuaternion(axis: [0, 1, 0], angleRadians: 2 * .pi / 3)
    let quarter = closedFormQuaternion(axis: [0, 1, 0], angleRadians: .pi / 6)
    #expect(a.slerp(to: b, t: 0.25).isApproximatelyEqual(to: quarter, tolerance: 1e-6))
  }

  @Test func slerpTakesTheShortestArc() {
    // -q is the same rotation as q: halfway to it is still 45° about +z, not 135° about -z.
    let negated = Quaternion(vector: -quarterTurnZ.vector)
    let mid = Quaternion.identity.slerp(to: negated, t: 0.5)
    let diagonal = SIMD3<Float>(halfSqrt2, halfSqrt2, 0)
    #expect(mid.act(SIMD3(1, 0, 0)).isApproximatelyEqual(to: diagonal, tolerance: 1e-6))
    // From 170° to -170° about z the short way passes through 180°, not through 0°.
    let from = closedFormQuaternion(axis: [0, 0, 1], angleRadians: 170 * .pi / 180)
    let to = closedFormQuaternion(axis: [0, 0, 1], angleRadians: -170 * .pi / 180)
    let halfway = from.slerp(to: to, t: 0.5)
    #expect(halfway.act(SIMD3(1, 0, 0)).isApproximatelyEqual(to: [-1, 0, 0], tolerance: 1e-6))
  }

  @Test(arguments: testSeeds)
  func slerpAngleGrowsLinearly(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let axis = SIMD3<Double>(rng.unitVector())
      let angle = rng.uniform(0.01...3.1)
      let t = rng.uniform(0...1)
      let b = closedFormQuaternion(axis: axis, angleRadians: angle)
      let expected = closedFormQuaternion(axis: axis, angleRadians: angle * t)
      let got = Quaternion.identity.slerp(to: b, t: Float(t))
      #expect(got.isApproximatelySameRotation(as: expected, tolerance: 1e-5), "seed \(seed)")
      #expect(abs(got.length - 1) <= 1e-6, "seed \(seed)")
    }
  }

  @Test func angleAndAxis() {
    #expect(quarterTurnZ.angle.degrees.isApproximatelyEqual(to: 90, tolerance: 1e-4))
    #expect(quarterTurnZ.axis.isApproximatelyEqual(to: [0, 0, 1], tolerance: 1e-6))
    #expect(Quaternion.identity.angle == .zero)
    #expect(Quaternion.identity.axis == SIMD3(1, 0, 0))
  }

  @Test(arguments: [
    (SIMD4<Float>(0, 0, 0, 2), SIMD4<Float>(0, 0, 0, 1)),
    (SIMD4<Float>(0, 3, 0, 4), SIMD4<Float>(0, 0.6, 0, 0.8)),
    // Squares overflow Float; rescaling first still normalizes.
    (SIMD4<Float>(0, 3e30, 0, 4e30), SIMD4<Float>(0, 0.6, 0, 0.8)),
    // Squares underflow Float.
    (SIMD4<Float>(3e-20, 0, 4e-20, 0), SIMD4<Float>(0.6, 0, 0.8, 0)),
  ])
  func normalizedHasUnitLength(input: SIMD4<Float>, expected: SIMD4<Float>) throws {
    let q = try #require(Quaternion(vector: input).normalized())
    #expect(q.vector.isApproximatelyEqual(to: expected, tolerance: 1e-6))
  }

  @Test(arguments: [
    SIMD4<Float>.zero, SIMD4<Float>(0, 0, 0, .nan), SIMD4<Float>(.infinity, 0, 0, 1),
    SIMD4<Float>(0, 0, 1e-21, 0),
  ])
  func normalizedOfDegenerateIsNil(input: SIMD4<Float>) {
    #expect(Quaternion(vector: input).normalized() == nil)
  }

  @Test func sameRotationIgnoresSign() {
    let negated = Quaternion(vector: -quarterTurnZ.vector)
    #expect(!negated.isApproximatelyEqual(to: quarterTurnZ, tolerance: 1e-6))
    #expect(negated.isApproximatelySameRotation(as: quarterTurnZ))
    #expect(!quarterTurnX.isApproximatelySameRotation(as: quarterTurnZ))
  }

  @Test func codableRoundTrip() throws {
    let data = try JSONEncoder().encode(quarterTurnX)
    #expect(try JSONDecoder().decode(Quaternion.self, from: data) == quarterTurnX)
  }
}
