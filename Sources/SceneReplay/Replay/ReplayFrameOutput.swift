import Placement
import SceneFormat

/// The replay's output for one frame: every current marker (all states, id order) projected for
/// drawing with that frame's camera and viewport.
public struct ReplayFrameOutput: Sendable, Hashable {
  /// The `format` member of every line (`arsim replay --out`).
  public static let formatName = "arplacementsim.replayFrame"
  /// The `version` member of every line; raised when a member changes meaning or goes away
  /// (added members keep the version).
  public static let formatVersion = 1

  /// The frame's 0-based index in the recording.
  public let frameIndex: Int
  /// The frame's timestamp, seconds.
  public let timestampSeconds: Double
  /// The markers after this frame's tracker update, id order.
  public let markers: [MarkerSnapshot]

  /// Creates a frame output.
  public init(frameIndex: Int, timestampSeconds: Double, markers: [MarkerSnapshot]) {
    self.frameIndex = frameIndex
    self.timestampSeconds = timestampSeconds
    self.markers = markers
  }

  /// One JSON Lines record: `{"format": "arplacementsim.replayFrame", "version": 1, "frame",
  /// "timestamp", "markers": [{"id", "label", "state", "position": [x, y, z] (world metres),
  /// "spreadMeters", "projection": {"kind": "visible" | "offScreen" | "behindCamera",
  /// "point"?: [x, y] (viewport points)}}]}`. Floats are written in their shortest decimal form.
  /// Schema: `Scenes/schema/replay-frame.schema.json`.
  public var jsonValue: JSONValue {
    .object([
      "format": .string(Self.formatName),
      "version": .number(Double(Self.formatVersion)),
      "frame": .number(Double(frameIndex)),
      "timestamp": .number(timestampSeconds),
      "markers": .array(markers.map(Self.json(of:))),
    ])
  }

  static func json(of marker: MarkerSnapshot) -> JSONValue {
    var projection: [String: JSONValue] = ["kind": .string(marker.projection.name)]
    if let p = marker.projection.viewportPoint {
      projection["point"] = .array([.number(p.x), .number(p.y)])
    }
    return .object([
      "id": .number(Double(marker.id)),
      "label": .string(marker.label),
      "state": .string(marker.state.rawValue),
      "position": .float3(marker.worldPosition),
      "spreadMeters": .float(marker.spreadMeters),
      "projection": .object(projection),
    ])
  }
}
