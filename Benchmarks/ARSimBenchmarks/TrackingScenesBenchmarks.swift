import Foundation
import Placement
import SceneFormat
import SceneReplay

/// `ARSimBenchmarks tracking-scenes [--scene NAME]... [--config SETTINGS] [--no-causes]`
///
/// Replays every bundled scene with truth (`TrackingSceneCatalog`) with the default replay
/// settings (or `--config`) and prints, per scene, the tracking goals as measured by
/// `ReplayEngine` and, unless `--no-causes`, the breakdown of outliers and identity losses by
/// cause (`TrackingCauseAnalysis`; not for the scenes whose entry says it does not apply). One JSON object, sorted keys; a measured value of -1 means
/// undefined or infinite (no marker at the end, an object never confirmed), which fails its goal.
/// Quality figures: no clock is read.
enum TrackingScenesBenchmarks {
  static func run(arguments: [String]) {
    var names: [String] = []
    var configPath: String?
    var causes = true
    var index = 0
    while index < arguments.count {
      let option = arguments[index]
      let value = index + 1 < arguments.count ? arguments[index + 1] : ""
      switch option {
      case "--scene":
        names.append(value)
        index += 2
      case "--config":
        configPath = value
        index += 2
      case "--no-causes":
        causes = false
        index += 1
      default:
        FileHandle.standardError.write(Data("tracking-scenes: unknown option \(option)\n".utf8))
        exit(64)
      }
    }
    let catalog = TrackingSceneCatalog()
    let entries = TrackingSceneCatalog.entries.filter { names.isEmpty || names.contains($0.name) }
    guard !entries.isEmpty else {
      let valid = TrackingSceneCatalog.entries.map(\.name).joined(separator: ", ")
      FileHandle.standardError.write(
        Data("tracking-scenes: --scene must be one of \(valid)\n".utf8))
      exit(64)
    }
    do {
      let settings =
        try configPath.map { try ReplaySettings(contentsOfFile: $0) } ?? ReplaySettings()
      var scenes: [String: Any] = [:]
      for entry in entries {
        let recording = try catalog.recording(entry)
        var source = ReplaySource(recording: recording)
        let report = try ReplayEngine(settings: settings).run(&source)
        var scene: [String: Any] = [
          "goals": goals(
            report, placementBaselineMillimeters: entry.placementErrorBeforeMillimeters)
        ]
        if causes && entry.analyzesCauses {
          let reference = try? catalog.reference(entry)
          if reference == nil {
            FileHandle.standardError.write(
              Data("tracking-scenes: \(entry.name): no reference (spec not synthesizable)\n".utf8))
          }
          let analysis = try TrackingCauseAnalysis(
            recording: recording, reference: reference, settings: settings,
            trace: ProcessInfo.processInfo.environment["TRACKING_SCENES_TRACE"] != nil
          ).run()
          if analysis.trackerStatistics != report.tracker {
            FileHandle.standardError.write(
              Data(
                "tracking-scenes: \(entry.name): analysis replay differs from ReplayEngine\n".utf8))
            exit(1)
          }
          var causes = json(analysis)
          // The analysis finds the replay's ID switches itself; say whether it found them all.
          causes["identityLossesEqualReplayIDSwitches"] =
            analysis.identityLosses.values.reduce(0, +)
            == (report.metrics?.tracking.idSwitchCount ?? 0)
          scene["causes"] = causes
        }
        scenes[entry.name] = scene
      }
      let output: [String: Any] = ["benchmark": "tracking-scenes", "scenes": scenes]
      let data = try JSONSerialization.data(
        withJSONObject: output, options: [.sortedKeys, .prettyPrinted])
      print(String(decoding: data, as: UTF8.self))
    } catch {
      FileHandle.standardError.write(Data("tracking-scenes: \(error)\n".utf8))
      exit(1)
    }
  }

