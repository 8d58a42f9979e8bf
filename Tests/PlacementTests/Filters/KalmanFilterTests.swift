import Placement
import Testing

@Suite struct ConstantPositionKalmanFilterTests {
  /// q = 1e-4 m²/s, r = 0.01 m, Te = 0.1 s: Q = 1e-5, R = 1e-4,
  /// P⁻ = (Q + sqrt(Q² + 4QR)) / 2 = (1e-5 + sqrt(4.1e-9)) / 2 = 3.7015621e-5,
  /// K = P⁻ / (P⁻ + R) = 3.7015621e-5 / 1.37015621e-4 = 0.2701562.
  @Test func steadyStateGainMatchesClosedForm() throws {
    var filter = try ConstantPositionKalmanFilter(
      processNoiseDensity: 1e-4, measurementStdMeters: 0.01)
    var t = 0.0
    for _ in 0..<200 {
      filter.filter(.zero, timestampSeconds: t)
      t += 0.1
    }
    let out = try filtered(&filter, SIMD3(0.001, 0, 0), at: t)
    #expect(abs(Double(out.x) / 0.001 - 0.270_156_2) < 1e-4)
  }

  @Test func gateRejectsAnOutlierThenReanchorsOnConsistentEvidence() throws {
    var filter = try ConstantPositionKalmanFilter(
      processNoiseDensity: 1e-6, measurementStdMeters: 0.003, gate: .probability999,
      reanchorCount: 3)
    for i in 0..<10 { filter.filter(.zero, timestampSeconds: Double(i) / 30) }
    let far = SIMD3<Float>(0.1, 0, 0)
    #expect(filter.update(measurement: far, timestampSeconds: 10 / 30) == .rejectedOutlier)
    #expect(filter.position == .zero)
    #expect(filter.update(measurement: far, timestampSeconds: 11 / 30) == .rejectedOutlier)
    #expect(filter.update(measurement: far, timestampSeconds: 12 / 30) == .accepted)
    #expect(filter.position == far)
  }

  @Test func constantSignalPassesThroughUnchanged() throws {
    var filter = try ConstantPositionKalmanFilter(
      processNoiseDensity: 1e-5, measurementStdMeters: 0.003)
    let value = SIMD3<Float>(0.25, 0.5, -1)
    for i in 0..<30 { #expect(filter.filter(value, timestampSeconds: Double(i) / 30) == value) }
  }
}

@Suite struct ConstantVelocityKalmanFilterTests {
  /// A noise-free ramp: the constant-velocity model has no steady-state lag, so the estimate
  /// converges to the ramp itself.
  @Test func rampIsTrackedWithoutSteadyStateLag() throws {
    var filter = try ConstantVelocityKalmanFilter(
      accelerationNoiseDensity: 1e-3, measurementStdMeters: 0.003,
      initialSpeedStdMetersPerSecond: 0.1, gate: .disabled)
    var last = SIMD3<Float>.zero
    for i in 0..<300 {
      let t = Double(i) / 30
      last = try filtered(&filter, SIMD3(Float(0.02 * t), 0, 0), at: t)
    }
    #expect(abs(last.x - Float(0.02 * 299 / 30)) < 1e-5)
    #expect(abs(filter.velocity.x - 0.02) < 1e-4)
  }

  @Test func predictionExtrapolatesWithTheVelocity() throws {
    var filter = try ConstantVelocityKalmanFilter(
      accelerationNoiseDensity: 1e-2, measurementStdMeters: 0.001, gate: .disabled)
    for i in 0..<200 {
      filter.filter(SIMD3(Float(i) * 0.01, 0, 0), timestampSeconds: Double(i) * 0.1)
    }
    // Velocity 0.1 m/s; 1 s after the last sample (x = 1.99) the prediction is near 2.09.
    let predicted = try #require(filter.predictedPosition(atSeconds: 19.9 + 1))
    #expect(abs(predicted.x - 2.09) < 1e-3)
  }

  @Test func nanMeasurementIsRejectedWithoutChange() throws {
    var filter = try ConstantVelocityKalmanFilter(
      accelerationNoiseDensity: 1e-3, measurementStdMeters: 0.003)
    filter.filter(SIMD3(1, 1, 1), timestampSeconds: 0)
    let before = filter
    #expect(
      filter.update(measurement: SIMD3(0, .nan, 0), timestampSeconds: 1) == .rejectedNonFinite)
    #expect(filter == before)
  }
}

@Suite struct ChiSquareGateTests {
  @Test(arguments: [
    (ChiSquareGate.probability95, 7.8147), (.probability99, 11.3449), (.probability999, 16.2662),
  ])
  func quantilesOfThreeDegreesOfFreedom(gate: ChiSquareGate, quantile: Double) {
    #expect(abs(gate.threshold - quantile) < 1e-3)
    // |y|² / S exactly at the threshold passes; slightly above fails.
    #expect(gate.accepts(innovationLengthSquared: quantile * 0.999, innovationVariance: 1))
    #expect(!gate.accepts(innovationLengthSquared: quantile * 1.001, innovationVariance: 1))
  }
}
