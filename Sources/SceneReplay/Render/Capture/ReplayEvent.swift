import SceneFormat

/// Something that happened in a replayed scene, for marking on a time axis: a tracking jump or
/// a tracking loss (from the recording's truth events) or a plane anchor added or removed (seen
/// in the frames: an identifier that appears or disappears; ARKit removes an anchor when it
/// merges it into another).
public struct ReplayEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The reported camera pose jumped (relocalization error); ``detail`` gives the offset.
    case trackingJump
    /// Tracking was lost from ``timestampSeconds`` to ``endTimestampSeconds``.
    case trackingLost
    /// A plane anchor appeared; ``detail`` is its identifier.
    case planeAdded
    /// A plane anchor disappeared (removed or merged into another); ``detail`` is its identifier.
    case planeRemoved
  }

  /// What happened.
  public var kind: Kind
  /// When (the start of a loss), seconds on the frames' clock.
  public var timestampSeconds: Double
  /// When a loss ended (exclusive), seconds; `nil` for instants.
  public var endTimestampSeconds: Double?
  /// A short detail: the jump's length (`1.1 cm`) or the plane anchor's identifier.
  public var detail: String

  /// Creates an event.
  public init(
    kind: Kind, timestampSeconds: Double, endTimestampSeconds: Double? = nil, detail: String = ""
  ) {
    self.kind = kind
    self.timestampSeconds = timestampSeconds
    self.endTimestampSeconds = endTimestampSeconds
    self.detail = detail
  }

  /// The events of a recording's truth (jumps with their length in cm, losses), in their order.
  public static func events(fromTruth events: [RecordingTruthEvent]) -> [ReplayEvent] {
    events.map { event in
      switch event.kind {
      case .trackingJump:
        let offset = event.offsetMeters ?? .zero
        let centimeters = (offset * offset).sum().squareRoot() * 100
        return ReplayEvent(
          kind: .trackingJump, timestampSeconds: event.timestamp,
          detail: "\(AxisTicks.fixed(centimeters, decimals: 1)) cm")
      case .trackingLost:
        return ReplayEvent(
          kind: .trackingLost, timestampSeconds: event.timestamp,
          endTimestampSeconds: event.endTimestamp)
      }
    }
  }

  /// A one-line description (`6.5 s: tracking jump of 1.1 cm`) with times relative to
  /// `originSeconds`.
  public func description(relativeTo originSeconds: Double) -> String {
    let start = AxisTicks.fixed(timestampSeconds - originSeconds, decimals: 2)
    switch kind {
    case .trackingJump: return "\(start) s: tracking jump of \(detail)"
    case .trackingLost:
      let end = endTimestampSeconds.map { AxisTicks.fixed($0 - originSeconds, decimals: 2) } ?? "?"
      return "\(start)–\(end) s: tracking lost"
    case .planeAdded: return "\(start) s: plane anchor \(detail) added"
    case .planeRemoved: return "\(start) s: plane anchor \(detail) removed (or merged)"
    }
  }
}

/// Finds plane anchor additions and removals from the identifiers of consecutive frames.
struct PlaneEventRecorder: Sendable {
  private var previous: [String]?
  /// The events so far, in frame order (per frame: additions, then removals, each sorted by
  /// identifier).
  private(set) var events: [ReplayEvent] = []

  /// Adds one frame's anchor identifiers; the first frame's anchors count as added.
  mutating func add(identifiers: [String], timestampSeconds: Double) {
    let current = identifiers.sorted()
    let before = Set(previous ?? [])
    let now = Set(current)
    for id in current where !before.contains(id) {
      events.append(ReplayEvent(kind: .planeAdded, timestampSeconds: timestampSeconds, detail: id))
    }
    for id in (previous ?? []) where !now.contains(id) {
      events.append(
        ReplayEvent(kind: .planeRemoved, timestampSeconds: timestampSeconds, detail: id))
    }
    previous = current
  }
}