  /// The tracking goals for one replay: each measured value, its goal and whether it is met.
  /// `placementBaselineMillimeters` is the scene's baseline placement error
  /// (`TrackingSceneCatalog`).
  static func goals(_ report: ReplayReport, placementBaselineMillimeters: Double?) -> [String: Any]
  {
    guard let metrics = report.metrics else { return [:] }
    let t = metrics.tracking
    let p = metrics.trackingPlaceable
    let perTenThousand =
      t.truthCount > 0 ? Double(t.idSwitchCount) * 10_000 / Double(t.truthCount) : 0
    let confirm = metrics.maximumSecondsFromPlaceableToConfirmed
    func goal(_ value: Double?, atMost limit: Double? = nil, atLeast floor: Double? = nil)
      -> [String: Any]
    {
      var entry: [String: Any] = ["measured": rounded(value ?? .nan)]
      if let limit {
        entry["goal"] = "<= \(limit)"
        // Compared at the 1e-4 resolution the values are printed (and baselines written) with.
        entry["pass"] = value.map { $0.isFinite && rounded($0) <= rounded(limit) } ?? false
      }
      if let floor {
        entry["goal"] = ">= \(floor)"
        entry["pass"] = value.map { $0.isFinite && rounded($0) >= floor } ?? false
      }
      return entry
    }
    return [
      "idSwitchesPer10000ObjectFrames": goal(perTenThousand, atMost: 1),
      "idf1": goal(t.idf1, atLeast: 0.95),
      "motaPlaceable": goal(p.mota, atLeast: 0.95),
      "motaVisible": goal(t.mota),
      "idf1Placeable": goal(p.idf1),
      "maximumSecondsFromPlaceableToConfirmed": goal(confirm, atMost: 0.5),
      "jitterRMSMillimeters": goal(metrics.jitterRMSMillimeters, atMost: 1),
      "placementErrorRMSMillimeters": goal(
        metrics.placementErrorRMSMillimeters, atMost: placementBaselineMillimeters),
      "counts": [
        "truthObjectFrames": t.truthCount, "placeableObjectFrames": p.truthCount,
        "idSwitches": t.idSwitchCount, "misses": t.missCount,
        "falsePositives": t.falsePositiveCount, "placeableMisses": p.missCount,
        "placeableFalsePositives": p.falsePositiveCount,
        "objectsNeverConfirmed": metrics.missedObjectCount,
        "markersCreated": report.tracker.createdMarkerCount,
        "markersShown": report.markers.filter { $0.shownFrameCount > 0 }.count,
        "reanchors": report.tracker.reanchorCount,
        "outlierMeasurements": report.tracker.outlierMeasurementCount,
        "secondsFromPlaceableToConfirmed": Dictionary(
          uniqueKeysWithValues: metrics.timeFromPlaceableToConfirmed.map {
            ($0.id, rounded($0.secondsToConfirmed ?? .nan))
          }),
      ],
    ]
  }

  static func json(_ a: TrackingCauseAnalysis.Result) -> [String: Any] {
    func percentiles(_ values: [Double]) -> [String: Double] {
      let sorted = values.sorted()
      guard !sorted.isEmpty else { return [:] }
      func at(_ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))]
      }
      return ["p50": rounded(at(0.5)), "p90": rounded(at(0.9)), "p99": rounded(at(0.99))]
    }
    let speeds = a.speedMetersPerSecond.sorted()
    let fast = speeds.isEmpty ? 0 : speeds[Int(0.75 * Double(speeds.count - 1))]
    let fastOutliers = a.outlierSpeeds.filter { $0 > fast }.count
    return [
      "frames": a.frames, "measurements": a.measurements,
      "outliers": a.outliers, "outlierTotal": a.outliers.values.reduce(0, +),
      "identityLosses": a.identityLosses,
      "identityLossTotal": a.identityLosses.values.reduce(0, +),
      "spawnsWhileObjectHadMarker": a.spawnsWhileObjectHadMarker,
      "firstSightingSpawns": a.firstSightingSpawns,
      "rayNoiseMillimeters": percentiles(a.rayNoiseMillimeters),
      "matchedErrorRMSMillimeters": rounded(
        (a.matchedErrorMillimeters.reduce(0) { $0 + $1 * $1 }
          / Double(max(1, a.matchedErrorMillimeters.count))).squareRoot()),
      "rayNoiseAbove12Millimeters": rounded(
        Double(a.rayNoiseMillimeters.filter { $0 > 12 }.count)
          / Double(max(1, a.rayNoiseMillimeters.count))),
      "trackingErrorMillimeters": percentiles(a.trackingErrorMillimeters),
      "viewpointBiasChangeAtOutliersMillimeters": percentiles(a.viewpointBiasChangeMillimeters),
      "cameraSpeedMetersPerSecond": percentiles(a.speedMetersPerSecond),
      "outliersInFastestQuarterOfFrames": fastOutliers,
      "recordedPoseJumps": a.recordedPoseJumps,
    ]
  }

  static func rounded(_ value: Double) -> Double {
    value.isFinite ? (value * 10_000).rounded() / 10_000 : -1
  }
}
