import Foundation
import SceneFormat
import Testing
import _ReplayFixtures

@testable import SceneReplay

#if canImport(Glibc)
  import Glibc
#endif

/// `SweepRunner` and `SweepResultSet` over generated recordings in a unique temporary directory:
/// a job's result is a plain replay's, output bytes do not depend on the thread count, and
/// sharded outputs merge back to the unsharded bytes.
@Suite struct SweepRunnerTests {
  static let gridText = """
    {"format": "arplacementsim.sweepGrid", "version": 1,
     "base": {"matchThresholdMeters": 0.02},
     "filters": [{"name": "kalman"}, {"name": "oneEuro", "parameters": {"beta": 0.5}}],
     "anchorPoints": ["center", "bottomCenter"]}
    """

  /// Two recordings (one JSON, one JSON Lines, different noise seeds) and a stray text file.
  static func makeRecordings() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SweepRunnerTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var first = DashboardReplayScenario(frameCount: 30)
    first.seed = 7
    try first.recording().write(toFile: directory.appendingPathComponent("b-first.json").path)
    var second = DashboardReplayScenario(frameCount: 45)
    second.seed = 8
    try second.writeJSONLines(toFile: directory.appendingPathComponent("a-second.jsonl").path)
    try Data("not a recording".utf8).write(to: directory.appendingPathComponent("notes.txt"))
    return directory
  }

  static func lines(_ runner: SweepRunner, _ jobs: [SweepJob], jobCount: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try runner.run(jobs, jobCount: jobCount) { result in
      try JSONWriter.write(result.jsonValue, into: &bytes)
      bytes.append(0x0A)
    }
    return bytes
  }

  @Test func listsRecordingsSortedByName() throws {
    let directory = try Self.makeRecordings()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(
      try SweepRunner.recordings(inDirectory: directory.path) == ["a-second.jsonl", "b-first.json"])
  }

  @Test func specialFilesNamedLikeRecordingsAreListedAsSkipped() throws {
    let directory = try Self.makeRecordings()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(mkfifo(directory.appendingPathComponent("c-pipe.jsonl").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("0-null.json").path,
      withDestinationPath: "/dev/null")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("d-folder.json"), withIntermediateDirectories: false)
    let listing = try SweepRunner.recordingListing(inDirectory: directory.path)
    #expect(listing.recordings == ["a-second.jsonl", "b-first.json"])
    #expect(listing.skipped.map(\.name) == ["0-null.json", "c-pipe.jsonl"])
    #expect(
      listing.skipped.map(\.reason) == [
        "not a regular file (a character device)", "not a regular file (a FIFO)",
      ])
    #expect(try SweepRunner.recordings(inDirectory: directory.path) == listing.recordings)
  }

  @Test func aJobIsAPlainReplayOfItsCombination() throws {
    let directory = try Self.makeRecordings()
    defer { try? FileManager.default.removeItem(at: directory) }
    let grid = try SweepGrid(json: JSONParser.parse(Self.gridText))
    let runner = SweepRunner(grid: grid, recordingsDirectory: directory.path)
    let job = SweepJob(index: 6, recordingIndex: 1, recording: "b-first.json", combinationIndex: 2)
    let result = runner.run(job, jobCount: 8)
    // Combination 2 = filters[1] x anchorPoints[0].
    let settings = try ReplaySettings(
      json: JSONParser.parse(
        #"{"matchThresholdMeters": 0.02, "filter": "oneEuro", "filterParameters": {"beta": 0.5}, "anchorPoint": "center"}"#
      ))
    var source = try ReplaySource(
      contentsOfFile: directory.appendingPathComponent("b-first.json").path)
    let report = try ReplayEngine(settings: settings).run(&source)
    #expect(result.error == nil)
    #expect(result.frameCount == 30)
    #expect(result.metrics == report.metrics?.jsonValue)
    #expect(result.metrics != .null)
    #expect(
      result.axes
        == .object([
          "filters": try JSONParser.parse(#"{"name": "oneEuro", "parameters": {"beta": 0.5}}"#),
          "anchorPoints": .string("center"),
        ]))
    #expect(try ReplaySettings(json: result.settings) == settings)
  }

  @Test func sameBytesForAnyThreadCountAndMergedShards() throws {
    let directory = try Self.makeRecordings()
    defer { try? FileManager.default.removeItem(at: directory) }
    let grid = try SweepGrid(json: JSONParser.parse(Self.gridText))
    let recordings = try SweepRunner.recordings(inDirectory: directory.path)
    let jobs = SweepJob.jobs(recordings: recordings, combinationCount: grid.combinations.count)
    #expect(jobs.count == 8)
    let one = try Self.lines(
      SweepRunner(grid: grid, recordingsDirectory: directory.path, threadCount: 1), jobs,
      jobCount: 8)
    let two = try Self.lines(
      SweepRunner(grid: grid, recordingsDirectory: directory.path, threadCount: 2), jobs,
      jobCount: 8)
    #expect(one == two)
    #expect(one.count(where: { $0 == 0x0A }) == 8)
    // Three shards written to three files, merged in reverse file order.
    var files: [String] = []
    for index in 0..<3 {
      let shard = try SweepShard(index: index, count: 3)
      let bytes = try Self.lines(
        SweepRunner(grid: grid, recordingsDirectory: directory.path, threadCount: 2),
        shard.jobs(of: jobs), jobCount: 8)
      let file = directory.appendingPathComponent("results-\(index).out").path
      let header = SweepResultsHeader(
        shard: shard, jobCount: 8, lineCount: shard.jobs(of: jobs).count)
      var lines = try JSONWriter.bytes(of: header.jsonValue) + [0x0A]
      lines += bytes
      try Data(lines).write(to: URL(fileURLWithPath: file))
      files.append(file)
    }
    let merged = try SweepResultSet(files: files.reversed())
    #expect(merged.missingJobCount == 0 && merged.missingJobSample.isEmpty)
    #expect(merged.entries.map(\.result.jobIndex) == Array(0..<8))
    var bytes: [UInt8] = []
    for entry in merged.entries { bytes += entry.line + [0x0A] }
    #expect(bytes == one)
    // Two of three shards: jobs 2 and 5 (shard 2/3) are missing.
    let partial = try SweepResultSet(files: Array(files.prefix(2)))
    #expect(partial.missingJobCount == 2)
    #expect(partial.missingJobSample == [2, 5])
    // A shard given twice: job 0 appears twice.
    #expect(throws: InputFileError.self) { try SweepResultSet(files: [files[0], files[0]]) }
  }

  @Test func aBadRecordingIsAResultWithItsError() throws {
    let directory = try Self.makeRecordings()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Valid header (replay reads the header's vision settings before any frame), bad frame 0.
    let text = #"""
      {"format": "arplacementsim.recording", "version": 1, "frames": [{}],
       "vision": {"cropAndScale": "scaleFill", "modelInputSize": [416, 416], "orientation": "up"}}
      """#
    try Data(text.utf8).write(to: directory.appendingPathComponent("c-bad.json"))
    let grid = try SweepGrid(json: JSONParser.parse(Self.gridText))
    let runner = SweepRunner(grid: grid, recordingsDirectory: directory.path)
    let result = runner.run(
      SweepJob(index: 8, recordingIndex: 2, recording: "c-bad.json", combinationIndex: 0),
      jobCount: 12)
    let error = try #require(result.error)
    #expect(error.hasPrefix("c-bad.json: frames[0]"), "\(error)")
    #expect(!error.contains(directory.path))
    #expect(result.metrics == .null && result.frameCount == 0)
  }
}
