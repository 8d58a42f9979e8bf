import Foundation
import Placement
import SpatialMath

/// Stability figures of the marker tracker on seeded synthetic streams (60 Hz frames, 30 Hz
/// detector, 3 mm per-axis noise): every goal of the tracking issue with the measured median over
/// seeds and pass/fail, as JSON with sorted keys on stdout.
///
/// Usage: `ARSimBenchmarks tracking [--seeds N] [--first-seed S] [--filter NAME] [--set KEY=VALUE]...`
/// (filter names and keys as in `arsim filter`; default: `kalman` with its defaults). No clock is read: these are
/// quality figures, not timings.
enum TrackingBenchmarks {
  static func run(arguments: [String]) {
    var seedCount = 9
    var firstSeed: UInt64 = 1
    var filterName = "kalman"
    var filterParameters: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let option = arguments[index]
      let value = index + 1 < arguments.count ? arguments[index + 1] : ""
      switch option {
      case "--seeds": seedCount = max(1, Int(value) ?? seedCount)
      case "--first-seed": firstSeed = UInt64(value) ?? firstSeed
      case "--filter": filterName = value
      case "--set":
        let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { filterParameters[parts[0]] = parts[1] }
      default:
        FileHandle.standardError.write(Data("tracking: unknown option \(option)\n".utf8))
        exit(64)
      }
      index += 2
    }
    let filter: AnyPositionFilter
    do {
      filter = try AnyPositionFilter(name: filterName, parameters: filterParameters)
    } catch {
      FileHandle.standardError.write(Data("tracking: \(error)\n".utf8))
      exit(64)
    }
    let seeds = (0..<UInt64(seedCount)).map { firstSeed &+ $0 }
    var goals: [[String: Any]] = []
    func goal(
      _ name: String, _ values: [Double], _ unit: String, atMost limit: Double? = nil,
      atLeast floor: Double? = nil, statistic: String = "median"
    ) {
      let measured = statistic == "p95" ? percentile(values, 0.95) : percentile(values, 0.5)
      var pass = measured.isFinite
      if let limit { pass = pass && measured <= limit }
      if let floor { pass = pass && measured >= floor }
      var entry: [String: Any] = [
        "name": name, "unit": unit, "statistic": statistic, "measured": rounded(measured),
        "pass": pass, "samples": values.count,
        "worst": rounded(worst(values, atMost: floor == nil)),
      ]
      if let limit { entry["goal"] = "<= \(limit)" }
      if let floor { entry["goal"] = ">= \(floor)" }
      goals.append(entry)
    }

    let statics = seeds.map { TrackingScenarios.staticMarker(seed: $0, filter: filter) }
    goal(
      "static.jitterPerDetectorUpdate", statics.map(\.jitterUpdateMillimeters), "mm", atMost: 0.7)
    goal("static.jitterPerDisplayFrame", statics.map(\.jitterFrameMillimeters), "mm", atMost: 0.7)
    goal("static.errorAtRest", statics.map(\.meanErrorMillimeters), "mm", atMost: 1.5)
    let steps = seeds.map { TrackingScenarios.step(seed: $0, filter: filter) }
    goal("step.timeTo90Percent", steps.map(\.timeTo90Milliseconds), "ms", atMost: 100)
    goal("step.overshoot", steps.map(\.overshootMillimeters), "mm", atMost: 3)
    goal("step.reanchorFrames", steps.map(\.reanchorFrames), "60Hz frames", atMost: 6)
    goal("step.markerIDChanges", steps.map(\.idChanges), "count", atMost: 0)
    let drifts = seeds.map { TrackingScenarios.drift(seed: $0, filter: filter) }
    goal("drift.meanLag", drifts.map(\.meanLagMillimeters), "mm", atMost: 2)
    let buttons = seeds.map { TrackingScenarios.buttons(seed: $0, rigid: false, filter: filter) }
    goal(
      "buttons.idSwitchesPer1000Frames", buttons.map(\.idSwitchesPer1000), "per 1000 frames",
      atMost: 0)
    goal("buttons.mota", buttons.map(\.mota), "ratio", atLeast: 0.99)
    goal("buttons.idf1", buttons.map(\.idf1), "ratio", atLeast: 0.99)
    goal("buttons.falseMarkerFramesShown", buttons.map(\.falseMarkers), "marker-frames", atMost: 0)
    goal("buttons.missedMarkerFrames", buttons.map(\.missedMarkers), "marker-frames")
    let firstConfirmed = buttons.flatMap(\.timeToFirstConfirmedMilliseconds)
    goal("buttons.timeToFirstConfirmed", firstConfirmed, "ms", atMost: 150)
    goal("buttons.timeToFirstConfirmed", firstConfirmed, "ms", atMost: 500, statistic: "p95")
    let rigidButtons = seeds.map {
      TrackingScenarios.buttons(seed: $0, rigid: true, filter: filter)
    }
    goal(
      "buttonsRigid.idSwitchesPer1000Frames", rigidButtons.map(\.idSwitchesPer1000),
      "per 1000 frames", atMost: 0)
    goal("buttonsRigid.mota", rigidButtons.map(\.mota), "ratio", atLeast: 0.99)
    goal("buttonsRigid.idf1", rigidButtons.map(\.idf1), "ratio", atLeast: 0.99)
    goal(
      "buttonsRigid.falseMarkerFramesShown", rigidButtons.map(\.falseMarkers), "marker-frames",
      atMost: 0)
    let gaps = seeds.map { TrackingScenarios.gaps(seed: $0, filter: filter) }
    goal("gaps.maximumMotionDuringGap", gaps.map(\.maximumMotionMillimeters), "mm", atMost: 0)
    goal("gaps.markersLost", gaps.map(\.markersLost), "count", atMost: 0)
    let jumps = seeds.map { TrackingScenarios.sharedJump(seed: $0, rigid: true, filter: filter) }
    goal(
      "sharedJump.reanchorDetectorFrames", jumps.map(\.reanchorDetectorFrames), "30Hz frames",
      atMost: 3)
    goal("sharedJump.idSwitches", jumps.map(\.idSwitches), "count", atMost: 0)
    let jumpsNonRigid = seeds.map {
      TrackingScenarios.sharedJump(seed: $0, rigid: false, filter: filter)
    }
    goal(
      "sharedJumpWithoutRigidLayout.reanchorDetectorFrames",
      jumpsNonRigid.map(\.reanchorDetectorFrames), "30Hz frames")
    goal("sharedJumpWithoutRigidLayout.idSwitches", jumpsNonRigid.map(\.idSwitches), "count")

    let report: [String: Any] = [
      "benchmark": "tracking", "seeds": seeds.map { Int($0) },
      "filter": filterName, "filterParameters": filterParameters, "goals": goals,
      "allPass": goals.allSatisfy { ($0["pass"] as? Bool) == true || $0["goal"] == nil },
    ]
    let data = try! JSONSerialization.data(
      withJSONObject: report, options: [.sortedKeys, .prettyPrinted])
    print(String(decoding: data, as: UTF8.self))
  }

  static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.filter { !$0.isNaN }.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p * Double(sorted.count - 1)).rounded(.up))
    return sorted[min(sorted.count - 1, rank)]
  }

  static func worst(_ values: [Double], atMost: Bool) -> Double {
    atMost ? (values.max() ?? .nan) : (values.min() ?? .nan)
  }

  static func rounded(_ value: Double) -> Double {
    value.isFinite ? (value * 10_000).rounded() / 10_000 : -1
  }
}
