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
    try Self.withFiles([Self.line(job: 0) + "\n\n" + Self.line(job: 2) + "\n"]) { files in
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
      Self.line(job: 1, jobCount: 12) + "\n" + Self.line(job: 4, jobCount: 12),
      Self.line(job: 0, jobCount: 12) + "\n" + Self.line(job: 9, jobCount: 12) + "\n",
      "",
    ]
    try Self.withFiles(files) { paths in
      let set = try SweepResultSet(files: paths)
      #expect(set.entries.map(\.result.jobIndex) == [0, 1, 4, 9])
      #expect(set.missingJobCount == 8)
      #expect(set.missingJobSample == [2, 3, 5, 6, 7, 8, 10, 11])
    }
    // A job in two files.
    try Self.withFiles([Self.line(job: 1), Self.line(job: 0) + "\n" + Self.line(job: 1)]) { paths in
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
    ]
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
