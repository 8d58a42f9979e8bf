import Placement
import SceneFormat

/// One marker's reported positions over a replay, in frame order: the input of the top-down
/// picture's tracks and the HTML report's plots.
public struct MarkerTrackHistory: Sendable, Hashable {
  /// One frame in which the marker was reported.
  public struct Sample: Sendable, Hashable {
    /// The frame's 0-based index.
    public var frameIndex: Int
    /// The frame's timestamp, seconds.
    public var timestampSeconds: Double
    /// The filtered world position, metres.
    public var worldPosition: SIMD3<Float>
    /// The lifecycle state in that frame.
    public var state: MarkerState

    /// Creates a sample.
    public init(
      frameIndex: Int, timestampSeconds: Double, worldPosition: SIMD3<Float>, state: MarkerState
    ) {
      self.frameIndex = frameIndex
      self.timestampSeconds = timestampSeconds
      self.worldPosition = worldPosition
      self.state = state
    }
  }

  /// Creates a history.
  public init(id: Int, label: String, samples: [Sample]) {
    self.id = id
    self.label = label
    self.samples = samples
  }

  /// The marker id.
  public var id: Int
  /// The detector label.
  public var label: String
  /// The frames in which it was reported, in frame order.
  public var samples: [Sample]

  /// Collects the histories of every marker from per-frame outputs given in frame order; the
  /// result is in id order.
  ///
  /// - Complexity: O(n log m) for n marker reports of m markers.
  public static func histories(from frames: [ReplayFrameOutput]) -> [MarkerTrackHistory] {
    var recorder = Recorder()
    for frame in frames { recorder.add(frame) }
    return recorder.histories
  }

  /// Accumulates histories frame by frame (frames in order).
  public struct Recorder: Sendable {
    private var byID: [Int: MarkerTrackHistory] = [:]

    /// Creates an empty recorder.
    public init() {}

    /// Adds every marker reported in `frame`.
    public mutating func add(_ frame: ReplayFrameOutput) {
      for marker in frame.markers {
        let sample = Sample(
          frameIndex: frame.frameIndex, timestampSeconds: frame.timestampSeconds,
          worldPosition: marker.worldPosition, state: marker.state)
        byID[
          marker.id, default: MarkerTrackHistory(id: marker.id, label: marker.label, samples: [])
        ]
        .samples.append(sample)
      }
    }

    /// The histories so far, id order.
    public var histories: [MarkerTrackHistory] {
      byID.keys.sorted().compactMap { byID[$0] }
    }
  }
}
