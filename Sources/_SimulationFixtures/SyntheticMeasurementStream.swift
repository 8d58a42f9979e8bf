import Placement
import SpatialMath

/// A seeded generator of synthetic detector measurements of known objects, with truth: the test
/// and benchmark workload of the tracker, reusable by scene synthesis.
///
/// Each frame `n` has timestamp `n / frameRateHz`. On detector frames every object not in a gap is
/// missed with `missProbability`; otherwise it yields its true position plus per-axis Gaussian
/// noise, or an outlier, possibly with a wrong label; false positives are added; the list is then
/// shuffled. The same seed and parameters always give the same frames.
public struct SyntheticMeasurementStream: Sendable, Sequence, IteratorProtocol {
  /// The objects, in truth order.
  public let objects: [SyntheticObject]
  /// The sensor and detector model.
  public let configuration: SyntheticStreamConfiguration
  /// The number of frames produced in total.
  public let frameCount: Int
  var generator: SplitMix64
  var nextIndex = 0
  let labels: [String]

  /// Creates a stream of `frameCount` frames.
  public init(
    objects: [SyntheticObject], configuration: SyntheticStreamConfiguration = .init(),
    frameCount: Int, seed: UInt64
  ) {
    self.objects = objects
    self.configuration = configuration
    self.frameCount = Swift.max(0, frameCount)
    self.generator = SplitMix64(seed: seed)
    self.labels = Array(Set(objects.map(\.label))).sorted()
  }

  /// The true world position of `object` at `timestampSeconds`, shared jump included.
  public func truePosition(of object: SyntheticObject, atSeconds timestampSeconds: Double) -> SIMD3<
    Float
  > {
    var p = object.position(atSeconds: timestampSeconds)
    if let jump = configuration.sharedJumpSeconds, timestampSeconds >= jump {
      p += configuration.sharedJumpOffsetMeters
    }
    return p
  }

  /// The next frame, or `nil` after `frameCount` frames.
  public mutating func next() -> SyntheticFrame? {
    guard nextIndex < frameCount else { return nil }
    let index = nextIndex
    nextIndex += 1
    let t = Double(index) / configuration.frameRateHz
    let truth = objects.map {
      SyntheticObjectState(id: $0.id, label: $0.label, position: truePosition(of: $0, atSeconds: t))
    }
    let isDetectorFrame = index % Swift.max(1, configuration.detectorFrameInterval) == 0
    var measurements: [MarkerMeasurement] = []
    if isDetectorFrame && !configuration.detectionGaps.contains(where: { $0.contains(t) }) {
      for state in truth { if let m = measure(state) { measurements.append(m) } }
      measurements += falsePositives()
      shuffle(&measurements)
    }
    return SyntheticFrame(
      index: index, timestampSeconds: t, isDetectorFrame: isDetectorFrame,
      measurements: measurements, truth: truth)
  }

  mutating func measure(_ state: SyntheticObjectState) -> MarkerMeasurement? {
    let c = configuration
    guard generator.nextUnitDouble() >= c.missProbability else { return nil }
    var position = state.position
    if generator.nextUnitDouble() < c.outlierProbability {
      let distance =
        c.outlierDistanceRangeMeters.lowerBound
        + generator.nextUnitDouble()
        * (c.outlierDistanceRangeMeters.upperBound - c.outlierDistanceRangeMeters.lowerBound)
      position += randomUnitVector() * Float(distance)
    } else {
      let sigma = c.noiseStdMeters
      position += SIMD3(
        Float(generator.nextGaussian() * sigma), Float(generator.nextGaussian() * sigma),
        Float(generator.nextGaussian() * sigma))
    }
    var label = state.label
    if labels.count > 1, generator.nextUnitDouble() < c.wrongLabelProbability {
      let others = labels.filter { $0 != state.label }
      label = others[Int(generator.next() % UInt64(others.count))]
    }
    let confidence = Float(0.6 + 0.4 * generator.nextUnitDouble())
    return MarkerMeasurement(label: label, position: position, confidence: confidence)
  }

  mutating func falsePositives() -> [MarkerMeasurement] {
    let rate = configuration.falsePositivesPerFrame
    guard rate > 0, !labels.isEmpty else { return [] }
    var count = Int(rate.rounded(.down))
    if generator.nextUnitDouble() < rate - Double(count) { count += 1 }
    var result: [MarkerMeasurement] = []
    for _ in 0..<count {
      let u =
        SIMD3<Float>(
          Float(generator.nextUnitDouble()), Float(generator.nextUnitDouble()),
          Float(generator.nextUnitDouble())) * 2 - 1
      let position =
        configuration.falsePositiveCenter + u * configuration.falsePositiveHalfExtentsMeters
      let label = labels[Int(generator.next() % UInt64(labels.count))]
      result.append(
        MarkerMeasurement(
          label: label, position: position,
          confidence: Float(0.3 + 0.5 * generator.nextUnitDouble())))
    }
    return result
  }

  mutating func randomUnitVector() -> SIMD3<Float> {
    while true {
      let v = SIMD3<Float>(
        Float(generator.nextGaussian()), Float(generator.nextGaussian()),
        Float(generator.nextGaussian()))
      if let unit = v.normalized() { return unit }
    }
  }

  mutating func shuffle(_ array: inout [MarkerMeasurement]) {
    guard array.count > 1 else { return }
    for i in stride(from: array.count - 1, to: 0, by: -1) {
      let j = Int(generator.next() % UInt64(i + 1))
      array.swapAt(i, j)
    }
  }
}
