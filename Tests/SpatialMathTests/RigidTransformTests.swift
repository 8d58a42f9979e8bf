import Foundation
import SpatialMath
import Testing

private let halfSqrt2 = Float(0.5).squareRoot()
/// 90° about +z, then a translation by (1, 2, 3).
private let turnAndShift = RigidTransform(
  rotation: Quaternion(vector: SIMD4(0, 0, halfSqrt2, halfSqrt2)), translation: SIMD3(1, 2, 3))

@Suite("RigidTransform")
struct RigidTransformTests {
  @Test func mapsPointsAndDirectionsByHand() {
    // (1, 0, 0) -> rotate -> (0, 1, 0) -> translate -> (1, 3, 3).
    #expect(
      turnAndShift.transformPoint(SIMD3(1, 0, 0)).isApproximatelyEqual(
        to: [1, 3, 3], tolerance: 1e-6))
    #expect(
      turnAndShift.transformDirection(SIMD3(1, 0, 0)).isApproximatelyEqual(
        to: [0, 1, 0], tolerance: 1e-6))
    #expect(
      turnAndShift.inverse.transformPoint(SIMD3(1, 3, 3)).isApproximatelyEqual(
        to: [1, 0, 0], tolerance: 1e-6))
  }

  @Test func compositionAppliesRightOperandFirst() {
    let shift = RigidTransform(translation: SIMD3(1, 0, 0))
    let turn = RigidTransform(rotation: turnAndShift.rotation)
    // aFromB * bFromC: turn first, (1, 0, 0) -> (0, 1, 0), then shift -> (1, 1, 0).
    #expect(
      (shift * turn).transformPoint(SIMD3(1, 0, 0)).isApproximatelyEqual(
        to: [1, 1, 0], tolerance: 1e-6))
    // The other order: (1, 0, 0) -> (2, 0, 0) -> (0, 2, 0).
    #expect(
      (turn * shift).transformPoint(SIMD3(1, 0, 0)).isApproximatelyEqual(
        to: [0, 2, 0], tolerance: 1e-6))
  }

  @Test(arguments: testSeeds)
  func inverseComposesToIdentity(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let t = rng.rigidTransform()
      let p = rng.vector()
      #expect((t * t.inverse).isApproximatelyEqual(to: .identity, tolerance: 1e-5), "seed \(seed)")
      #expect((t.inverse * t).isApproximatelyEqual(to: .identity, tolerance: 1e-5), "seed \(seed)")
      #expect(
        t.inverse.transformPoint(t.transformPoint(p)).isApproximatelyEqual(to: p, tolerance: 1e-4),
        "seed \(seed)")
    }
  }

  @Test(arguments: testSeeds)
  func compositionMatchesMatrixProduct(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let (a, b, p) = (rng.rigidTransform(), rng.rigidTransform(), rng.vector())
      let viaMatrices = (a.matrix * b.matrix).transformPoint(p)
      #expect(
        (a * b).transformPoint(p).isApproximatelyEqual(to: viaMatrices, tolerance: 1e-4),
        "seed \(seed)")
    }
  }

  @Test func matrixOfHandExample() {
    let expected = Matrix4x4(
      SIMD4(0, 1, 0, 0), SIMD4(-1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(1, 2, 3, 1))
    #expect(turnAndShift.matrix.isApproximatelyEqual(to: expected, tolerance: 1e-6))
  }

  @Test(arguments: testSeeds)
  func matrixRoundTrip(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let t = rng.rigidTransform()
      let back = try RigidTransform(t.matrix)
      #expect(back.isApproximatelyEqual(to: t, tolerance: 1e-5), "seed \(seed)")
    }
  }

  // Checks run in this order: finite, bottom row, orthonormal columns (RᵀR = I within 1e-3),
  // determinant +1; each matrix fails the first check named.
  @Test(arguments: [
    (
      "uniform scale 2", Matrix4x4(diagonal: SIMD4(2, 2, 2, 1)),
      GeometryError.notRigid(.notOrthonormal)
    ),
    // RᵀR = 1.0201 I: off by 0.0201 > 1e-3.
    ("scale 1.01", Matrix4x4(diagonal: SIMD4(1.01, 1.01, 1.01, 1)), .notRigid(.notOrthonormal)),
    (
      "shear",
      Matrix4x4(SIMD4(1, 0, 0, 0), SIMD4(0.5, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)),
      .notRigid(.notOrthonormal)
    ),
    // Orthonormal columns, determinant -1.
    ("reflection", Matrix4x4(diagonal: SIMD4(-1, 1, 1, 1)), .notRigid(.determinant)),
    (
      "NaN",
      Matrix4x4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(.nan, 0, 0, 1)),
      .notFinite(name: "matrix")
    ),
    ("infinite", Matrix4x4(diagonal: SIMD4(1, 1, 1, .infinity)), .notFinite(name: "matrix")),
    ("w = 2", Matrix4x4(diagonal: SIMD4(1, 1, 1, 2)), .notRigid(.bottomRow)),
    (
      "projective row",
      Matrix4x4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, -1), SIMD4(0, 0, 0, 1)),
      .notRigid(.bottomRow)
    ),
    ("zero", Matrix4x4(diagonal: .zero), .notRigid(.bottomRow)),
  ])
  func nonRigidMatricesAreRejected(name: String, matrix: Matrix4x4, expected: GeometryError) {
    #expect(throws: expected, "\(name)") { try RigidTransform(matrix) }
  }

  @Test func codableRoundTrip() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(turnAndShift)
    let back = try JSONDecoder().decode(RigidTransform.self, from: data)
    #expect(back.isApproximatelyEqual(to: turnAndShift, tolerance: 1e-7))
  }

  @Test func decodingRenormalizesNearUnitRotation() throws {
    let json = #"{"rotation": {"vector": [0, 0, 0, 1.0005]}, "translation": [1, 2, 3]}"#
    let t = try JSONDecoder().decode(RigidTransform.self, from: Data(json.utf8))
    #expect(t.rotation == .identity)
    #expect(t.translation == SIMD3(1, 2, 3))
  }

  @Test(arguments: [
    #"{"rotation": {"vector": [0, 0, 0, 2]}, "translation": [0, 0, 0]}"#,
    #"{"rotation": {"vector": [0, 0, 0, 0]}, "translation": [0, 0, 0]}"#,
    #"{"rotation": {"vector": [0, 0, 0, 1]}, "translation": [0, 0]}"#,
    #"{"translation": [0, 0, 0]}"#,
  ])
  func decodingRejectsInvalidTransforms(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RigidTransform.self, from: Data(json.utf8))
    }
  }
}
