import Placement
import Testing

@Suite struct PositionCovarianceTests {
  /// diag(4, 9, 16) mm² and r = (2, 3, 4) mm: r S⁻¹ r = 4/4 + 9/9 + 16/16 = 3.
  @Test func diagonalMahalanobis() throws {
    let s = PositionCovariance(diagonal: SIMD3(4e-6, 9e-6, 16e-6))
    let d2 = try #require(s.mahalanobisSquared(SIMD3(0.002, 0.003, 0.004)))
    #expect(abs(d2 - 3) < 1e-9)
  }

  /// [[2, 1, 0], [1, 2, 0], [0, 0, 1]]: eigenvalues 3 (along (1, 1, 0)/√2), 1, 1. The residual
  /// (1, 1, 0) has length √2 along the first axis: √2² / 3 = 2/3.
  @Test func correlatedMahalanobisAndLargestEigenvalue() throws {
    let s = PositionCovariance(diagonal: SIMD3(2, 2, 1), offDiagonal: SIMD3(1, 0, 0))
    #expect(abs(s.largestEigenvalue - 3) < 1e-12)
    #expect(abs(try #require(s.mahalanobisSquared(SIMD3(1, 1, 0))) - 2.0 / 3) < 1e-12)
    // (1, -1, 0) lies along the eigenvalue 1: 2 / 1.
    #expect(abs(try #require(s.mahalanobisSquared(SIMD3(1, -1, 0))) - 2) < 1e-12)
    #expect(abs(s.determinant - 3) < 1e-12)
  }

  @Test func largestEigenvalueOfDiagonalAndZero() {
    #expect(PositionCovariance(diagonal: SIMD3(1, 5, 2)).largestEigenvalue == 5)
    #expect(PositionCovariance.zero.largestEigenvalue == 0)
  }

  /// A rank-one covariance along (3, 4, 0) with std 2: 4 · d dᵀ with d = (0.6, 0.8, 0).
  @Test func alongDirection() {
    let s = PositionCovariance(alongDirection: SIMD3(3, 4, 0), stdMeters: 2)
    #expect(abs(s.diagonal.x - 4 * 0.36) < 1e-12 && abs(s.diagonal.y - 4 * 0.64) < 1e-12)
    #expect(s.diagonal.z == 0)
    #expect(abs(s.offDiagonal.x - 4 * 0.48) < 1e-12)
    #expect(s.offDiagonal.y == 0 && s.offDiagonal.z == 0)
    #expect(abs(s.largestEigenvalue - 4) < 1e-12)
    #expect(PositionCovariance(alongDirection: .zero, stdMeters: 1) == .zero)
  }

  @Test func notPositiveDefiniteGatesNothing() {
    #expect(PositionCovariance.zero.mahalanobisSquared(SIMD3(1, 0, 0)) == nil)
    let rankOne = PositionCovariance(alongDirection: SIMD3(1, 0, 0), stdMeters: 1)
    #expect(rankOne.mahalanobisSquared(SIMD3(1, 0, 0)) == nil)
    let indefinite = PositionCovariance(diagonal: SIMD3(1, 1, 1), offDiagonal: SIMD3(2, 0, 0))
    #expect(indefinite.mahalanobisSquared(SIMD3(1, 0, 0)) == nil)
  }

  @Test func sumAndScale() {
    let a = PositionCovariance(diagonal: SIMD3(1, 2, 3), offDiagonal: SIMD3(0.1, 0.2, 0.3))
    let b = PositionCovariance(isotropicStdMeters: 2)
    #expect((a + b).diagonal == SIMD3(5, 6, 7))
    #expect((a + b).offDiagonal == a.offDiagonal)
    #expect((2 * a).diagonal == SIMD3(2, 4, 6))
  }
}
