import SceneFormat

/// A real camera path (and point cloud) to synthesize on, instead of ``TrajectorySpec``.
///
/// JSON: `{"arkitDataLogger": "dir", "everyNthFrame"?: n [1], "startFrame"?: i [0],
/// "maximumFrames"?: m [all]}`. `dir` holds the ARKit Data Logger files (see
/// ``ARKitDataLoggerImporter``) and is resolved against the spec file's directory when relative.
/// Frames `startFrame`, `startFrame + n`, ... (at most `maximumFrames`) become the true camera
/// poses; timestamps are the logger's, rebased so the first kept frame is at the spec's
/// `startTimestampSeconds`. The spec's `framesPerSecond` and `durationSeconds` are then ignored.
public struct RecordedTrajectorySpec: Sendable, Hashable {
  /// The logger directory as written in the spec.
  public var loggerDirectory: String
  /// Keep every n-th pose (>= 1).
  public var everyNthFrame: Int
  /// The first pose kept (0-based).
  public var startFrame: Int
  /// The most frames kept, or `nil` for all.
  public var maximumFrames: Int?

  /// Creates a recorded-trajectory spec.
  public init(
    loggerDirectory: String, everyNthFrame: Int = 1, startFrame: Int = 0, maximumFrames: Int? = nil
  ) {
    self.loggerDirectory = loggerDirectory
    self.everyNthFrame = max(everyNthFrame, 1)
    self.startFrame = max(startFrame, 0)
    self.maximumFrames = maximumFrames
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    loggerDirectory = try object.required("arkitDataLogger") { try $0.string() }
    func count(_ value: JSONValue, minimum: Double) throws -> Int {
      let n = try value.number(atLeast: minimum, atMost: 1e9)
      guard n == n.rounded() else { throw InputFileError(.invalidValue, "must be an integer") }
      return Int(n)
    }
    everyNthFrame = try object.optional("everyNthFrame") { try count($0, minimum: 1) } ?? 1
    startFrame = try object.optional("startFrame") { try count($0, minimum: 0) } ?? 0
    maximumFrames = try object.optional("maximumFrames") { try count($0, minimum: 1) }
    _ = try object.extras()
  }
}

extension RecordedTrajectorySpec {
  /// The JSON object.
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "arkitDataLogger": .string(loggerDirectory), "everyNthFrame": .number(Double(everyNthFrame)),
      "startFrame": .number(Double(startFrame)),
    ]
    if let maximumFrames { members["maximumFrames"] = .number(Double(maximumFrames)) }
    return .object(members)
  }
}
