import Placement
import SpatialMath
import Testing
import _SimulationFixtures

@Suite struct SyntheticMeasurementStreamTests {
  static let objects = [
    SyntheticObject(id: "a", label: "fan", position: SIMD3(0, 0, -0.5)),
    SyntheticObject(
      id: "b", label: "ac", position: SIMD3(0.03, 0, -0.5),
      motion: .drift(velocityMetersPerSecond: SIMD3(0.02, 0, 0))),
  ]

  @Test(arguments: [UInt64(1), 42, 0xDEAD_BEEF])
  func sameSeedGivesSameFrames(seed: UInt64) {
    var configuration = SyntheticStreamConfiguration()
    configuration.missProbability = 0.1
    configuration.outlierProbability = 0.05
    configuration.falsePositivesPerFrame = 0.3
    let a = Array(
      SyntheticMeasurementStream(
        objects: Self.objects, configuration: configuration, frameCount: 120, seed: seed))
    let b = Array(
      SyntheticMeasurementStream(
        objects: Self.objects, configuration: configuration, frameCount: 120, seed: seed))
    #expect(a == b)
    #expect(a.count == 120)
  }

  @Test func detectorRunsOnEverySecondFrameAndTruthFollowsTheMotion() {
    let frames = Array(SyntheticMeasurementStream(objects: Self.objects, frameCount: 61, seed: 3))
    #expect(frames.filter(\.isDetectorFrame).count == 31)
    #expect(frames[1].measurements.isEmpty)
    #expect(frames[0].measurements.count == 2)
    // 1 s at 2 cm/s.
    #expect(
      frames[60].truth[1].position.isApproximatelyEqual(to: SIMD3(0.05, 0, -0.5), tolerance: 1e-6))
    #expect(frames[60].timestampSeconds == 1)
  }

  @Test func gapsSilenceTheDetector() {
    var configuration = SyntheticStreamConfiguration()
    configuration.detectionGaps = [0.5...1.0]
    let frames = Array(
      SyntheticMeasurementStream(
        objects: Self.objects, configuration: configuration, frameCount: 90, seed: 3))
    let inGap = frames.filter { $0.timestampSeconds >= 0.5 && $0.timestampSeconds <= 1 }
    #expect(inGap.allSatisfy { $0.measurements.isEmpty })
    #expect(!frames[70].measurements.isEmpty)
  }
}

@Suite struct SplitMix64Tests {
  /// Reference values of SplitMix64 for seed 0 (Vigna's splitmix64.c): 0xE220A8397B1DCDAF,
  /// 0x6E789E6AA1B965F4.
  @Test func referenceSequence() {
    var g = SplitMix64(seed: 0)
    #expect(g.next() == 0xE220_A839_7B1D_CDAF)
    #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
  }
}
