import ARSimulation
import Foundation
import SceneFormat
import SpatialMath
import Testing

@testable import SceneSynthesis

/// The depth noise model of `DepthModelSpec` on synthetic truth frames, with expectations from
/// its definition: `σ = noiseAtOneMeter * z² / max(c, 0.25)`, no return past the range, low
/// confidence and flying pixels at edges, smoothing with `α = 1 - exp(-Δt / τ)`.
@Suite struct DepthNoiseModelTests {
  /// A `width` x `height` truth frame of depth `z` with incidence cosine `c` everywhere.
  static func flat(_ z: Float, cosine c: Float = 1, width: Int = 64, height: Int = 48)
    -> TruthDepthRenderer.Frame
  {
    TruthDepthRenderer.Frame(
      width: width, height: height,
      depthMeters: [Float](repeating: z, count: width * height),
      incidenceCosine: [Float](repeating: c, count: width * height))
  }

  static func statistics(_ values: [Float]) -> (mean: Double, std: Double) {
    let mean = values.reduce(0.0) { $0 + Double($1) } / Double(values.count)
    let variance =
      values.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
      / Double(values.count - 1)
    return (mean, variance.squareRoot())
  }

  @Test(arguments: [(Float(1), Float(1)), (2, 1), (1.5, 0.5)])
  func noiseGrowsWithRangeAndGrazing(z: Float, cosine: Float) {
    var model = DepthModelSpec()
    model.lowConfidenceAngleDegrees = 89
    model.mediumConfidenceAngleDegrees = 89
    var random = SplitMix64(seed: 7)
    let (depth, confidence) = DepthSynthesisState.applyNoise(
      model, truth: Self.flat(z, cosine: cosine), random: &random)
    let sigma = 0.004 * Double(z * z) / Double(max(cosine, 0.25))
    let (mean, std) = Self.statistics(depth)
    // 3072 samples: the mean within 4 standard errors, the deviation within 8 %.
    #expect(abs(mean - Double(z)) < 4 * sigma / 3072.0.squareRoot())
    #expect(abs(std / sigma - 1) < 0.08, "std \(std) vs σ \(sigma)")
    #expect(confidence.allSatisfy { $0 != DepthConfidence.low.rawValue || z > 4 })
  }

  @Test func sameSeedSameValues() {
    let model = DepthModelSpec()
    var a = SplitMix64(seed: 3)
    var b = SplitMix64(seed: 3)
    let first = DepthSynthesisState.applyNoise(model, truth: Self.flat(1.2), random: &a)
    let second = DepthSynthesisState.applyNoise(model, truth: Self.flat(1.2), random: &b)
    #expect(first.depth == second.depth && first.confidence == second.confidence)
  }

  @Test func noReturnPastTheRangeAndAtGrazingAngles() {
    let model = DepthModelSpec()
    var random = SplitMix64(seed: 1)
    let far = DepthSynthesisState.applyNoise(model, truth: Self.flat(5.5), random: &random)
    #expect(far.depth.allSatisfy { $0 == 0 })
    #expect(far.confidence.allSatisfy { $0 == 0 })
    // 86° incidence: cos = 0.0698 < cos 85° = 0.0872.
    let grazing = DepthSynthesisState.applyNoise(
      model, truth: Self.flat(1, cosine: 0.0698), random: &random)
    #expect(grazing.depth.allSatisfy { $0 == 0 })
  }

  @Test func confidenceByAngleAndRange() {
    let model = DepthModelSpec()
    var random = SplitMix64(seed: 2)
    let cases: [(Float, Float, DepthConfidence)] = [
      (1, 1, .high), (1, Float(cos(50 * Double.pi / 180)), .medium),
      (1, Float(cos(75 * Double.pi / 180)), .low), (3, 1, .medium), (4.5, 1, .low),
    ]
    for (z, c, expected) in cases {
      let out = DepthSynthesisState.applyNoise(
        model, truth: Self.flat(z, cosine: c), random: &random)
      // An interior pixel (the borders have no neighbour beyond the map, not an edge).
      #expect(out.confidence[10 * 64 + 10] == expected.rawValue, "z \(z), cos \(c)")
    }
  }

  /// A step from 1 m (left half) to 2 m (right half): the pixels beside the step are edges, low
  /// confidence, and with flying probability 1 those on the near side lie between the surfaces.
  @Test func edgesAreLowConfidenceWithFlyingPixels() {
    var model = DepthModelSpec()
    model.flyingPixelProbability = 1
    model.noiseAtOneMeterMeters = 0
    var truth = Self.flat(1)
    for row in 0..<48 { for column in 32..<64 { truth.depthMeters[row * 64 + column] = 2 } }
    var random = SplitMix64(seed: 5)
    let out = DepthSynthesisState.applyNoise(model, truth: truth, random: &random)
    var flying = 0
    for row in 0..<48 {
      #expect(out.confidence[row * 64 + 31] == DepthConfidence.low.rawValue)
      #expect(out.confidence[row * 64 + 32] == DepthConfidence.low.rawValue)
      #expect(out.confidence[row * 64 + 20] == DepthConfidence.high.rawValue)
      let near = out.depth[row * 64 + 31]
      #expect(near >= 1 && near <= 2)
      if near > 1.01 { flying += 1 }
      // The far side's neighbour is nearer: it stays on its surface.
      #expect(out.depth[row * 64 + 32] == 2)
    }
    #expect(flying > 40, "\(flying) of 48 edge pixels fly")
  }

  /// The smoothed map on a constant truth: its deviation shrinks below the raw one's, and after
  /// a step in depth it follows with `1 - (1 - α)^k` of the step after k frames (lag).
  @Test func smoothingReducesNoiseAndLags() throws {
    var model = DepthModelSpec()
    model.width = 32
    model.height = 24
    model.smoothingTimeSeconds = 0.1
    var state = DepthSynthesisState(model: model, surfaces: [], random: SplitMix64(seed: 9))
    // Drive the smoothing directly with truth frames through its public step.
    var rawLast: [Float] = []
    var smoothedLast: [Float] = []
    for k in 0..<30 {
      let out = state.step(truth: Self.flat(1, width: 32, height: 24), sceneTime: Double(k) / 30)
      rawLast = out.raw.depthMeters
      smoothedLast = out.smoothed!.depthMeters
    }
    let raw = Self.statistics(rawLast).std
    let smooth = Self.statistics(smoothedLast).std
    #expect(smooth < 0.75 * raw, "smoothed \(smooth) vs raw \(raw)")
    // A 5 cm step (under the 10 % restart): after one frame at 30 Hz the smoothed map has moved
    // α = 1 - exp(-1/3) = 0.2835 of the way.
    let out = state.step(truth: Self.flat(1.05, width: 32, height: 24), sceneTime: 1)
    let moved = Self.statistics(out.smoothed!.depthMeters).mean - Self.statistics(smoothedLast).mean
    let alpha = 1 - exp(-1.0 / 3)
    #expect(abs(moved - 0.05 * alpha) < 0.004, "moved \(moved)")
  }
}
