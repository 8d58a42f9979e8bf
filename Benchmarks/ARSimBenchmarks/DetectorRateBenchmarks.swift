import ARSimulation
import Foundation
import Placement
import SceneFormat
import SceneReplay
import SpatialMath
import _ReplayFixtures

/// The detector-rate table: what running the detector below the frame rate (with late results)
/// costs in box error, lag, marker error and MOTA, and what each way of carrying boxes between
/// results recovers (`DetectorRateExperiment`), plus the per-frame cost of the Vision simulation
/// (NMS, sparse and dense flow, tracker steps) in release.
///
/// Usage: `ARSimBenchmarks detector-rate [--seconds S] [--latency K] [--repetitions N]`. Prints
/// one JSON object with sorted keys on stdout and the table as Markdown on stderr.
enum DetectorRateBenchmarks {
  struct Output: Encodable {
    let loadAverage: String
    let durationSeconds: Double
    let rows: [DetectorRateExperiment.Row]
    let timings: [String: BenchmarkHarness.Timing]
  }

  static func run(arguments: [String]) {
    var seconds = 8.0
    var latency = 2
    var repetitions = 15
    var index = 0
    while index < arguments.count {
      let value = index + 1 < arguments.count ? arguments[index + 1] : ""
      switch arguments[index] {
      case "--seconds": seconds = Double(value) ?? seconds
      case "--latency": latency = Int(value) ?? latency
      case "--repetitions": repetitions = max(1, Int(value) ?? repetitions)
      default:
        FileHandle.standardError.write(
          Data("detector-rate: unknown option \(arguments[index])\n".utf8))
        exit(64)
      }
      index += 2
    }
    let load =
      (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
      .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
    var rows: [DetectorRateExperiment.Row] = []
    do {
      for motion in DetectorRateExperiment.Motion.allCases {
        // Every frame, no latency: the reference (nothing to carry).
        let reference = try recording(motion, nil, 0, seconds)
        rows.append(
          try DetectorRateExperiment.evaluate(
            reference, motion: motion, rateHz: nil, strategy: .hold))
        for rate in [30.0, 15, 10, 5] {
          let recorded = try recording(motion, rate, latency, seconds)
          for strategy in DetectorRateExperiment.Strategy.allCases {
            rows.append(
              try DetectorRateExperiment.evaluate(
                recorded, motion: motion, rateHz: rate, strategy: strategy))
          }
        }
      }
    } catch {
      FileHandle.standardError.write(Data("detector-rate: \(error)\n".utf8))
      exit(1)
    }
    let timings = (try? measureCosts(repetitions: repetitions)) ?? [:]
    BenchmarkHarness.printJSON(
      Output(loadAverage: load, durationSeconds: seconds, rows: rows, timings: timings))
    FileHandle.standardError.write(Data(table(rows).utf8))
  }

  static func recording(
    _ motion: DetectorRateExperiment.Motion, _ rate: Double?, _ latency: Int, _ seconds: Double
  ) throws -> Recording {
    try SceneSynthesizer.recording(
      spec: DetectorRateExperiment.spec(
        motion: motion, rateHz: rate, latencyFrames: latency, durationSeconds: seconds),
      seed: 21)
  }

  /// The table as Markdown.
  static func table(_ rows: [DetectorRateExperiment.Row]) -> String {
    func text(_ value: Double?, _ digits: Int = 1) -> String {
      value.map { String(format: "%.\(digits)f", $0) } ?? "–"
    }
    var out =
      "| motion | detector | carrying | box error median / p95 (px) | coverage | lag (ms) | marker error median (mm) | MOTA | ID switches |\n"
      + "|---|---|---|---|---|---|---|---|---|\n"
    for row in rows {
      let detector =
        row.rateHz.map { "\(Int($0)) Hz, +\(row.latencyFrames) frames" } ?? "60 Hz (every frame)"
      let carrying = row.rateHz == nil ? "–" : row.strategy.rawValue
      out +=
        "| \(row.motion.rawValue) | \(detector) | \(carrying) | \(text(row.boxErrorMedianPixels)) / \(text(row.boxErrorP95Pixels)) | \(text(row.boxCoverage, 2)) | \(text(row.lagMilliseconds, 0)) | \(text(row.markerErrorMedianMillimeters)) | \(text(row.mota, 3)) | \(row.idSwitches) |\n"
    }
    return out
  }

  /// Per-frame costs on the 10 Hz dashboard scene: NMS of a result's raw candidates, sparse flow
  /// for 12 boxes (9 points each), a dense 16-pixel flow grid, 12 tracker steps.
  static func measureCosts(repetitions: Int) throws -> [String: BenchmarkHarness.Timing] {
    let recording = try Recording(contentsOfFile: "Scenes/dashboard-detector-10hz.json")
    guard let result = recording.frames.first(where: { $0.detectionCandidates?.isEmpty == false }),
      let index = recording.frames.firstIndex(of: result), index + 1 < recording.frames.count
    else { return [:] }
    let candidates = (result.detectionCandidates ?? []).map(DetectionCandidate.init(recording:))
    let source = try recording.frames[index].simulatedCamera()
    let target = try recording.frames[index + 1].simulatedCamera()
    let spec = try SceneSpec(contentsOfFile: "Scenes/specs/dashboard-detector-10hz.json")
    let flow = OpticalFlowSimulator(
      surfaces: spec.surfaces.map(\.surface), noise: DetectorRateExperiment.flowNoise)
    let geometry = try VisionGeometry(
      settings: recording.header.requestSettings(for: .coreMLModel),
      imageResolution: source.imageResolution)
    let boxes = result.detections.prefix(12).map {
      geometry.imageNormalizedRect(forVisionRect: $0.boundingBox).scaled(x: 1920, y: 1440)
    }
    let trackGeometry = try VisionGeometry(
      settings: recording.header.requestSettings(for: .trackObject),
      imageResolution: source.imageResolution, requestType: .trackObject)
    var timings: [String: BenchmarkHarness.Timing] = [:]
    timings["nms.\(candidates.count)Candidates"] = BenchmarkHarness.time(
      repetitions: repetitions * 20
    ) {
      Double(NonMaximumSuppression.yolov3Tiny.keptIndices(of: candidates).count)
    }
    timings["flow.sparse.\(boxes.count)Boxes"] = BenchmarkHarness.time(
      repetitions: repetitions * 20
    ) {
      var random = SplitMix64(seed: 1)
      var sum = 0.0
      for box in boxes {
        if let moved = OpticalFlowBoxCarrier.carry(
          box, from: source, to: target, flow: flow, using: &random)
        {
          sum += moved.origin.x
        }
      }
      return sum
    }
    timings["flow.dense.16px"] = BenchmarkHarness.time(repetitions: repetitions) {
      var random = SplitMix64(seed: 1)
      let field = flow.denseFlow(from: source, to: target, gridSpacingPixels: 16, using: &random)
      return Double(field.vectors.count { $0 != nil })
    }
    timings["tracker.step.\(boxes.count)Trackers"] = BenchmarkHarness.time(
      repetitions: repetitions * 20
    ) {
      var sum = 0.0
      for (i, box) in boxes.enumerated() {
        var tracker = SimulatedObjectTracker(
          boundingBox: trackGeometry.visionRect(
            forImageNormalizedRect: box.scaled(x: 1 / 1920, y: 1 / 1440)),
          geometry: trackGeometry, camera: source, seed: UInt64(i))
        sum += tracker.track(to: target, motion: flow)?.confidence ?? 0
      }
      return sum
    }
    return timings
  }
}
