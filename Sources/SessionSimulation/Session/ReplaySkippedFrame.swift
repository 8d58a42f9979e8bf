import SceneFormat

/// A frame `ReplayEngine` skipped because it could not be read, validated or converted (only
/// with ``ReplayEngine/skipInvalidFrames``); the tracker never saw it.
public struct ReplaySkippedFrame: Sendable, Hashable {
  /// The frame's 0-based index in the file (failed frames count: frame `i` is always the
  /// `i`-th frame of the file, whether or not frames before it were skipped).
  public var frameIndex: Int
  /// The frame's recorded timestamp (seconds), or `nil` when the frame could not be decoded far
  /// enough to know it (a line that is not JSON, a missing or non-finite timestamp).
  public var timestampSeconds: Double?
  /// Why: the error with its file, line (JSON Lines) and JSON path from the root
  /// (`frames[2].camera.intrinsics`).
  public var error: InputFileError

  /// Creates an entry.
  public init(frameIndex: Int, timestampSeconds: Double?, error: InputFileError) {
    self.frameIndex = frameIndex
    self.timestampSeconds = timestampSeconds
    self.error = error
  }

  /// `{"index": i, "path": "frames[i]...", "reason": "...", "timestamp": t}`; `timestamp` is
  /// left out when unknown.
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "index": .number(Double(frameIndex)),
      "path": .string(error.jsonPath),
      "reason": .string(error.message),
    ]
    if let timestampSeconds, timestampSeconds.isFinite {
      members["timestamp"] = .number(timestampSeconds)
    }
    return .object(members)
  }
}
