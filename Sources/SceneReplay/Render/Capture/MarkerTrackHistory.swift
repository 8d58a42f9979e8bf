import Placement
import SceneFormat
import SessionSimulation

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

  /// Creates a history; `markerID` is the id the markers' source gave (default: `id`).
  public init(id: Int, label: String, samples: [Sample], markerID: MarkerID? = nil) {
    self.id = id
    self.label = label
    self.samples = samples
    self.markerID = markerID ?? .number(id)
  }

  /// The marker id as drawn in the pictures (a hash sign and this number; the colour follows it).
  public var id: Int
  /// The marker id as its source gave it: replay's tracker's integer, or another program's
  /// integer or string (drawn as ``id``, which keeps an integer and numbers strings).
  public var markerID: MarkerID
  /// How the report names it: the drawn number after a hash sign, followed by the quoted id
  /// when that is a string (or another number).
  public var drawnName: String { Self.drawnName(of: markerID, drawnID: id) }

  /// `#N` for an integer id drawn as itself, `#N "text"` otherwise (`"text"` alone without a
  /// drawn id).
  static func drawnName(of markerID: MarkerID, drawnID: Int?) -> String {
    if case .number(let n) = markerID, n == drawnID { return "#\(n)" }
    let quoted = "\"\(markerID.description)\""
    return drawnID.map { "#\($0) \(quoted)" } ?? quoted
  }
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
