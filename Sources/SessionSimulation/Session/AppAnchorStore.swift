import ARSimulation
import SceneFormat

/// The anchors an app added to a session, kept as ARKit keeps them: each carries the tracking
/// error of the moment it was added and absorbs its share of every later correction (see
/// `TrackingErrorTimeline`: the recording's `trackingDrift`, `trackingJump` and
/// `trackingCorrection` truth events). Without corrections in the recording the anchors stay
/// where the app put them.
///
/// A value type: the session keeps one, and so can any code that runs a second placer over the
/// same frames (each with its own anchors).
public struct AppAnchorStore: Sendable, Hashable {
  /// One anchor and the error it carries (world metres).
  struct Entry: Sendable, Hashable {
    var anchor: AppAnchor
    var carriedErrorMeters: SIMD3<Float>
  }

  /// The error timeline of the recording, or `nil` when it has no corrections.
  let timeline: TrackingErrorTimeline?
  var entries: [Entry] = []
  var pending: [AppAnchorRequests.Request] = []
  /// The timestamp of the last frame the store advanced to, or `nil` before the first.
  var lastTimestamp: Double?

  /// A store for a recording with these truth events (no truth: no corrections).
  public init(truthEvents: [RecordingTruthEvent]) {
    timeline = TrackingErrorTimeline(truthEvents: truthEvents)
  }

  /// The anchors, in the order they were added.
  public var anchors: [AppAnchor] { entries.map(\.anchor) }

  /// Queues `requests`, to apply with the next frame (``advance(toTimestamp:cameraPosition:)``).
  public mutating func enqueue(_ requests: AppAnchorRequests) {
    pending += requests.requests
  }

  /// Queues one request.
  mutating func enqueue(_ request: AppAnchorRequests.Request) { pending.append(request) }

  /// Moves to the frame at `timestamp` (seconds, the frames' clock) whose reported camera is at
  /// `cameraPosition` (world metres): applies the queued requests (an added anchor carries the
  /// error of the previous frame, when it was made), then the corrections since the previous
  /// frame, and returns the anchors.
  public mutating func advance(toTimestamp timestamp: Double, cameraPosition: SIMD3<Float>)
    -> [AppAnchor]
  {
    let madeAt = lastTimestamp ?? timestamp
    for request in pending {
      switch request {
      case .add(let anchor):
        guard !entries.contains(where: { $0.anchor.identifier == anchor.identifier }) else {
          continue
        }
        entries.append(
          Entry(anchor: anchor, carriedErrorMeters: timeline?.error(at: madeAt) ?? .zero))
      case .remove(let identifier):
        entries.removeAll { $0.anchor.identifier == identifier }
      }
    }
    pending.removeAll()
    if let timeline {
      for k in timeline.correctionIndices(after: lastTimestamp, upTo: timestamp) {
        let correction = timeline.corrections[k]
        for i in entries.indices {
          let shift = correction.anchorShift(
            carriedErrorMeters: entries[i].carriedErrorMeters,
            distanceMeters: entries[i].anchor.worldPosition.distance(to: cameraPosition))
          guard shift != .zero else { continue }
          entries[i].anchor = entries[i].anchor.translated(by: shift)
          entries[i].carriedErrorMeters += shift
        }
      }
    }
    lastTimestamp = timestamp
    return anchors
  }
}
