import Placement
import SpatialMath
import _SimulationFixtures

/// The synthetic scenarios behind `TrackingBenchmarks`; each returns figures for one seed.
enum TrackingScenarios {

  static func makeTracker(rigid: Bool = false, filter: AnyPositionFilter) -> MarkerTracker<
    AnyPositionFilter
  > {
    var configuration = MarkerTrackerConfiguration()
    configuration.rigidLayout = rigid
    return try! MarkerTracker(configuration: configuration, filterPrototype: filter)
  }

  static let anchor = SIMD3<Float>(0.1, -0.2, -0.6)

  struct StaticFigures {
    var jitterUpdateMillimeters = Double.nan
    var jitterFrameMillimeters = Double.nan
    var meanErrorMillimeters = Double.nan
  }

  /// One static marker for 10 s; figures after 1 s of settling.
  static func staticMarker(seed: UInt64, filter: AnyPositionFilter) -> StaticFigures {
    let object = SyntheticObject(id: "a", label: "button", position: anchor)
    var tracker = makeTracker(filter: filter)
    var updates: [SIMD3<Float>] = []
    var frames: [SIMD3<Float>] = []
    var errors: [Double] = []
    for frame in SyntheticMeasurementStream(objects: [object], frameCount: 600, seed: seed) {
      if frame.isDetectorFrame {
        tracker.update(measurements: frame.measurements, timestampSeconds: frame.timestampSeconds)
      }
      guard frame.timestampSeconds >= 1, let marker = tracker.shownMarkers.first else { continue }
      frames.append(marker.position)
      if frame.isDetectorFrame { updates.append(marker.position) }
      errors.append(Double(marker.position.distance(to: frame.truth[0].position)) * 1000)
    }
    return StaticFigures(
      jitterUpdateMillimeters: TrackingMetrics.jitterRMSMillimeters(updates) ?? .nan,
      jitterFrameMillimeters: TrackingMetrics.jitterRMSMillimeters(frames) ?? .nan,
      meanErrorMillimeters: errors.isEmpty ? .nan : errors.reduce(0, +) / Double(errors.count))
  }

  struct StepFigures {
    var timeTo90Milliseconds = Double.nan
    var overshootMillimeters = Double.nan
    var reanchorFrames = Double.nan
    var idChanges = Double.nan
  }

  /// A 5 cm step along +x at a seeded time between 2 s and 2 s + one detector interval.
  static func step(seed: UInt64, filter: AnyPositionFilter) -> StepFigures {
    var rng = SplitMix64(seed: seed ^ 0x5157)
    let stepSeconds = 2 + rng.nextUnitDouble() / 30
    let offset = SIMD3<Float>(0.05, 0, 0)
    let object = SyntheticObject(
      id: "a", label: "button", position: anchor,
      motion: .step(atSeconds: stepSeconds, offsetMeters: offset))
    var tracker = makeTracker(filter: filter)
    var samples: [(timestampSeconds: Double, position: SIMD3<Float>)] = []
    var ids = Set<Int>()
    var reanchorFrames: Int?
    var framesAfterStep = 0
    for frame in SyntheticMeasurementStream(objects: [object], frameCount: 240, seed: seed) {
      if frame.isDetectorFrame {
        tracker.update(measurements: frame.measurements, timestampSeconds: frame.timestampSeconds)
      }
      guard frame.timestampSeconds >= 1, let marker = tracker.shownMarkers.first else { continue }
      ids.insert(marker.id)
      samples.append((frame.timestampSeconds, marker.position))
      if frame.timestampSeconds >= stepSeconds {
        framesAfterStep += 1
        if reanchorFrames == nil, marker.position.distance(to: frame.truth[0].position) <= 0.01 {
          reanchorFrames = framesAfterStep
        }
      }
    }
    let response = TrackingMetrics.stepResponse(
      samples: samples, start: anchor, target: anchor + offset, stepSeconds: stepSeconds)
    return StepFigures(
      timeTo90Milliseconds: (response?.timeTo90PercentSeconds).map { $0 * 1000 } ?? .nan,
      overshootMillimeters: (response?.overshootMeters).map { $0 * 1000 } ?? .nan,
      reanchorFrames: reanchorFrames.map(Double.init) ?? .nan,
      idChanges: Double(max(0, ids.count - 1)))
  }

  struct DriftFigures { var meanLagMillimeters = Double.nan }

  /// A marker drifting at 2 cm/s along +x for 10 s; lag along the motion after 1 s.
  static func drift(seed: UInt64, filter: AnyPositionFilter) -> DriftFigures {
    let velocity = SIMD3<Float>(0.02, 0, 0)
    let object = SyntheticObject(
      id: "a", label: "button", position: anchor, motion: .drift(velocityMetersPerSecond: velocity))
    var tracker = makeTracker(filter: filter)
    var lags: [Double] = []
    for frame in SyntheticMeasurementStream(objects: [object], frameCount: 600, seed: seed) {
      if frame.isDetectorFrame {
        tracker.update(measurements: frame.measurements, timestampSeconds: frame.timestampSeconds)
      }
      guard frame.timestampSeconds >= 1, let marker = tracker.shownMarkers.first else { continue }
      lags.append(Double(frame.truth[0].position.x - marker.position.x) * 1000)
    }
    return DriftFigures(
      meanLagMillimeters: lags.isEmpty ? .nan : lags.reduce(0, +) / Double(lags.count))
  }
}
