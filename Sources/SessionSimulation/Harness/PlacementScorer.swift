import ARSimulation
import Placement
import SceneFormat

/// Scores markers frame by frame against a recording's truth (what the harness and
/// `arsim score` run): feed it each session frame with the markers shown in it, then read
/// ``score()``. Memory grows with the markers and truth objects, not the frames.
public struct PlacementScorer: Sendable {
  var accumulator: ReplayMetricsAccumulator
  var firstTimestamp: Double?
  var lastTimestamp: Double?
  let file: String?

  /// A scorer for `truth`'s objects; a marker matches an object of its label within
  /// `matchThresholdMeters` (default: half the smallest spacing of the objects, 5 cm with fewer
  /// than two).
  public init(truth: RecordingTruth, matchThresholdMeters: Float? = nil, file: String? = nil) {
    accumulator = ReplayMetricsAccumulator(truth: truth, thresholdMeters: matchThresholdMeters)
    self.file = file
  }

  /// Adds the markers shown in `frame` (every state; `tentative` ones are not scored). Which
  /// truth objects and markers count is decided by the frame's camera and viewport, as replay
  /// decides it.
  ///
  /// - Throws: ``HarnessError`` for two markers with one id or a non-finite position.
  public mutating func add(_ markers: [PlacedMarker], in frame: SimulatedFrame) throws(HarnessError)
  {
    var ids = Set<MarkerID>()
    for marker in markers {
      guard ids.insert(marker.id).inserted else {
        throw .duplicateMarkerID(frameIndex: frame.frameIndex, id: marker.id)
      }
      guard marker.position.isFinite else {
        throw .nonFinitePosition(frameIndex: frame.frameIndex, id: marker.id)
      }
    }
    if firstTimestamp == nil { firstTimestamp = frame.timestamp }
    lastTimestamp = frame.timestamp
    accumulator.add(
      frameIndex: frame.frameIndex, timestampSeconds: frame.timestamp,
      markers: markers.map {
        .init(id: $0.id, label: $0.label, position: $0.position, state: $0.state)
      },
      camera: frame.camera, viewport: frame.viewport, world: frame.world)
  }

  /// The score of the frames added so far (without a diagnosis).
  public func score() -> PlacementScore {
    let (logs, metrics) = accumulator.finish()
    let objects = zip(
      accumulator.truthObjects, zip(accumulator.objectLogs, accumulator.firstConfirmedSeconds)
    )
    .map { object, entry in
      ObjectScore(
        id: object.id, label: object.label, visibleFrameCount: entry.0.visibleFrameCount,
        matchedFrameCount: entry.0.matchedFrameCount,
        errorRMSMillimeters: entry.0.errorRMSMillimeters, firstMatchedSeconds: entry.1)
    }
    let markers = logs.map { log in
      MarkerSummary(
        log: log, nearest: accumulator.nearestTruthObject(label: log.label, to: log.lastPosition))
    }
    return PlacementScore(
      file: file, frameCount: accumulator.frameCount, firstTimestampSeconds: firstTimestamp,
      lastTimestampSeconds: lastTimestamp,
      metrics: metrics
        ?? ReplayMetrics(
          matchThresholdMeters: accumulator.thresholdMeters, tracking: MultiObjectTrackingScore(),
          timeToFirstConfirmed: [], missedObjectCount: 0, falseMarkerCount: 0),
      asPlacedErrorRMSMillimeters: accumulator.asPlacedErrorRMSMillimeters, objects: objects,
      markers: markers)
  }
}
