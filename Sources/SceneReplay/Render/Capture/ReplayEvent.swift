import ARSimulation
import SceneFormat

/// Something that happened in a replayed scene, for marking on a time axis: a tracking jump or
/// a tracking loss (from the recording's truth events, or the frames' recorded tracking state)
/// or a plane anchor added or removed (as the simulated session reports them: an identifier that
/// appears or disappears; ARKit removes an anchor when it merges it into another).
public struct ReplayEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The reported camera pose jumped (relocalization error); ``detail`` gives the offset.
    case trackingJump
    /// Tracking was lost from ``timestampSeconds`` to ``endTimestampSeconds``; ``detail`` is
    /// empty (a truth event), `interrupted` (an interruption and its relocalization) or the
    /// recorded state (`limited (relocalizing)`, `not available`).
    case trackingLost
    /// Tracking corrected its accumulated error (anchors near the camera moved with it);
    /// ``detail`` gives the part removed (`100 %`).
    case trackingCorrection
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
  /// A short detail: the jump's length (`1.1 cm`), the recorded tracking state of a loss, or the
  /// plane anchor's identifier.
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

  /// The events of a recording's truth (jumps with their length in cm, losses, corrections with
  /// the part removed; not drifts, which have no instant), in their order.
  public static func events(fromTruth events: [RecordingTruthEvent]) -> [ReplayEvent] {
    events.compactMap { event in
      switch event.kind {
      case .trackingDrift:
        return nil
      case .trackingCorrection:
        return ReplayEvent(
          kind: .trackingCorrection, timestampSeconds: event.timestamp,
          detail: "\(AxisTicks.fixed((event.fraction ?? 0) * 100, decimals: 0)) %")
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
      case .trackingInterrupted:
        // The interruption and the relocalizing after it, as one loss.
        let end = event.relocalizingInterval.map(\.end) ?? .infinity
        return ReplayEvent(
          kind: .trackingLost, timestampSeconds: event.timestamp,
          endTimestampSeconds: end.isFinite ? end : event.endTimestamp,
          detail: end.isFinite ? "interrupted" : "interrupted, never relocalized")
      }
    }
  }

  /// A one-line description (`6.5 s: tracking jump of 1.1 cm`) with times relative to
  /// `originSeconds`.
  public func description(relativeTo originSeconds: Double) -> String {
    let start = AxisTicks.fixed(timestampSeconds - originSeconds, decimals: 2)
    switch kind {
    case .trackingJump: return "\(start) s: tracking jump of \(detail)"
    case .trackingCorrection:
      return "\(start) s: tracking correction removing \(detail) of the error"
    case .trackingLost:
      let end = endTimestampSeconds.map { AxisTicks.fixed($0 - originSeconds, decimals: 2) } ?? "?"
      return "\(start)–\(end) s: tracking \(detail.isEmpty ? "lost" : detail)"
    case .planeAdded: return "\(start) s: plane anchor \(detail) added"
    case .planeRemoved: return "\(start) s: plane anchor \(detail) removed (or merged)"
    }
  }
}

/// Finds the intervals in which a recording's frames report a tracking state other than
/// `normal` (ARKit's `.limited(reason)` or `.notAvailable`): each becomes a tracking-loss event
/// from its first such frame to the next frame back to `normal` (or to the last frame).
struct TrackingStateRecorder: Sendable {
  private var open: (start: Double, detail: String)?
  private var lastTimestamp: Double?
  private var events: [ReplayEvent] = []
  /// Whether any frame carried a tracking state.
  private(set) var hasStates = false

  /// Adds one frame's state (`nil`: not recorded).
  mutating func add(_ state: Camera.TrackingState?, timestampSeconds: Double) {
    defer { lastTimestamp = timestampSeconds }
    guard let state else { return }
    hasStates = true
    let detail: String?
    switch state {
    case .normal: detail = nil
    case .notAvailable: detail = "not available"
    case .limited(let reason): detail = "limited (\(reason.name))"
    }
    if let current = open, current.detail != detail {
      events.append(
        ReplayEvent(
          kind: .trackingLost, timestampSeconds: current.start,
          endTimestampSeconds: timestampSeconds, detail: current.detail))
      open = nil
    }
    if let detail, open == nil { open = (timestampSeconds, detail) }
  }

  /// The intervals, closing one still open at the last frame.
  func finish() -> [ReplayEvent] {
    guard let current = open, let end = lastTimestamp else { return events }
    return events + [
      ReplayEvent(
        kind: .trackingLost, timestampSeconds: current.start,
        endTimestampSeconds: max(end, current.start), detail: current.detail)
    ]
  }
}
