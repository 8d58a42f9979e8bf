import Testing
import Placement

@Suite struct OneEuroFilterTests {
  /// With beta = 0, One-Euro is an exponential filter with alpha = 1 / (1 + tau / Te),
  /// tau = 1 / (2π fc). For fc = 1 Hz and Te = 0.1 s: tau = 0.159155, alpha = 0.385870 (by hand:
  /// 1 / (1 + 1.591549)).
  @Test func betaZeroMatchesHandComputedExponential() throws {
    var filter = try #require(OneEuroFilter(minCutoffHz: 1, beta: 0, derivativeCutoffHz: 1))
    let alpha = 0.385_870_1
    let x0 = filter.filter(SIMD3(1, 0, 0), timestampSeconds: 0)
    #expect(x0 == SIMD3(1, 0, 0))
    let x1 = try #require(filter.filter(SIMD3(2, 0, 0), timestampSeconds: 0.1))
    #expect(abs(Double(x1.x) - (1 + alpha)) < 1e-6)
    let x2 = try #require(filter.filter(SIMD3(2, 0, 0), timestampSeconds: 0.2))
    let expected2 = (1 + alpha) + alpha * (2 - (1 + alpha))
    #expect(abs(Double(x2.x) - expected2) < 1e-6)
  }
}
