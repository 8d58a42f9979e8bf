import Foundation
import SpatialMath
import Testing

/// Rows `[1 2 3; 4 5 6; 7 8 9]`, written as columns (rank 2).
private let oneToNine = Matrix3x3(SIMD3(1, 4, 7), SIMD3(2, 5, 8), SIMD3(3, 6, 9))

/// Rows `[2 0 1; 1 3 2; 1 1 2]`: determinant 2(6-2) - 0 + 1(1-3) = 6; adjugate rows
/// `[4 1 -3; 0 3 -3; -2 -2 6]` (cofactors worked by hand).
private let detSix = Matrix3x3(SIMD3(2, 1, 1), SIMD3(0, 3, 1), SIMD3(1, 2, 2))

@Suite("Matrix3x3")
struct Matrix3x3Tests {
  @Test func subscriptReadsRowAndColumn() {
    #expect(oneToNine[row: 0, column: 1] == 2)
    #expect(oneToNine[row: 1, column: 0] == 4)
    #expect(oneToNine[row: 2, column: 2] == 9)
    #expect(oneToNine.columnMajor == [1, 4, 7, 2, 5, 8, 3, 6, 9])
  }

  @Test func productOfHandComputedMatrices() {
    // Rows [9 8 7; 6 5 4; 3 2 1].
    let b = Matrix3x3(SIMD3(9, 6, 3), SIMD3(8, 5, 2), SIMD3(7, 4, 1))
    // Rows [30 24 18; 84 69 54; 138 114 90], by hand.
    let expected = Matrix3x3(SIMD3(30, 84, 138), SIMD3(24, 69, 114), SIMD3(18, 54, 90))
    #expect(oneToNine * b == expected)
    #expect(oneToNine * .identity == oneToNine)
    #expect(Matrix3x3.identity * oneToNine == oneToNine)
  }

  @Test func matrixTimesColumnVector() {
    // [1 2 3; 4 5 6; 7 8 9] (1, 0, -1) = (1 - 3, 4 - 6, 7 - 9).
    #expect(oneToNine * SIMD3<Float>(1, 0, -1) == SIMD3(-2, -2, -2))
    #expect(oneToNine * SIMD3<Float>(0, 1, 0) == SIMD3(2, 5, 8))
  }

  @Test func transposeSwapsRowsAndColumns() {
    let t = oneToNine.transpose
    #expect(t == Matrix3x3(SIMD3(1, 2, 3), SIMD3(4, 5, 6), SIMD3(7, 8, 9)))
    #expect(t.transpose == oneToNine)
  }

  @Test(
    arguments: [
      (Matrix3x3.identity, 1),
      (Matrix3x3(diagonal: SIMD3(2, 3, 4)), 24),
      (detSix, 6),
      (oneToNine, 0),
      // Swapping two columns of the identity flips the sign.
      (Matrix3x3(SIMD3(0, 1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)), -1),
    ] as [(Matrix3x3, Float)])
  func determinantOfKnownMatrices(matrix: Matrix3x3, expected: Float) {
    #expect(matrix.determinant == expected)
    #expect(matrix.transpose.determinant == expected)
  }

  @Test func inverseOfHandWorkedMatrix() throws {
    let inverse = try #require(detSix.inverted())
    let expected = Matrix3x3(
      SIMD3(4, 0, -2) / 6, SIMD3(1, 3, -2) / 6, SIMD3(-3, -3, 6) / 6)
    #expect(inverse.isApproximatelyEqual(to: expected, tolerance: 1e-6))
    let diagonalInverse = try #require(Matrix3x3(diagonal: SIMD3(2, 4, 0.5)).inverted())
    #expect(diagonalInverse == Matrix3x3(diagonal: SIMD3(0.5, 0.25, 2)))
  }

  @Test(arguments: testSeeds)
  func inverseTimesMatrixIsIdentity(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let m = rng.wellConditioned3x3()
      let inverse = try #require(m.inverted(), "seed \(seed): \(m)")
      #expect((inverse * m).isApproximatelyEqual(to: .identity, tolerance: 1e-5), "seed \(seed)")
      #expect((m * inverse).isApproximatelyEqual(to: .identity, tolerance: 1e-5), "seed \(seed)")
    }
  }

  @Test(arguments: [
    oneToNine,
    Matrix3x3(diagonal: .zero),
    Matrix3x3(diagonal: SIMD3(1, 1, 0)),
    // Third column = first + second.
    Matrix3x3(SIMD3(1, 2, 3), SIMD3(4, 5, 6), SIMD3(5, 7, 9)),
    Matrix3x3(SIMD3(.nan, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)),
    Matrix3x3(SIMD3(.infinity, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)),
  ])
  func singularOrNonFiniteHasNoInverse(matrix: Matrix3x3) {
    #expect(matrix.inverted() == nil)
  }

  @Test func inverseThatWouldOverflowFloatIsNil() {
    // Entries of about 7e-40 (subnormal) are invertible in Double, but the inverse (about 1.4e39) is not a finite Float.
    #expect(
      Matrix3x3(diagonal: SIMD3(repeating: Float.leastNormalMagnitude / 16)).inverted() == nil)
  }

  @Test func codableIsColumnMajor() throws {
    let data = try JSONEncoder().encode(oneToNine)
    #expect(String(decoding: data, as: UTF8.self) == "[1,4,7,2,5,8,3,6,9]")
    let decoded = try JSONDecoder().decode(Matrix3x3.self, from: data)
    #expect(decoded == oneToNine)
  }

  @Test(arguments: ["[1,2,3,4,5,6,7,8]", "[1,2,3,4,5,6,7,8,9,10]", "[]", "{}"])
  func decodingRejectsWrongShape(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Matrix3x3.self, from: Data(json.utf8))
    }
  }

  @Test func columnMajorInitializerNeedsNineNumbers() throws {
    #expect(try Matrix3x3(columnMajor: [1, 4, 7, 2, 5, 8, 3, 6, 9]) == oneToNine)
    #expect(throws: GeometryError.wrongCount(expected: 9, found: 8)) {
      try Matrix3x3(columnMajor: Array(repeating: 0, count: 8))
    }
  }
}
