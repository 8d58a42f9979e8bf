import Placement
import Testing

@Suite struct OneEuroFilterTests {
  /// With beta = 0, One-Euro is an exponential filter with alpha = 1 / (1 + tau / Te),
  /// tau = 1 / (2π fc). For fc = 1 Hz and Te = 0.1 s: tau = 0.1591549, alpha = 1 / 2.591549 =
  /// 0.3858701 (by hand).
  @Test func betaZeroMatchesHandComputedExponential() throws {
    var filter = try OneEuroFilter(minCutoffHz: 1, beta: 0, derivativeCutoffHz: 1)
    let alpha = 0.385_870_1
    let x0 = filter.filter(SIMD3(1, 0, 0), timestampSeconds: 0)
    #expect(x0 == SIMD3(1, 0, 0))
    let x1 = try filtered(&filter, SIMD3(2, 0, 0), at: 0.1)
    #expect(abs(Double(x1.x) - (1 + alpha)) < 1e-6)
    let x2 = try filtered(&filter, SIMD3(2, 0, 0), at: 0.2)
    let expected2 = (1 + alpha) + alpha * (2 - (1 + alpha))
    #expect(abs(Double(x2.x) - expected2) < 1e-6)
  }

  /// beta > 0 with a derivative cutoff distinct from the minimum cutoff, by hand. The values are
  /// chosen so that every time constant is round: fc_min = 1/π Hz, beta = 0.8/π, fc_d = 5/π Hz,
  /// samples x = 0 at t = 0, x = 1 at t = 0.1 and t = 0.2 (Te = 0.1 s; y = z = 0).
  ///
  /// Step 1: dx = (1 - 0) / 0.1 = 10 (against the filtered previous value, 0). Derivative filter:
  /// tau_d = 1/(2π · 5/π) = 0.1, alpha_d = 1/(1 + 0.1/0.1) = 1/2, so dx̂ = 0 + (10 - 0)/2 = 5.
  /// Cutoff = 1/π + (0.8/π)·5 = 5/π Hz, tau = 0.1, alpha = 1/2: x̂ = 0 + (1 - 0)/2 = 0.5.
  /// Step 2: dx = (1 - 0.5) / 0.1 = 5; dx̂ = 5 + (5 - 5)/2 = 5; cutoff 5/π again, alpha 1/2:
  /// x̂ = 0.5 + (1 - 0.5)/2 = 0.75.
  ///
  /// The two classic mistakes give other values at step 1: the cutoff from the raw derivative
  /// (1/π + 0.8/π·10 = 9/π Hz, tau = 1/18, alpha = 9/14) gives 0.642857; the derivative's alpha
  /// from the minimum cutoff (tau = 0.5, alpha_d = 1/6, dx̂ = 5/3, cutoff 7/(3π), tau = 3/14,
  /// alpha = 7/22) gives 0.318182.
  @Test func speedAdaptiveCutoffByHand() throws {
    var filter = try OneEuroFilter(
      minCutoffHz: 1 / .pi, beta: 0.8 / .pi, derivativeCutoffHz: 5 / .pi)
    #expect(filter.filter(SIMD3(0, 0, 0), timestampSeconds: 0) == SIMD3(0, 0, 0))
    let x1 = try filtered(&filter, SIMD3(1, 0, 0), at: 0.1)
    #expect(abs(Double(x1.x) - 0.5) < 1e-6, "x̂1 = \(x1.x)")
    #expect(x1.y == 0 && x1.z == 0)
    let x2 = try filtered(&filter, SIMD3(1, 0, 0), at: 0.2)
    #expect(abs(Double(x2.x) - 0.75) < 1e-6, "x̂2 = \(x2.x)")
  }

  /// beta > 0 raises the cutoff while the signal moves: the filter follows a step faster.
  @Test func speedCoefficientReducesLag() throws {
    var slow = try OneEuroFilter(minCutoffHz: 1, beta: 0)
    var fast = try OneEuroFilter(minCutoffHz: 1, beta: 10)
    for i in 0..<3 {
      slow.filter(.zero, timestampSeconds: Double(i) / 30)
      fast.filter(.zero, timestampSeconds: Double(i) / 30)
    }
    let s = try filtered(&slow, SIMD3(1, 1, 1), at: 0.1)
    let f = try filtered(&fast, SIMD3(1, 1, 1), at: 0.1)
    #expect(f.x > s.x)
  }

  @Test(arguments: [0.5, 1.0, 5.0])
  func constantSignalPassesThroughUnchanged(minCutoffHz: Double) throws {
    var filter = try OneEuroFilter(minCutoffHz: minCutoffHz, beta: 0.7)
    let value = SIMD3<Float>(0.1, -0.2, 0.3)
    for i in 0..<50 {
      #expect(filter.filter(value, timestampSeconds: Double(i) * 0.033) == value)
    }
  }

