import Foundation
import SceneFormat
import Testing

@testable import SceneReplay

/// `SweepResultSet` on hand-written result lines in a unique temporary directory.
@Suite struct SweepResultSetTests {
  static func line(job: Int, jobCount: Int = 5, combination: Int = 0, seed: Int = 0) -> String {
    """
    {"axes":{},"combination":\(combination),"error":null,"frameCount":1,"job":\(job),\
    "jobCount":\(jobCount),"metrics":null,"placement":null,"recording":"r.json",\
    "settings":{"raycastSeed":\(seed)}}
    """
  }

  /// The header line, written out by hand (keys sorted, as `JSONWriter` writes them).
  static func header(_ shard: String = "0/1", jobCount: Int = 5, lineCount: Int) -> String {
    """
    {"format":"arplacementsim.sweepResultsHeader","jobCount":\(jobCount),"lineCount":\(lineCount),\
    "shard":"\(shard)","version":1}
    """
  }

  static func withFiles(_ contents: [String], _ body: ([String]) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SweepResultSetTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String] = []
    for (i, text) in contents.enumerated() {
      let path = directory.appendingPathComponent("results-\(i).jsonl").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    try body(paths)
  }

  @Test func missingJobsIncludeTheEnd() throws {
    let text =
      Self.header(lineCount: 2) + "\n" + Self.line(job: 0) + "\n\n" + Self.line(job: 2) + "\n"
    try Self.withFiles([text]) { files in
      let set = try SweepResultSet(files: files)
      #expect(set.entries.map(\.result.jobIndex) == [0, 2])
      #expect(set.jobCount == 5)
      #expect(set.missingJobCount == 3)
      #expect(set.missingJobSample == [1, 3, 4])
      #expect(Array(set.entries[0].line) == Array(Self.line(job: 0).utf8))
    }
  }

  /// Three files interleave; the merge is in job order and the sample lists the gaps.
  @Test func mergesFilesInJobOrder() throws {
    let files = [
      Self.header("1/3", jobCount: 12, lineCount: 2) + "\n" + Self.line(job: 1, jobCount: 12)
        + "\n" + Self.line(job: 4, jobCount: 12),
      Self.header("0/3", jobCount: 12, lineCount: 2) + "\n" + Self.line(job: 0, jobCount: 12)
        + "\n" + Self.line(job: 9, jobCount: 12) + "\n",
      Self.header("2/3", jobCount: 12, lineCount: 0),
    ]
    try Self.withFiles(files) { paths in
      let set = try SweepResultSet(files: paths)
      #expect(set.entries.map(\.result.jobIndex) == [0, 1, 4, 9])
      #expect(set.missingJobCount == 8)
      #expect(set.missingJobSample == [2, 3, 5, 6, 7, 8, 10, 11])
    }
    // A job in two files.
    let twice = [
      Self.header(lineCount: 1) + "\n" + Self.line(job: 1),
      Self.header(lineCount: 2) + "\n" + Self.line(job: 0) + "\n" + Self.line(job: 1),
    ]
    try Self.withFiles(twice) { paths in
      #expect(throws: InputFileError.self) { try SweepResultSet(files: paths) }
    }
  }

