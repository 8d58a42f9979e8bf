import Foundation
import SpatialMath
import Testing

private let translate123 = Matrix4x4(translation: SIMD3(1, 2, 3))
private let scale2 = Matrix4x4(diagonal: SIMD4(2, 2, 2, 1))

@Suite("Matrix4x4")
struct Matrix4x4Tests {
  @Test func translationLivesInColumnThree() {
    #expect(translate123.columns.3 == SIMD4(1, 2, 3, 1))
    #expect(translate123[row: 0, column: 3] == 1)
    #expect(translate123[row: 3, column: 0] == 0)
    #expect(translate123.translation == SIMD3(1, 2, 3))
    #expect(translate123.transformPoint(SIMD3(1, 1, 1)) == SIMD3(2, 3, 4))
    #expect(translate123.transformDirection(SIMD3(1, 1, 1)) == SIMD3(1, 1, 1))
  }

  @Test func productOrderIsRightToLeft() {
    // T * S scales first: (1, 1, 1) -> (2, 2, 2) -> (3, 4, 5).
    let ts = translate123 * scale2
    #expect(
      ts == Matrix4x4(SIMD4(2, 0, 0, 0), SIMD4(0, 2, 0, 0), SIMD4(0, 0, 2, 0), SIMD4(1, 2, 3, 1)))
    #expect(ts.transformPoint(SIMD3(1, 1, 1)) == SIMD3(3, 4, 5))
    // S * T translates first: (1, 1, 1) -> (2, 3, 4) -> (4, 6, 8).
    let st = scale2 * translate123
    #expect(
      st == Matrix4x4(SIMD4(2, 0, 0, 0), SIMD4(0, 2, 0, 0), SIMD4(0, 0, 2, 0), SIMD4(2, 4, 6, 1)))
    #expect(st.transformPoint(SIMD3(1, 1, 1)) == SIMD3(4, 6, 8))
  }

  @Test func productOfGeneralMatrices() {
    // Rows of a: [1 2 0 0; 0 1 0 0; 0 0 1 3; 0 0 0 1]; rows of b: [1 0 0 0; 4 1 0 0; 0 0 2 0;
    // 0 0 0 1]. Rows of a * b, by hand: [9 2 0 0; 4 1 0 0; 0 0 2 3; 0 0 0 1].
    let a = Matrix4x4(SIMD4(1, 0, 0, 0), SIMD4(2, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 3, 1))
    let b = Matrix4x4(SIMD4(1, 4, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 2, 0), SIMD4(0, 0, 0, 1))
    let expected = Matrix4x4(
      SIMD4(9, 4, 0, 0), SIMD4(2, 1, 0, 0), SIMD4(0, 0, 2, 0), SIMD4(0, 0, 3, 1))
    #expect(a * b == expected)
    #expect(a * SIMD4<Float>(1, 1, 1, 1) == SIMD4(3, 1, 4, 1))
  }

  @Test func transposeSwapsRowsAndColumns() {
    let t = translate123.transpose
    #expect(t.columns.0 == SIMD4(1, 0, 0, 1))
    #expect(t.columns.1 == SIMD4(0, 1, 0, 2))
    #expect(t.columns.2 == SIMD4(0, 0, 1, 3))
    #expect(t.columns.3 == SIMD4(0, 0, 0, 1))
    #expect(t.transpose == translate123)
  }

  @Test(
    arguments: [
      (Matrix4x4.identity, 1),
      (Matrix4x4(diagonal: SIMD4(2, 3, 4, 5)), 120),
      (translate123, 1),
      // Upper triangular (rows [1 2 3 4; 0 2 5 6; 0 0 3 7; 0 0 0 4]): product of the diagonal.
      (Matrix4x4(SIMD4(1, 0, 0, 0), SIMD4(2, 2, 0, 0), SIMD4(3, 5, 3, 0), SIMD4(4, 6, 7, 4)), 24),
      // The identity with columns 0 and 2 swapped: an odd permutation.
      (Matrix4x4(SIMD4(0, 0, 1, 0), SIMD4(0, 1, 0, 0), SIMD4(1, 0, 0, 0), SIMD4(0, 0, 0, 1)), -1),
      // Two equal columns.
      (Matrix4x4(SIMD4(1, 2, 3, 4), SIMD4(1, 2, 3, 4), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)), 0),
    ] as [(Matrix4x4, Float)])
  func determinantOfKnownMatrices(matrix: Matrix4x4, expected: Float) {
    #expect(matrix.determinant == expected)
    #expect(matrix.transpose.determinant == expected)
  }

  @Test func inverseOfHandWorkedMatrices() throws {
    #expect(try #require(translate123.inverted()) == Matrix4x4(translation: SIMD3(-1, -2, -3)))
    let diagonal = try #require(Matrix4x4(diagonal: SIMD4(2, 4, 0.5, 1)).inverted())
    #expect(diagonal == Matrix4x4(diagonal: SIMD4(0.5, 0.25, 2, 1)))
    // (T S)^-1 = S^-1 T^-1: x -> (x - t) / 2.
    let inverse = try #require((translate123 * scale2).inverted())
    let expected = Matrix4x4(
      SIMD4(0.5, 0, 0, 0), SIMD4(0, 0.5, 0, 0), SIMD4(0, 0, 0.5, 0), SIMD4(-0.5, -1, -1.5, 1))
    #expect(inverse.isApproximatelyEqual(to: expected, tolerance: 1e-7))
  }

  @Test(arguments: testSeeds)
  func inverseTimesMatrixIsIdentity(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let m = rng.wellConditioned4x4()
      let inverse = try #require(m.inverted(), "seed \(seed): \(m)")
      #expect((inverse * m).isApproximatelyEqual(to: .identity, tolerance: 1e-5), "seed \(seed)")
      #expect((m * inverse).isApproximatelyEqual(to: .identity, tolerance: 1e-5), "seed \(seed)")
    }
  }

  @Test(arguments: [
    Matrix4x4(diagonal: .zero),
    Matrix4x4(diagonal: SIMD4(1, 1, 1, 0)),
    Matrix4x4(SIMD4(1, 2, 3, 4), SIMD4(2, 4, 6, 8), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)),
    Matrix4x4(SIMD4(.nan, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)),
    Matrix4x4(diagonal: SIMD4(1, 1, .infinity, 1)),
    // Invertible in Double, but the inverse (about 1.4e39) overflows Float.
    Matrix4x4(diagonal: SIMD4(repeating: Float.leastNormalMagnitude / 16)),
  ])
  func singularOrNonFiniteHasNoInverse(matrix: Matrix4x4) {
    #expect(matrix.inverted() == nil)
  }

  @Test func initFromRigidTransform() {
    // 90° about z: columns are the images of the axes, +x -> +y, +y -> -x.
    let rotation = Quaternion(vector: SIMD4(0, 0, Float(0.5).squareRoot(), Float(0.5).squareRoot()))
    let m = Matrix4x4(RigidTransform(rotation: rotation, translation: SIMD3(1, 2, 3)))
    let expected = Matrix4x4(
      SIMD4(0, 1, 0, 0), SIMD4(-1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(1, 2, 3, 1))
    #expect(m.isApproximatelyEqual(to: expected, tolerance: 1e-6))
  }

  @Test func projectedPointDividesByW() {
    // w = -z (a pinhole projection looking down -z): (2, 4, -2) -> (1, 2, -1).
    let project = Matrix4x4(
      SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, -1), SIMD4(0, 0, 0, 0))
    #expect(project.projectedPoint(SIMD3(2, 4, -2)) == SIMD3(1, 2, -1))
    #expect(project.transformPoint(SIMD3(2, 4, -2)) == SIMD3(1, 2, -1))
    // A point in the plane z = 0 maps to w = 0: no projection.
    #expect(project.projectedPoint(SIMD3(1, 1, 0)) == nil)
    #expect(translate123.projectedPoint(SIMD3(1, 1, 1)) == SIMD3(2, 3, 4))
  }

  @Test func codableIsColumnMajorWithTranslationLast() throws {
    let data = try JSONEncoder().encode(translate123)
    #expect(String(decoding: data, as: UTF8.self) == "[1,0,0,0,0,1,0,0,0,0,1,0,1,2,3,1]")
    #expect(try JSONDecoder().decode(Matrix4x4.self, from: data) == translate123)
  }

  @Test(arguments: [
    "[1,0,0,0,0,1,0,0,0,0,1,0,1,2,3]", "[1,0,0,0,0,1,0,0,0,0,1,0,1,2,3,1,0]", "[]", "[[1]]",
  ])
  func decodingRejectsWrongShape(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Matrix4x4.self, from: Data(json.utf8))
    }
  }

  @Test func columnMajorInitializerNeedsSixteenNumbers() throws {
    let values: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1]
    #expect(try Matrix4x4(columnMajor: values) == translate123)
    #expect(translate123.columnMajor == values)
    #expect(throws: GeometryError.wrongCount(expected: 16, found: 15)) {
      try Matrix4x4(columnMajor: Array(values.prefix(15)))
    }
  }

  @Test func upperLeftAndFiniteness() {
    #expect((translate123 * scale2).upperLeft3x3 == Matrix3x3(diagonal: SIMD3(2, 2, 2)))
    #expect(translate123.isFinite)
    #expect(!Matrix4x4(diagonal: SIMD4(1, .nan, 1, 1)).isFinite)
  }
}
