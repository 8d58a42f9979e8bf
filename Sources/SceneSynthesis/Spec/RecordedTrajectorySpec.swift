import SceneFormat

/// A real camera path (and point cloud) to synthesize on, instead of ``TrajectorySpec``.
///
/// JSON: `{"arkitDataLogger": "dir"` or `"arcoreDataLogger": "dir", "everyNthFrame"?: n [1],
/// "startFrame"?: i [0], "maximumFrames"?: m [all]}`. `dir` holds the logger's files (see
/// ``ARKitDataLoggerImporter`` and ``ARCoreDataLoggerImporter``) and is resolved against the
/// spec file's directory when relative. An ARCore logger's sensor poses become camera poses with
/// the spec's `arcore.sensorOrientation` (and `arcore.displayGeometry`), as the importer
/// converts them. Frames `startFrame`, `startFrame + n`, ... (at most `maximumFrames`) become
/// the true camera poses; timestamps are the logger's, rebased so the first kept frame is at
/// the spec's `startTimestampSeconds`. The spec's `framesPerSecond` and `durationSeconds` are
/// then ignored.
public struct RecordedTrajectorySpec: Sendable, Hashable {
  /// Which logger app wrote the files: the JSON member naming the directory.
  public enum Logger: String, CaseIterable, Sendable, Hashable {
    /// ARKit Data Logger: camera poses (``ARKitDataLoggerImporter``).
    case arkitDataLogger
    /// ARCore Data Logger: Android sensor poses (``ARCoreDataLoggerImporter``).
    case arcoreDataLogger

    /// The files the logger writes in its directory (poses first).
    public var fileNames: [String] {
      switch self {
      case .arkitDataLogger:
        [ARKitDataLoggerImporter.poseFileName, ARKitDataLoggerImporter.pointCloudFileName]
      case .arcoreDataLogger:
        [ARCoreDataLoggerImporter.poseFileName, ARCoreDataLoggerImporter.pointCloudFileName]
      }
    }
  }

  /// Which logger wrote the files.
  public var logger: Logger
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
    loggerDirectory: String, logger: Logger = .arkitDataLogger, everyNthFrame: Int = 1,
    startFrame: Int = 0, maximumFrames: Int? = nil
  ) {
    self.logger = logger
    self.loggerDirectory = loggerDirectory
    self.everyNthFrame = max(everyNthFrame, 1)
    self.startFrame = max(startFrame, 0)
    self.maximumFrames = maximumFrames
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    var found: [(Logger, String)] = []
    for logger in Logger.allCases {
      if let directory = try object.optional(logger.rawValue, { try $0.string() }) {
        found.append((logger, directory))
      }
    }
    let names = Logger.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
    guard found.count == 1 else {
      throw InputFileError(
        found.isEmpty ? .missingField : .invalidValue,
        found.isEmpty ? "missing required member \(names)" : "give one of \(names), not both")
    }
    (logger, loggerDirectory) = found[0]
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
      logger.rawValue: .string(loggerDirectory), "everyNthFrame": .number(Double(everyNthFrame)),
      "startFrame": .number(Double(startFrame)),
    ]
    if let maximumFrames { members["maximumFrames"] = .number(Double(maximumFrames)) }
    return .object(members)
  }
}
