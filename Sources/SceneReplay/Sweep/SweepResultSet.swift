import Foundation

/// Sweep results read back from `results.jsonl` files (one shard's or several shards'), in job
/// order, each with the exact bytes of its line so that a merged file is byte-identical to the
/// unsharded run's.
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
  public var missingJobCount: Int { (jobCount ?? 0) - entries.count }

  /// The first `limit` job ids below `jobCount` that no line has, ascending.
  ///
  /// - Complexity: O(entries + limit); nothing is allocated per missing job beyond `limit`.
  public func missingJobIndices(limit: Int) -> [Int] {
    guard let jobCount else { return [] }
    var missing: [Int] = []
    var expected = 0
    for index in entries.map(\.result.jobIndex) + [jobCount] {
      while expected < index, missing.count < limit {
        missing.append(expected)
        expected += 1
      }
      if missing.count >= limit { break }
      expected = index + 1
    }
    return missing
  }

  /// Reads and merges result files (blank lines are skipped).
  ///
  /// - Throws: `RecordingError` naming the file, line and JSON path of a bad line, of a line whose
  ///   `jobCount` differs from the first line's, of a line whose settings differ from another
  ///   line's with the same combination index (results of different grids), or of a job that
  ///   appears twice.
  public init(files: [String]) throws {
    var entries: [Entry] = []
    var jobCount: Int?
    var seenAt: [Int: String] = [:]
    var settingsOf: [Int: JSONValue] = [:]
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw RecordingError(.io, "cannot read the file", file: file)
      }
      var lineNumber = 0
      for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
        lineNumber += 1
        let bytes = [UInt8](line)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        let result: SweepResult
        do {
          result = try SweepResult(json: JSONParser.parse(bytes))
        } catch let error as RecordingError {
          var located = error
          located.file = file
          located.line = lineNumber
          throw located
        }
        if let jobCount, result.jobCount != jobCount {
          throw RecordingError(
            .invalidValue,
            "jobCount \(result.jobCount) differs from \(jobCount) in the first line (results of different sweeps?)",
            path: [.key("jobCount")], file: file, line: lineNumber)
        }
        jobCount = result.jobCount
        if let first = seenAt[result.jobIndex] {
          throw RecordingError(
            .invalidValue, "job \(result.jobIndex) appears twice (first at \(first))",
            path: [.key("job")], file: file, line: lineNumber)
        }
        seenAt[result.jobIndex] = "\(file):\(lineNumber)"
        if let settings = settingsOf[result.combinationIndex], settings != result.settings {
          throw RecordingError(
            .invalidValue,
            "combination \(result.combinationIndex) has other settings than in an earlier line (results of different grids?)",
            path: [.key("settings")], file: file, line: lineNumber)
        }
        settingsOf[result.combinationIndex] = result.settings
        entries.append(Entry(result: result, line: bytes))
      }
    }
    entries.sort { $0.result.jobIndex < $1.result.jobIndex }
    self.entries = entries
    self.jobCount = jobCount
  }
}
