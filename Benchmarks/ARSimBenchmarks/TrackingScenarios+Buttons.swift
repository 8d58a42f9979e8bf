import Placement
import SpatialMath
import _SimulationFixtures

extension TrackingScenarios {
  /// Eight dashboard buttons 25–30 mm apart on a tilted panel; two pairs share a label.
  static func dashboardButtons(motion: SyntheticMotion = .stationary) -> [SyntheticObject] {
    let labels = ["hazard", "fan", "fan", "defrost", "recirculate", "seatHeat", "seatHeat", "ac"]
    let columnSpacing: [Float] = [0, 0.027, 0.055, 0.080]
    var objects: [SyntheticObject] = []
    for i in 0..<8 {
      let row = Float(i / 4)
      let x = columnSpacing[i % 4] - 0.04
      let p = anchor + SIMD3(x, row * 0.026, row * 0.012)
      objects.append(
        SyntheticObject(id: "button-\(i)", label: labels[i], position: p, motion: motion))
    }
    return objects
  }

  static func clutter(_ c: inout SyntheticStreamConfiguration) {
    c.missProbability = 0.10
    c.outlierProbability = 0.02
    c.wrongLabelProbability = 0.03
    c.falsePositivesPerFrame = 0.1
    c.falsePositiveCenter = anchor
    c.falsePositiveHalfExtentsMeters = SIMD3(0.15, 0.1, 0.05)
  }

  struct ButtonFigures {
    var idSwitchesPer1000 = Double.nan
    var mota = Double.nan
    var idf1 = Double.nan
    var falseMarkers = Double.nan
    var missedMarkers = Double.nan
    var timeToFirstConfirmedMilliseconds: [Double] = []
  }

  static func hypotheses(_ tracker: MarkerTracker<AnyPositionFilter>) -> [(
    id: Int, position: SIMD3<Float>
  )] {
    tracker.shownMarkers.map { ($0.id, $0.position) }
  }

  static func truths(_ frame: SyntheticFrame) -> [(id: String, position: SIMD3<Float>)] {
    frame.truth.map { ($0.id, $0.position) }
  }

