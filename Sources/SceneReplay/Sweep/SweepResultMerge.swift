import Foundation
import SceneFormat

/// Merges sweep result files (each in job order, as `arsim sweep` writes them) into one stream
/// in job order, reading line by line: memory holds one line per file plus one settings object
/// per combination, whatever the number of jobs.
///
/// Checks, each an error naming the file, line and JSON path: every file starts with a
/// ``SweepResultsHeader`` (an empty file, or one that is not sweep results, is refused), and
/// holds exactly the number of result lines it announces (a shard that stopped mid-write is
/// named); every other line decodes as a `SweepResult` of the header's shard, with the
/// header's `jobCount` (the same in every file); lines of a file are in increasing job order; a
/// combination index always comes with the same settings (results of one grid); no job
/// appears twice.
public struct SweepResultMerge {
  /// One file's reader and its next (not yet returned) entry.
  struct Head {
    let file: String
    let reader: BufferedLineReader
    var header = SweepResultsHeader(shard: .all, jobCount: 0, lineCount: 0)
    var entry: SweepResultSet.Entry?
    var lineNumber = 0
    /// Result lines read so far.
    var resultCount = 0
  }

  var heads: [Head]
  var settingsOf: [Int: JSONValue] = [:]
  var last: (jobIndex: Int, place: String)?
  /// The sweep's job count (every line agrees), or `nil` before any line.
  public private(set) var jobCount: Int?
  /// The entries returned so far.
  public private(set) var mergedCount = 0
  /// Up to `missingSampleLimit` job ids skipped so far (below the last returned job), ascending.
  public private(set) var missingSample: [Int] = []
  /// How many missing job ids `missingSample` keeps.
  public let missingSampleLimit = 10
  /// Each file's header, in the order the files were given.
  public var headers: [SweepResultsHeader] { heads.map(\.header) }
  /// The header of the merged stream: shard `0/1`, the sweep's job count, and as many lines as
  /// the files announce together (the job count when every shard is there).
  public var mergedHeader: SweepResultsHeader {
    SweepResultsHeader(
      shard: .all, jobCount: jobCount ?? 0, lineCount: heads.reduce(0) { $0 + $1.header.lineCount })
  }

  /// Opens the files and reads the header and first result line of each.
  ///
  /// - Parameter maximumLineBytes: the longest line read (a longer one is refused, naming the
  ///   file and the limit `maximumLineBytes`).
  /// - Throws: `InputFileError` naming the file (`.io`, with the system's reason), a missing or
  ///   bad header, or the bad first line.
  public init(files: [String], maximumLineBytes: Int = Self.maximumLineBytes) throws {
    var inputs: [(name: String, handle: FileHandle)] = []
    for file in files { inputs.append((file, try FileReading.openForReading(file))) }
    try self.init(inputs: inputs, maximumLineBytes: maximumLineBytes)
  }

  /// Merges open inputs (standard input, say), each named in errors by `name`, and reads the
  /// header and first result line of each.
  ///
  /// - Throws: `InputFileError` naming the input of a missing or bad header or first line.
  package init(
    inputs: [(name: String, handle: FileHandle)], maximumLineBytes: Int = Self.maximumLineBytes
  ) throws {
    heads = inputs.map {
      Head(
        file: $0.name,
        reader: BufferedLineReader(
          handle: $0.handle, chunkSize: 1 << 16, maximumLineBytes: maximumLineBytes))
    }
    for i in heads.indices {
      try readHeader(i)
      try advance(i)
    }
  }

  /// The default longest line read (16 MiB; a result line is a few kilobytes): a longer one is
  /// refused with a named error instead of being held in memory.
  public static let maximumLineBytes = 16 << 20

  /// Reads file `i`'s first non-blank line as its header.
  mutating func readHeader(_ i: Int) throws {
    let file = heads[i].file
    while let line = try nextLine(i) {
      heads[i].lineNumber = heads[i].reader.lineNumber
      if Self.isBlank(line) { continue }
      let lineNumber = heads[i].lineNumber
      do {
        let json = try JSONParser.parse([UInt8](line))
        guard SweepResultsHeader.isHeader(json) else {
          throw InputFileError(
            .missingField,
            "the first line is not the sweep results header "
              + "({\"format\": \"\(SweepResultsHeader.format)\", ...}): not the output of "
              + "`arsim sweep` or `arsim sweep --merge`", path: [.key("format")])
        }
        let header = try SweepResultsHeader(json: json)
        if let jobCount, header.jobCount != jobCount {
          throw InputFileError(
            .invalidValue,
            "jobCount \(header.jobCount) differs from \(jobCount) in "
              + "\(heads[0].file) (results of different sweeps?)", path: [.key("jobCount")])
        }
        jobCount = header.jobCount
        heads[i].header = header
        return
      } catch var error as InputFileError {
        error.file = file
        error.line = lineNumber
        throw error
      }
    }
    throw InputFileError(
      .missingField,
      "the file is empty: a sweep results file starts with its header line "
        + "(did the shard that writes it fail to start or finish?)", file: file)
  }

