import SceneFormat

/// One line of a sweep's `results.jsonl`: a job, its settings and the replay's metrics.
///
/// JSON form (one object per line, keys sorted by `JSONWriter`):
/// `{"axes": {...}, "combination": 3, "error": null, "format": "arplacementsim.sweepResult",
///   "frameCount": 120, "job": 7, "jobCount": 24, "metrics": {...} | null, "placement": {...},
///   "recording": "a.jsonl", "settings": {...}, "version": 1}`;
/// `axes` holds the combination's axis values as written in the grid, `settings` the full
/// `ReplaySettings` JSON object, `metrics` the `ReplayMetrics` object (`null` without truth or
/// after an error) and `error` the failure (`InputFileError` text naming the recording, frame and
/// JSON path) or `null`. Schema: `Scenes/schema/sweep-result.schema.json`.
public struct SweepResult: Sendable, Hashable {
  /// The `format` member of every line.
  public static let formatName = "arplacementsim.sweepResult"
  /// The `version` member of every line; raised when a member changes meaning or goes away
  /// (added members keep the version).
  public static let formatVersion = 1

  /// The job id (`SweepJob.index`).
  public var jobIndex: Int
  /// The number of jobs in the whole sweep (all shards).
  public var jobCount: Int
  /// The recording's name relative to the recordings directory.
  public var recording: String
  /// The combination index in the grid's product order.
  public var combinationIndex: Int
  /// The combination's axis values (`SweepCombination.axesJSON`).
  public var axes: JSONValue
  /// The combination's settings JSON object.
  public var settings: JSONValue
  /// Frames replayed (0 after an error).
  public var frameCount: Int
  /// The `ReplayMetrics` JSON object, or `null` without truth or after an error.
  public var metrics: JSONValue
  /// The `ReplayPlacementStatistics` JSON object, or `null` after an error.
  public var placement: JSONValue
  /// Why the job failed, or `nil` when it ran.
  public var error: String?

  /// Creates a result.
  public init(
    jobIndex: Int, jobCount: Int, recording: String, combinationIndex: Int, axes: JSONValue,
    settings: JSONValue, frameCount: Int, metrics: JSONValue, placement: JSONValue,
    error: String?
  ) {
    self.jobIndex = jobIndex
    self.jobCount = jobCount
    self.recording = recording
    self.combinationIndex = combinationIndex
    self.axes = axes
    self.settings = settings
    self.frameCount = frameCount
    self.metrics = metrics
    self.placement = placement
    self.error = error
  }

  /// The line's JSON object.
  public var jsonValue: JSONValue {
    .object([
      "format": .string(Self.formatName),
      "version": .number(Double(Self.formatVersion)),
      "job": .number(Double(jobIndex)),
      "jobCount": .number(Double(jobCount)),
      "recording": .string(recording),
      "combination": .number(Double(combinationIndex)),
      "axes": axes,
      "settings": settings,
      "frameCount": .number(Double(frameCount)),
      "metrics": metrics,
      "placement": placement,
      "error": error.map(JSONValue.string) ?? .null,
    ])
  }

  /// Decodes a line (strict: unknown members are refused). `format` and `version` may be absent
  /// (lines written before they existed); when present they must be this format's.
  ///
  /// - Throws: `InputFileError` naming the JSON path of the bad member.
  public init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    if let format = try object.optional("format", { try $0.string() }), format != Self.formatName {
      throw InputFileError(
        .unsupportedVersion, "expected \"\(Self.formatName)\", got \"\(format)\"",
        path: [.key("format")])
    }
    if let version = try object.optional("version", { try $0.number() }),
      version != Double(Self.formatVersion)
    {
      throw InputFileError(
        .unsupportedVersion,
        "unsupported version \(JSONWriter.text(of: version)); expected \(Self.formatVersion)",
        path: [.key("version")])
    }
    func count(_ value: JSONValue) throws -> Int {
      let n = try value.number()
      guard n == n.rounded(), n >= 0, n < 9_007_199_254_740_992 else {
        throw InputFileError(
          .invalidValue, "expected an integer >= 0, got \(JSONWriter.text(of: n))")
      }
      return Int(n)
    }
    func objectValue(_ value: JSONValue) throws -> JSONValue {
      guard case .object = value else {
        throw InputFileError(.typeMismatch, "expected an object, got \(value.typeName)")
      }
      return value
    }
    jobIndex = try object.required("job", count)
    jobCount = try object.required("jobCount", count)
    guard jobIndex < jobCount else {
      throw InputFileError(
        .invalidValue, "job \(jobIndex) is not below jobCount \(jobCount)", path: [.key("job")])
    }
    recording = try object.required("recording") { try $0.string() }
    combinationIndex = try object.required("combination", count)
    axes = try object.required("axes", objectValue)
    settings = try object.required("settings", objectValue)
    frameCount = try object.required("frameCount", count)
    metrics = try object.optional("metrics", objectValue) ?? .null
    placement = try object.optional("placement", objectValue) ?? .null
    error = try object.optional("error") { try $0.string() }
    _ = try object.extras()
  }

  /// The number `metrics[key]`, or `nil` when absent, `null` or not a finite number.
  public func metric(_ key: String) -> Double? {
    guard case .object(let members) = metrics, case .number(let value)? = members[key],
      value.isFinite
    else { return nil }
    return value
  }
}