  /// Eight buttons with misses, outliers, wrong labels and false positives for 60 s. Time to first
  /// confirmed marker per button counts from t = 0, when every button is first detectable (not
  /// found within 2 s counts as infinite).
  static func buttons(seed: UInt64, rigid: Bool, filter: AnyPositionFilter) -> ButtonFigures {
    let objects = dashboardButtons()
    var configuration = SyntheticStreamConfiguration()
    clutter(&configuration)
    let threshold = TrackingMetrics.halfNeighbourSpacingMeters(objects.map(\.position))!
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: threshold)
    var tracker = makeTracker(rigid: rigid, filter: filter)
    var history: [(timestampSeconds: Double, markers: [TrackedMarker])] = []
    let stream = SyntheticMeasurementStream(
      objects: objects, configuration: configuration, frameCount: 3600, seed: seed)
    for frame in stream {
      if frame.isDetectorFrame {
        tracker.update(measurements: frame.measurements, timestampSeconds: frame.timestampSeconds)
      }
      if frame.timestampSeconds < 2 {
        history.append((frame.timestampSeconds, tracker.shownMarkers))
      }
      evaluator.addFrame(truth: truths(frame), hypotheses: hypotheses(tracker))
    }
    let score = evaluator.result
    return ButtonFigures(
      idSwitchesPer1000: score.idSwitchesPer1000Frames ?? .nan, mota: score.mota ?? .nan,
      idf1: score.idf1 ?? .nan, falseMarkers: Double(score.falsePositiveCount),
      missedMarkers: Double(score.missCount),
      timeToFirstConfirmedMilliseconds: objects.map { object in
        TrackingMetrics.timeToFirstConfirmedSeconds(
          history: history, label: object.label, truthPosition: object.position,
          thresholdMeters: threshold
        ).map { $0 * 1000 } ?? .infinity
      })
  }

  struct GapFigures {
    var maximumMotionMillimeters = Double.nan
    var markersLost = Double.nan
  }

  /// Eight buttons, 10 % misses, with 1 s detection gaps at 2–3 s and 5–6 s: shown markers must
  /// not move or disappear during a gap.
  static func gaps(seed: UInt64, filter: AnyPositionFilter) -> GapFigures {
    let objects = dashboardButtons()
    var configuration = SyntheticStreamConfiguration()
    configuration.missProbability = 0.1
    configuration.detectionGaps = [2.0...3.0, 5.0...6.0]
    var tracker = makeTracker(filter: filter)
    var atGapStart: [Int: SIMD3<Float>] = [:]
    var motion = 0.0
    var lost = 0
    for frame in SyntheticMeasurementStream(
      objects: objects, configuration: configuration, frameCount: 480, seed: seed)
    {
      if frame.isDetectorFrame {
        tracker.update(measurements: frame.measurements, timestampSeconds: frame.timestampSeconds)
      }
      let inGap = configuration.detectionGaps.contains { $0.contains(frame.timestampSeconds) }
      guard inGap else {
        atGapStart = [:]
        continue
      }
      let shown = tracker.shownMarkers
      if atGapStart.isEmpty {
        for m in shown { atGapStart[m.id] = m.position }
        continue
      }
      for id in atGapStart.keys.sorted() {
        guard let m = shown.first(where: { $0.id == id }) else {
          lost += 1
          atGapStart[id] = nil
          continue
        }
        motion = max(motion, Double(m.position.distance(to: atGapStart[id]!)) * 1000)
      }
    }
    return GapFigures(maximumMotionMillimeters: motion, markersLost: Double(lost))
  }

  struct JumpFigures {
    var reanchorDetectorFrames = Double.nan
    var idSwitches = Double.nan
  }

  /// Eight buttons with 10 % misses; the whole world jumps 2 cm along +x (towards the neighbours)
  /// at a seeded time after 3 s. Counts detector frames until every shown marker is within 5 mm
  /// of its truth, and ID switches over the run, evaluated on detector frames after the update (on
  /// the display frame between the jump and the next detection no tracker can know the jump).
  static func sharedJump(seed: UInt64, rigid: Bool, filter: AnyPositionFilter) -> JumpFigures {
    let objects = dashboardButtons()
    var rng = SplitMix64(seed: seed ^ 0x7A3)
    var configuration = SyntheticStreamConfiguration()
    configuration.missProbability = 0.1
    let jumpSeconds = 3 + rng.nextUnitDouble() / 30
    configuration.sharedJumpSeconds = jumpSeconds
    configuration.sharedJumpOffsetMeters = SIMD3(0.02, 0, 0)
    let threshold = TrackingMetrics.halfNeighbourSpacingMeters(objects.map(\.position))!
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: threshold)
    var tracker = makeTracker(rigid: rigid, filter: filter)
    var detectorFramesAfterJump = 0
    var reanchored: Int?
    for frame in SyntheticMeasurementStream(
      objects: objects, configuration: configuration, frameCount: 480, seed: seed)
    {
      if frame.isDetectorFrame {
        tracker.update(measurements: frame.measurements, timestampSeconds: frame.timestampSeconds)
        if frame.timestampSeconds >= jumpSeconds {
          detectorFramesAfterJump += 1
          let shown = tracker.shownMarkers
          let allNear = frame.truth.allSatisfy { truth in
            shown.contains {
              $0.label == truth.label && $0.position.distance(to: truth.position) <= 0.005
            }
          }
          if reanchored == nil, allNear, shown.count == frame.truth.count {
            reanchored = detectorFramesAfterJump
          }
        }
      }
      if frame.timestampSeconds >= 1 && frame.isDetectorFrame {
        evaluator.addFrame(truth: truths(frame), hypotheses: hypotheses(tracker))
      }
    }
    return JumpFigures(
      reanchorDetectorFrames: reanchored.map(Double.init) ?? .infinity,
      idSwitches: Double(evaluator.result.idSwitchCount))
  }
}
