import Placement
import SceneFormat

/// Per-frame aggregates of a replay, for the report's overview chart: how many markers were in
/// each state and how far the shown markers were from the truth, frame by frame, plus the
/// scene's events (``ReplayEvent``).
public struct ReplayTimeline: Sendable, Hashable {
  /// The placement error of the shown markers in one frame, millimetres.
  public struct ErrorSpread: Sendable, Hashable {
    /// The smallest error.
    public var minimum: Double
    /// The median (for an even count, the upper of the two middle values).
    public var median: Double
    /// The largest error.
    public var maximum: Double
  }

  /// One replayed frame.
  public struct Frame: Sendable, Hashable {
    /// The frame's 0-based index in the recording.
    public var frameIndex: Int
    /// The frame's timestamp, seconds.
    public var timestampSeconds: Double
    /// Markers that were tentative after the frame.
    public var tentativeCount: Int
    /// Markers that were confirmed.
    public var confirmedCount: Int
    /// Markers that were coasting.
    public var coastingCount: Int
    /// The error of the shown markers (confirmed or coasting) that have a truth object with
    /// their label, each against the nearest such object; `nil` when there are none.
    public var error: ErrorSpread?
  }

  /// The replayed frames, in frame order.
  public var frames: [Frame]
  /// The scene's events, in time order.
  public var events: [ReplayEvent]

  /// Creates a timeline.
  public init(frames: [Frame] = [], events: [ReplayEvent] = []) {
    self.frames = frames
    self.events = events
  }

  /// Builds the per-frame part of a timeline from frame outputs in frame order.
  public struct Recorder: Sendable {
    let truth: [(label: String, position: SIMD3<Double>)]
    /// The frames so far.
    public private(set) var frames: [Frame] = []

    /// Creates a recorder that measures errors against `truthObjects`.
    public init(truthObjects: [RecordingTruthObject]) {
      truth = truthObjects.map { ($0.label, $0.position) }
    }

    /// Adds one frame's markers.
    ///
    /// - Complexity: O(markers × truth objects + markers log markers).
    public mutating func add(_ output: ReplayFrameOutput) {
      var counts = [MarkerState: Int]()
      var errors: [Double] = []
      for marker in output.markers {
        counts[marker.state, default: 0] += 1
        guard marker.state.isShown else { continue }
        let p = SIMD3<Double>(marker.worldPosition)
        var nearest = Double.infinity
        for object in truth where object.label == marker.label {
          let d = object.position - p
          nearest = min(nearest, (d * d).sum().squareRoot())
        }
        if nearest.isFinite { errors.append(nearest * 1000) }
      }
      errors.sort()
      frames.append(
        Frame(
          frameIndex: output.frameIndex, timestampSeconds: output.timestampSeconds,
          tentativeCount: counts[.tentative] ?? 0, confirmedCount: counts[.confirmed] ?? 0,
          coastingCount: counts[.coasting] ?? 0,
          error: errors.isEmpty
            ? nil
            : ErrorSpread(
              minimum: errors[0], median: errors[errors.count / 2],
              maximum: errors[errors.count - 1]
            )))
    }
  }
}
