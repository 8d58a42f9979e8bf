import Placement
import SceneFormat
import SessionSimulation

/// The result of a replay: counts, one summary per marker ever created, and metrics against
/// truth when the recording has truth.
public struct ReplayReport: Sendable, Hashable {
  /// The `format` member of the JSON form (`arsim replay --json`).
  public static let formatName = "arplacementsim.replayReport"
  /// The `version` member of the JSON form; raised when a member changes meaning or goes away
  /// (added members keep the version).
  public static let formatVersion = 2

  /// Frames replayed.
  public var frameCount = 0
  /// The first frame's timestamp (seconds), or `nil` without frames.
  public var firstTimestampSeconds: Double?
  /// The last frame timestamp (seconds), or `nil` without frames.
  public var lastTimestampSeconds: Double?
  /// Detections seen, placed (per attempt index) and not placed (per reason).
  public var placement = ReplayPlacementStatistics()
  /// The tracker's lifetime counters.
  public var tracker = MarkerTrackerStatistics()
  /// One summary per marker ever created, id order.
  public var markers: [MarkerSummary] = []
  /// Metrics against truth, or `nil` when the recording has no truth objects.
  public var metrics: ReplayMetrics?
  /// The frames skipped as invalid, in frame order, when the engine ran with
  /// `skipInvalidFrames` (empty when none was); `nil` when it did not (it refuses the file).
  public var skippedFrames: [ReplaySkippedFrame]?

  /// Creates an empty report.
  public init() {}

  /// The report as one JSON object (keys sorted when written with `JSONWriter`; absent values
  /// are `null`), beginning `{"format": "arplacementsim.replayReport", "version": 2, ...}`.
  /// `skippedFrames` is present only when ``skippedFrames`` is not `nil`. Schema:
  /// `Scenes/schema/replay-report.schema.json`.
  public var jsonValue: JSONValue {
    var members = jsonMembers
    if let skippedFrames { members["skippedFrames"] = .array(skippedFrames.map(\.jsonValue)) }
    return .object(members)
  }

  private var jsonMembers: [String: JSONValue] {
    [
      "format": .string(Self.formatName),
      "version": .number(Double(Self.formatVersion)),
      "frameCount": .number(Double(frameCount)),
      "firstTimestamp": .optionalNumber(firstTimestampSeconds),
      "lastTimestamp": .optionalNumber(lastTimestampSeconds),
      "placement": placement.jsonValue,
      "tracker": .object([
        "frameCount": .number(Double(tracker.frameCount)),
        "rejectedFrameCount": .number(Double(tracker.rejectedFrameCount)),
        "createdMarkerCount": .number(Double(tracker.createdMarkerCount)),
        "removedMarkerCount": .number(Double(tracker.removedMarkerCount)),
        "outlierMeasurementCount": .number(Double(tracker.outlierMeasurementCount)),
        "reanchorCount": .number(Double(tracker.reanchorCount)),
      ]),
      "markers": .array(markers.map(\.jsonValue)),
      "metrics": metrics?.jsonValue ?? .null,
    ]
  }
}

/// Placement counts over a replay.
public struct ReplayPlacementStatistics: Sendable, Hashable {
  /// Detections in all frames.
  public var detectionCount = 0
  /// Placed detections per attempt index (`PlacementSettings.attempts` order).
  public var placedByAttempt: [Int] = []
  /// Detections not placed, per `PlacementFailure` (`allCases` order).
  public var failures = [Int](repeating: 0, count: PlacementFailure.allCases.count)
  /// ML Kit objects placed by ARCore's hit test (`ARCorePlacement`) in an `"arcore"` recording,
  /// else `nil`.
  public var placedByARCoreHitTest: Int?

  /// Creates empty counts.
  public init() {}

  /// Adds one placement result.
  mutating func add(_ result: PlacementResult) {
    detectionCount += 1
    if let index = result.attemptIndex {
      if placedByAttempt.count <= index {
        placedByAttempt += [Int](repeating: 0, count: index + 1 - placedByAttempt.count)
      }
      placedByAttempt[index] += 1
    } else if let failure = result.failure,
      let i = PlacementFailure.allCases.firstIndex(of: failure)
    {
      failures[i] += 1
    }
  }

  /// Adds one ML Kit object placed on an ARCore frame (placed by the hit test, else `noHit`).
  mutating func add(_ result: ARCorePlacementResult) {
    detectionCount += 1
    if result.hit != nil {
      placedByARCoreHitTest = (placedByARCoreHitTest ?? 0) + 1
    } else if let i = PlacementFailure.allCases.firstIndex(of: result.failure ?? .noHit) {
      failures[i] += 1
    }
  }

  var jsonValue: JSONValue {
    var failed: [String: JSONValue] = [:]
    for (i, failure) in PlacementFailure.allCases.enumerated() {
      failed[failure.rawValue] = .number(Double(failures[i]))
    }
    var members: [String: JSONValue] = [
      "detectionCount": .number(Double(detectionCount)),
      "placedByAttempt": .array(placedByAttempt.map { .number(Double($0)) }),
      "notPlaced": .object(failed),
    ]
    if let placedByARCoreHitTest {
      members["placedByARCoreHitTest"] = .number(Double(placedByARCoreHitTest))
    }
    return .object(members)
  }
}