  @Test func refusesMixedSweeps() throws {
    let cases: [(String, String, Int)] = [
      (Self.line(job: 0) + "\n" + Self.line(job: 1, jobCount: 6), "jobCount", 2),
      (Self.line(job: 0) + "\n" + Self.line(job: 1, seed: 3), "settings", 2),
      (Self.line(job: 0) + "\n" + Self.line(job: 0), "job", 2),
      (Self.line(job: 2) + "\n" + Self.line(job: 1), "job", 2),
      (Self.line(job: 5), "job", 1),
      (
        Self.line(job: 0).replacingOccurrences(of: "{\"axes\"", with: #"{"version":2,"axes""#),
        "version", 1
      ),
      (
        Self.line(job: 0).replacingOccurrences(
          of: "{\"axes\"", with: #"{"format":"arplacementsim.replayFrame","axes""#), "format", 1
      ),
      ("\n{\"job\": 0}", "", 2),
      ("[1,", "", 1),
    ].map { text, path, line in (Self.header(lineCount: 2) + "\n" + text, path, line + 1) }
    for (text, path, lineNumber) in cases {
      try Self.withFiles([text]) { files in
        do {
          _ = try SweepResultSet(files: files)
          Issue.record("accepted \(text)")
        } catch let error as InputFileError {
          #expect(error.file == files[0] && error.line == lineNumber, "\(error)")
          #expect(error.jsonPath == path, "\(error)")
        }
      }
    }
  }

  /// What a shard that stopped, a file that is not sweep results, or a mix of sweeps looks like
  /// to the merge: a named error (file, line, JSON path), never a silent zero.
  @Test func refusesFilesThatAreNotCompleteShards() throws {
    let cases: [(text: String, line: Int?, path: String, message: String)] = [
      ("", nil, "", "the file is empty: a sweep results file starts with its header line"),
      ("\n  \n", nil, "", "the file is empty"),
      (Self.line(job: 0), 1, "format", "the first line is not the sweep results header"),
      (
        Self.header(lineCount: 3) + "\n" + Self.line(job: 0) + "\n" + Self.line(job: 1), nil, "",
        "truncated: 2 of the 3 result lines its header announces for shard 0/1"
      ),
      (
        Self.header(lineCount: 1) + "\n" + Self.line(job: 0) + "\n" + Self.line(job: 1), 3, "job",
        "more result lines than the 1 the header announces"
      ),
      (
        Self.header("1/2", lineCount: 1) + "\n" + Self.line(job: 2), 2, "job",
        "job 2 is not in shard 1/2 (the header's)"
      ),
      (
        Self.header(jobCount: 6, lineCount: 1) + "\n" + Self.line(job: 0), 2, "jobCount",
        "jobCount 5 differs from the header's 6"
      ),
      (Self.header("2/2", lineCount: 0), 1, "shard", "expected I/N with 0 <= I < N, got \"2/2\""),
      (Self.header("0/2", lineCount: 4), 1, "lineCount", "4 lines, but shard 0/2 of 5 jobs has 3"),
      (
        Self.header(lineCount: 0).replacingOccurrences(of: "\"version\":1", with: "\"version\":2"),
        1, "version", "version 2 is not supported"
      ),
      (
        Self.header(lineCount: 0).replacingOccurrences(of: "sweepResultsHeader", with: "sceneSpec"),
        1,
        "format", "the first line is not the sweep results header"
      ),
    ]
    for (text, line, path, message) in cases {
      try Self.withFiles([text]) { files in
        let error = #expect(throws: InputFileError.self, "\(text)") {
          try SweepResultSet(files: files)
        }
        #expect(error?.file == files[0], "\(text)")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.jsonPath == path, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
      }
    }
    // Two files of different sweeps: named by the second file's header.
    let mixed = [
      Self.header(lineCount: 1) + "\n" + Self.line(job: 0),
      Self.header(jobCount: 7, lineCount: 1) + "\n" + Self.line(job: 1, jobCount: 7),
    ]
    try Self.withFiles(mixed) { files in
      let error = #expect(throws: InputFileError.self) { try SweepResultSet(files: files) }
      #expect(error?.file == files[1] && error?.line == 1 && error?.jsonPath == "jobCount")
    }
  }

  /// A line past the limit (a file of zeros, say) is refused before it is held whole.
  @Test func refusesALineOverTheLimit() throws {
    let long =
      Self.header(lineCount: 1) + "\n"
      + String(repeating: "0", count: SweepResultMerge.maximumLineBytes + 1)
    try Self.withFiles([long]) { files in
      let error = #expect(throws: InputFileError.self) { try SweepResultSet(files: files) }
      #expect(error?.kind == .limitExceeded)
      #expect(error?.file == files[0] && error?.line == 2)
      #expect(
        error?.message
          == "line is longer than 16777216 bytes (maximumLineBytes) (a sweep result line is a "
          + "few kilobytes: not a sweep results file?)")
    }
  }

  @Test func headerCountsTheShardsJobs() throws {
    // 5 jobs in 2 shards: 0, 2, 4 and 1, 3; 3 shards of 2 jobs: 1, 1, 0.
    let counts = try [(0, 2, 5), (1, 2, 5), (0, 3, 2), (1, 3, 2), (2, 3, 2), (0, 1, 0)].map {
      SweepResultsHeader.jobCount(of: try SweepShard(index: $0, count: $1), inSweepOf: $2)
    }
    #expect(counts == [3, 2, 1, 1, 0, 0])
    let header = SweepResultsHeader(
      shard: try SweepShard(index: 1, count: 2), jobCount: 5, lineCount: 2)
    #expect(
      String(decoding: try JSONWriter.bytes(of: header.jsonValue), as: UTF8.self)
        == Self.header("1/2", lineCount: 2))
    #expect(try SweepResultsHeader(json: header.jsonValue) == header)
  }

  /// `arsim sweep` writes `format` and `version` on every line; lines from builds before the
  /// pair existed read the same.
  @Test func readsLinesWithAndWithoutTheFormatMembers() throws {
    let old = try SweepResult(json: JSONParser.parse(Self.line(job: 3)))
    guard case .object(let members) = old.jsonValue else {
      Issue.record("not an object: \(old.jsonValue)")
      return
    }
    #expect(members["format"] == .string("arplacementsim.sweepResult"))
    #expect(members["version"] == .number(1))
    #expect(try SweepResult(json: old.jsonValue) == old)
  }
}
