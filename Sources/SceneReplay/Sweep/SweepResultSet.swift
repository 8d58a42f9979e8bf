import SceneFormat

/// Sweep results read back from `results.jsonl` files (one shard's or several shards'), merged in
/// job order with `SweepResultMerge` and held in memory, each with the exact bytes of its line so
/// that a merged file is byte-identical to the unsharded run's. (`arsim sweep --merge` streams
/// the merge instead.)
public struct SweepResultSet: Sendable {
  /// One result and its line (without the newline).
  public struct Entry: Sendable {
    /// The decoded result.
    public let result: SweepResult
    /// The line's bytes as read.
    public let line: [UInt8]
  }

  /// The entries, in job order (no job twice).
  public let entries: [Entry]
  /// The sweep's job count (every line agrees), or `nil` without lines.
  public let jobCount: Int?
  /// The number of jobs below `jobCount` that no line has.
  public let missingJobCount: Int
  /// The first (up to 10) job ids below `jobCount` that no line has, ascending.
  public let missingJobSample: [Int]

  /// Reads and merges result files, each in job order (blank lines are skipped).
  ///
  /// - Throws: `InputFileError` from `SweepResultMerge`, naming the file, line and JSON path.
  public init(files: [String]) throws {
    var merge = try SweepResultMerge(files: files)
    var entries: [Entry] = []
    while let entry = try merge.next() { entries.append(entry) }
    self.entries = entries
    jobCount = merge.jobCount
    missingJobCount = merge.missingJobCount
    missingJobSample = merge.missingSample
  }
}