  @Test func nonIncreasingTimestampIsRejectedWithoutChange() throws {
    var filter = try OneEuroFilter()
    filter.filter(SIMD3(0, 0, 0), timestampSeconds: 1)
    #expect(
      filter.update(measurement: SIMD3(5, 5, 5), timestampSeconds: 1)
        == .rejectedNonIncreasingTimestamp)
    #expect(
      filter.update(measurement: SIMD3(5, 5, 5), timestampSeconds: 0.5)
        == .rejectedNonIncreasingTimestamp)
    #expect(filter.position == SIMD3(0, 0, 0))
    #expect(filter.lastTimestampSeconds == 1)
  }

  @Test func invalidParametersThrowNamingTheParameter() {
    #expect(
      throws: ParameterError(parameter: "minCutoffHz", value: "0.0", requirement: "finite and > 0")
    ) { try OneEuroFilter(minCutoffHz: 0) }
    #expect(
      throws: ParameterError(parameter: "beta", value: "-1.0", requirement: "finite and >= 0")
    ) { try OneEuroFilter(minCutoffHz: 1, beta: -1) }
    #expect(
      throws: ParameterError(
        parameter: "derivativeCutoffHz", value: "nan", requirement: "finite and > 0")
    ) { try OneEuroFilter(minCutoffHz: 1, derivativeCutoffHz: .nan) }
    #expect(
      String(describing: ParameterError(parameter: "beta", value: "-1.0", requirement: ">= 0"))
        == "beta must be >= 0, got -1.0")
  }
}

@Suite struct ExponentialFilterTests {
  /// tau = Te = 0.1 s gives alpha = 1 / (1 + 1) = 0.5: a unit step reads 0, 0.5, 0.75, 0.875.
  @Test func halfAlphaStepResponse() throws {
    var filter = try ExponentialFilter(timeConstantSeconds: 0.1)
    #expect(filter.filter(.zero, timestampSeconds: 0) == .zero)
    #expect(filter.filter(SIMD3(1, 1, 1), timestampSeconds: 0.1) == SIMD3(0.5, 0.5, 0.5))
    #expect(filter.filter(SIMD3(1, 1, 1), timestampSeconds: 0.2) == SIMD3(0.75, 0.75, 0.75))
    #expect(filter.filter(SIMD3(1, 1, 1), timestampSeconds: 0.3) == SIMD3(0.875, 0.875, 0.875))
  }

  /// A longer interval gives a larger alpha: Te = 0.3 s, tau = 0.1 s -> alpha = 1 / (1 + 1/3) = 0.75.
  @Test func alphaFollowsTheTimestampsNotTheFrameCount() throws {
    var filter = try ExponentialFilter(timeConstantSeconds: 0.1)
    filter.filter(.zero, timestampSeconds: 0)
    #expect(filter.filter(SIMD3(1, 0, 0), timestampSeconds: 0.3) == SIMD3(0.75, 0, 0))
  }

  @Test func nanMeasurementIsRejected() throws {
    var filter = try ExponentialFilter(timeConstantSeconds: 0.1)
    filter.filter(SIMD3(1, 2, 3), timestampSeconds: 0)
    #expect(
      filter.update(measurement: SIMD3(.nan, 0, 0), timestampSeconds: 1) == .rejectedNonFinite)
    #expect(
      filter.update(measurement: SIMD3(0, 0, 0), timestampSeconds: .infinity) == .rejectedNonFinite)
    #expect(filter.position == SIMD3(1, 2, 3))
  }
}

@Suite struct MovingMedianFilterTests {
  /// Window 0.25 s with samples every 0.1 s holds the last three samples (t - 0.25 < t_i <= t).
  @Test func medianOfTheWindowRejectsASpike() throws {
    var filter = try MovingMedianFilter(windowSeconds: 0.25)
    let xs: [Float] = [1, 5, 2, 100, 3]
    // Windows {1}, {1,5} (mean of the middle two), {1,5,2}, {5,2,100}, {2,100,3}.
    let expected: [Float] = [1, 3, 2, 5, 3]
    for (i, x) in xs.enumerated() {
      let out = try filtered(&filter, SIMD3(x, 0, 0), at: Double(i) * 0.1)
      #expect(out.x == expected[i])
    }
  }

  @Test func sampleCountIsBounded() throws {
    var filter = try MovingMedianFilter(windowSeconds: 10, maximumSampleCount: 2)
    filter.filter(SIMD3(0, 0, 0), timestampSeconds: 0)
    filter.filter(SIMD3(10, 0, 0), timestampSeconds: 1)
    // Only {10, 20} remain: median 15.
    #expect(filter.filter(SIMD3(20, 0, 0), timestampSeconds: 2) == SIMD3(15, 0, 0))
  }
}
