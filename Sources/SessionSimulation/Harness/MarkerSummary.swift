import Placement

/// One marker of a placer over a session: its last state and, with truth, its nearest truth
/// object. `arsim replay` and `arsim score` report markers with this one type and one JSON
/// spelling (``jsonValue``).
public struct MarkerSummary: Sendable, Hashable {
  /// The marker's id.
  public var id: MarkerID
  /// Its label.
  public var label: String
  /// Its state in the last frame it was shown or reported.
  public var lastState: MarkerState
  /// Whether the placer still reported it in the last frame.
  public var isPresentAtEnd: Bool
  /// Its world position in the last frame it was reported, metres.
  public var lastPosition: SIMD3<Float>
  /// The first and last timestamps (seconds) it was reported.
  public var firstSeenSeconds: Double
  /// The last timestamp (seconds) it was reported.
  public var lastSeenSeconds: Double
  /// Frames in which it was shown (not tentative).
  public var shownFrameCount: Int
  /// RMS frame-to-frame motion while shown in adjacent frames, mm; `nil` with fewer than two.
  public var jitterRMSMillimeters: Double?
  /// The nearest truth object with its label, or `nil`.
  public var truthID: String?
  /// The distance from ``lastPosition`` to it, mm.
  public var placementErrorMillimeters: Double?

  /// Creates a summary.
  public init(
    id: MarkerID, label: String, lastState: MarkerState, isPresentAtEnd: Bool,
    lastPosition: SIMD3<Float>, firstSeenSeconds: Double, lastSeenSeconds: Double,
    shownFrameCount: Int, jitterRMSMillimeters: Double?, truthID: String?,
    placementErrorMillimeters: Double?
  ) {
    self.id = id
    self.label = label
    self.lastState = lastState
    self.isPresentAtEnd = isPresentAtEnd
    self.lastPosition = lastPosition
    self.firstSeenSeconds = firstSeenSeconds
    self.lastSeenSeconds = lastSeenSeconds
    self.shownFrameCount = shownFrameCount
    self.jitterRMSMillimeters = jitterRMSMillimeters
    self.truthID = truthID
    self.placementErrorMillimeters = placementErrorMillimeters
  }

  /// The summary of an accumulated marker log, with the nearest truth object of its label
  /// (`nil` without one).
  package init(
    log: ReplayMetricsAccumulator.MarkerLog, nearest: (id: String, distanceMeters: Float)?
  ) {
    self.init(
      id: log.id, label: log.label, lastState: log.lastState, isPresentAtEnd: log.isPresentAtEnd,
      lastPosition: log.lastPosition, firstSeenSeconds: log.firstSeenSeconds,
      lastSeenSeconds: log.lastSeenSeconds, shownFrameCount: log.shownFrameCount,
      jitterRMSMillimeters: log.jitterRMSMillimeters, truthID: nearest?.id,
      placementErrorMillimeters: nearest.map { Double($0.distanceMeters) * 1000 })
  }
}