  /// File `i`'s next line; a line over the limit is an error naming the file.
  mutating func nextLine(_ i: Int) throws -> ArraySlice<UInt8>? {
    do {
      return try heads[i].reader.nextLine()
    } catch var error as InputFileError {
      error.file = heads[i].file
      if error.kind == .limitExceeded {
        error.message += " (a sweep result line is a few kilobytes: not a sweep results file?)"
      }
      throw error
    }
  }

  static func isBlank(_ line: some Collection<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// The number of jobs below `jobCount` that no line has (complete once `next()` returned
  /// `nil`).
  public var missingJobCount: Int { (jobCount ?? 0) - mergedCount }

  /// The entry with the lowest job id among the files' next lines, or `nil` when every file is
  /// read.
  ///
  /// - Throws: `InputFileError` naming the file, line and JSON path of the first check that fails.
  public mutating func next() throws -> SweepResultSet.Entry? {
    var best: Int?
    for i in heads.indices {
      guard let entry = heads[i].entry else { continue }
      if best == nil || entry.result.jobIndex < heads[best!].entry!.result.jobIndex { best = i }
    }
    guard let best, let entry = heads[best].entry else {
      if let jobCount { noteMissing(upTo: jobCount) }
      return nil
    }
    let place = "\(heads[best].file):\(heads[best].lineNumber)"
    if let last, last.jobIndex == entry.result.jobIndex {
      throw InputFileError(
        .invalidValue, "job \(entry.result.jobIndex) appears twice (also at \(last.place))",
        path: [.key("job")], file: heads[best].file, line: heads[best].lineNumber)
    }
    noteMissing(upTo: entry.result.jobIndex)
    last = (entry.result.jobIndex, place)
    mergedCount += 1
    try advance(best)
    return entry
  }

  /// Records the job ids between the last returned one and `jobIndex` (exclusive) as missing.
  mutating func noteMissing(upTo jobIndex: Int) {
    var id = (last?.jobIndex ?? -1) + 1
    while id < jobIndex, missingSample.count < missingSampleLimit {
      missingSample.append(id)
      id += 1
    }
  }

  /// Reads file `i`'s next non-blank line into its head and checks it.
  mutating func advance(_ i: Int) throws {
    let previous = heads[i].entry?.result.jobIndex
    heads[i].entry = nil
    while let line = try nextLine(i) {
      heads[i].lineNumber = heads[i].reader.lineNumber
      if Self.isBlank(line) { continue }
      let file = heads[i].file
      let lineNumber = heads[i].lineNumber
      func failure(_ message: String, _ key: String) -> InputFileError {
        InputFileError(.invalidValue, message, path: [.key(key)], file: file, line: lineNumber)
      }
      let bytes = [UInt8](line)
      let result: SweepResult
      do {
        result = try SweepResult(json: JSONParser.parse(bytes))
      } catch var error as InputFileError {
        error.file = file
        error.line = lineNumber
        throw error
      }
      let header = heads[i].header
      if result.jobCount != header.jobCount {
        throw failure(
          "jobCount \(result.jobCount) differs from the header's \(header.jobCount) (results of "
            + "different sweeps?)", "jobCount")
      }
      guard header.shard.contains(jobIndex: result.jobIndex) else {
        throw failure(
          "job \(result.jobIndex) is not in shard \(header.shard) (the header's)", "job")
      }
      guard heads[i].resultCount < header.lineCount else {
        throw failure(
          "more result lines than the \(header.lineCount) the header announces", "job")
      }
      if let previous, result.jobIndex == previous {
        throw failure("job \(previous) appears twice", "job")
      }
      if let previous, result.jobIndex < previous {
        throw failure(
          "job \(result.jobIndex) after job \(previous): the lines are not in job order", "job")
      }
      if let settings = settingsOf[result.combinationIndex], settings != result.settings {
        throw failure(
          "combination \(result.combinationIndex) has other settings than in an earlier line (results of different grids?)",
          "settings")
      }
      settingsOf[result.combinationIndex] = result.settings
      heads[i].entry = SweepResultSet.Entry(result: result, line: bytes)
      heads[i].resultCount += 1
      return
    }
    let header = heads[i].header
    guard heads[i].resultCount == header.lineCount else {
      throw InputFileError(
        .invalidValue,
        "truncated: \(heads[i].resultCount) of the \(header.lineCount) result "
          + "lines its header announces for shard \(header.shard) (did the shard stop while "
          + "writing?)", file: heads[i].file)
    }
  }
}
