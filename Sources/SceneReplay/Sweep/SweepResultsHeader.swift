import SceneFormat

/// The first line of every sweep results file, so that a file says what it should hold: which
/// shard of which sweep, and how many result lines follow. A merge refuses a file without it
/// (empty, or not a results file), a file with fewer lines than it announces (a shard stopped
/// mid-write) and a line of another shard or sweep, each naming the file.
///
/// JSON (one line, keys sorted):
/// `{"format": "arplacementsim.sweepResultsHeader", "jobCount": 8, "lineCount": 4, "shard": "0/2",
/// "version": 1}`. An unsharded run and a complete merge write shard `0/1` with
/// `lineCount == jobCount`, so a merge of shards is the same bytes as the unsharded run; a
/// `--partial` merge writes shard `0/1` with the lines it has (a later merge reports the rest
/// missing).
public struct SweepResultsHeader: Sendable, Hashable {
  /// The `format` value.
  public static let format = "arplacementsim.sweepResultsHeader"
  /// The `version` this package reads and writes.
  public static let version = 1

  /// The shard whose jobs the file holds (`0/1`: any job of the sweep).
  public var shard: SweepShard
  /// The number of jobs of the whole sweep (every result line has this `jobCount`).
  public var jobCount: Int
  /// The number of result lines after this one.
  public var lineCount: Int

  /// A header.
  public init(shard: SweepShard, jobCount: Int, lineCount: Int) {
    self.shard = shard
    self.jobCount = jobCount
    self.lineCount = lineCount
  }

  /// The header as JSON.
  public var jsonValue: JSONValue {
    .object([
      "format": .string(Self.format),
      "version": .number(Double(Self.version)),
      "shard": .string(shard.description),
      "jobCount": .number(Double(jobCount)),
      "lineCount": .number(Double(lineCount)),
    ])
  }

  /// Whether `json` is a header (an object whose `format` is ``format``), as opposed to a
  /// result line (whose `format` is `SweepResult.formatName`, or absent).
  public static func isHeader(_ json: JSONValue) -> Bool {
    guard case .object(let members) = json else { return false }
    return members["format"] == .string(format)
  }

  /// Decodes a header.
  ///
  /// - Throws: `InputFileError` with the JSON path: another `format`, an unknown `version`, a
  ///   malformed `shard`, counts that are not integers >= 0, more lines than the shard has jobs,
  ///   unknown keys.
  public init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    let format = try object.required("format") { try $0.string() }
    guard format == Self.format else {
      throw InputFileError(
        .invalidValue, "expected \"\(Self.format)\", got \"\(format)\"", path: [.key("format")])
    }
    let version = try object.required("version") { try $0.count() }
    guard version == Self.version else {
      throw InputFileError(
        .unsupportedVersion,
        "version \(version) is not supported (this tool reads version "
          + "\(Self.version))", path: [.key("version")])
    }
    let text = try object.required("shard") { try $0.string() }
    guard let shard = SweepShard(text) else {
      throw InputFileError(
        .invalidValue, "expected I/N with 0 <= I < N, got \"\(text)\"", path: [.key("shard")])
    }
    self.shard = shard
    jobCount = try object.required("jobCount") { try $0.count() }
    lineCount = try object.required("lineCount") { try $0.count() }
    let shardJobs = Self.jobCount(of: shard, inSweepOf: jobCount)
    guard lineCount <= shardJobs else {
      throw InputFileError(
        .invalidValue,
        "\(lineCount) lines, but shard \(shard) of \(jobCount) jobs has "
          + "\(shardJobs)", path: [.key("lineCount")])
    }
    _ = try object.extras()
  }

  /// The number of jobs `k < jobCount` with `k % shard.count == shard.index`.
  public static func jobCount(of shard: SweepShard, inSweepOf jobCount: Int) -> Int {
    guard jobCount > shard.index else { return 0 }
    return (jobCount - shard.index - 1) / shard.count + 1
  }
}
