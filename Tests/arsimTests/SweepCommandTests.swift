import Foundation
import Testing
import _ReplayFixtures

/// `arsim sweep` end to end through the built binary; each test uses its own temporary directory.
@Suite("arsim sweep")
struct SweepCommandTests {
  static let grid = """
    {"format": "arplacementsim.sweepGrid", "version": 1,
     "filters": [{"name": "kalman"}, {"name": "exponential", "parameters": {"time-constant": 0.2}}],
     "anchorPoints": ["center", [0.5, 0.2]]}
    """

  /// Recordings (two, 40 frames each, different seeds) in `recordings/` and the grid in
  /// `grid.json` under a fresh temporary directory.
  static func setUp() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SweepCommandTests-\(UUID().uuidString)", isDirectory: true)
    let recordings = directory.appendingPathComponent("recordings")
    try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
    for seed in [3, 4] as [UInt64] {
      var scenario = DashboardReplayScenario(frameCount: 40)
      scenario.seed = seed
      try scenario.writeJSONLines(toFile: recordings.appendingPathComponent("s\(seed).jsonl").path)
    }
    try Data(grid.utf8).write(to: directory.appendingPathComponent("grid.json"))
    return directory
  }

  static func read(_ url: URL, _ name: String) throws -> Data {
    try Data(contentsOf: url.appendingPathComponent(name))
  }

  @Test func threadsShardsAndMergeGiveTheSameBytes() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let base = [
      "sweep", "--recordings", directory.appendingPathComponent("recordings").path, "--grid",
      directory.appendingPathComponent("grid.json").path,
    ]
    func out(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let one = try ArsimRunner.run(base + ["--threads", "1", "--out", out("one.jsonl")])
    let two = try ArsimRunner.run(base + ["--threads", "2", "--out", out("two.jsonl")])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr)")
    #expect(one.stdout == two.stdout)
    let unsharded = try Self.read(directory, "one.jsonl")
    #expect(unsharded == (try Self.read(directory, "two.jsonl")))
    let lines = String(decoding: unsharded, as: UTF8.self).split(separator: "\n")
    // The header, then 2 recordings x 2 filters x 2 anchor points.
    #expect(lines.count == 9)
    #expect(
      lines[0]
        == #"{"format":"arplacementsim.sweepResultsHeader","jobCount":8,"lineCount":8,"shard":"0/1","version":1}"#
    )
    #expect(
      lines[6].hasPrefix(
        #"{"axes":{"anchorPoints":[0.5,0.2],"filters":{"name":"kalman"}},"combination":1,"#))
    #expect(
      lines[6].contains(#""job":5,"jobCount":8,"#) && lines[6].contains(#""recording":"s4.jsonl""#))
    #expect(one.stdout.contains("2 recordings x 4 combinations = 8 jobs"))
    #expect(one.stderr.contains("jobs/s"))
    // Two shards, then merge: the same bytes and the same ranking rows.
    for index in 0..<2 {
      let shard = try ArsimRunner.run(
        base + ["--shard", "\(index)/2", "--threads", "2", "--out", out("shard-\(index).jsonl")])
      #expect(shard.status == 0, "\(shard.stderr)")
      #expect(shard.stdout.contains("shard \(index)/2 ran 4 jobs"))
    }
    let merged = try ArsimRunner.run([
      "sweep", "--merge", out("shard-1.jsonl"), out("shard-0.jsonl"), "--out", out("merged.jsonl"),
    ])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(try Self.read(directory, "merged.jsonl") == unsharded)
    #expect(
      merged.stdout.split(separator: "\n").dropFirst()
        == one.stdout.split(separator: "\n").dropFirst())
    // JSON ranking: every combination once, ranks 1...4.
    let json = try ArsimRunner.run([
      "sweep", "--merge", out("merged.jsonl"), "--json", "--rank-by", "jitterMm",
    ])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["rankBy"] as? String == "jitterMm")
    let rows = try #require(object["rows"] as? [[String: Any]])
    #expect(rows.compactMap { $0["combination"] as? Int }.sorted() == [0, 1, 2, 3])
    #expect(rows.compactMap { $0["rank"] as? Int } == [1, 2, 3, 4])
    // A missing shard is refused unless --partial.
    let missing = try ArsimRunner.run(["sweep", "--merge", out("shard-0.jsonl")])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains("4 of 8 jobs missing (1, 3, 5, 7); no file for shard 1/2; "),
      "\(missing.stderr)")
    let refused = try ArsimRunner.run([
      "sweep", "--merge", out("shard-0.jsonl"), "--out", out("refused.jsonl"),
    ])
    #expect(refused.status == 1)
    #expect(!FileManager.default.fileExists(atPath: out("refused.jsonl")))
    let partial = try ArsimRunner.run(["sweep", "--merge", out("shard-0.jsonl"), "--partial"])
    #expect(partial.status == 0)
    #expect(partial.stdout.hasPrefix("merged 1 files: 4 of 8 jobs"))
  }

  /// What a batch engine leaves when a shard fails or is killed: an empty file, a truncated
  /// one (a copy cut short, a file system that lost the end). The merge names the file instead
  /// of counting zero jobs.
  @Test func mergeNamesEmptyAndTruncatedShards() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    func out(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let base = [
      "sweep", "--recordings", out("recordings"), "--grid", out("grid.json"), "--quiet",
    ]
    for index in 0..<2 {
      let shard = try ArsimRunner.run(
        base + ["--shard", "\(index)/2", "--out", out("results-\(index).jsonl")])
      #expect(shard.status == 0, "\(shard.stderr)")
    }
    let header = String(decoding: try Self.read(directory, "results-1.jsonl"), as: UTF8.self)
      .split(separator: "\n").first.map(String.init)
    #expect(
      header
        == #"{"format":"arplacementsim.sweepResultsHeader","jobCount":8,"lineCount":4,"shard":"1/2","version":1}"#
    )
    // An empty shard file.
    try Data().write(to: URL(fileURLWithPath: out("empty.jsonl")))
    let empty = try ArsimRunner.run([
      "sweep", "--merge", out("results-0.jsonl"), out("empty.jsonl"), "--partial",
    ])
    #expect(empty.status == 1)
    #expect(
      empty.stderr.hasPrefix(
        "arsim sweep: \(out("empty.jsonl")): the file is empty: a sweep results file starts "
          + "with its header line"), "\(empty.stderr)")
    // Shard 1 cut after its second result line.
    let lines = String(decoding: try Self.read(directory, "results-1.jsonl"), as: UTF8.self)
      .split(separator: "\n")
    try Data((lines.prefix(3).joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: out("cut.jsonl")))
    let cut = try ArsimRunner.run([
      "sweep", "--merge", out("results-0.jsonl"), out("cut.jsonl"), "--partial",
    ])
    #expect(cut.status == 1)
    #expect(
      cut.stderr.contains(
        "\(out("cut.jsonl")): truncated: 2 of the 4 result lines its header announces for "
          + "shard 1/2"), "\(cut.stderr)")
    // A partial merge says what it holds: a later merge still reports the rest missing.
    let partial = try ArsimRunner.run([
      "sweep", "--merge", out("results-0.jsonl"), "--partial", "--out", out("partial.jsonl"),
    ])
    #expect(partial.status == 0, "\(partial.stderr)")
    let partialHeader = String(decoding: try Self.read(directory, "partial.jsonl"), as: UTF8.self)
      .split(separator: "\n").first.map(String.init)
    #expect(
      partialHeader
        == #"{"format":"arplacementsim.sweepResultsHeader","jobCount":8,"lineCount":4,"shard":"0/1","version":1}"#
    )
    let again = try ArsimRunner.run(["sweep", "--merge", out("partial.jsonl")])
    #expect(again.status == 1 && again.stderr.contains("4 of 8 jobs missing (1, 3, 5, 7); "))
    let whole = try ArsimRunner.run([
      "sweep", "--merge", out("partial.jsonl"), out("results-1.jsonl"), "--out", out("all.jsonl"),
    ])
    #expect(whole.status == 0, "\(whole.stderr)")
  }

  @Test func usageAndRuntimeErrors() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recordings = directory.appendingPathComponent("recordings").path
    let grid = directory.appendingPathComponent("grid.json").path
    let out = directory.appendingPathComponent("r.jsonl").path
    let usage: [[String]] = [
      ["sweep", "--recordings", recordings, "--out", out],
      ["sweep", "--recordings", recordings, "--grid", grid],
      ["sweep", "--recordings", recordings, "--grid", grid, "--out", out, "--shard", "2/2"],
      ["sweep", "--recordings", recordings, "--grid", grid, "--out", out, "--rank-by", "speed"],
      ["sweep", "--recordings", recordings, "--grid", grid, "--out", out, "--threads", "0"],
      ["sweep", "--merge"],
      ["sweep", "--merge", out, "--grid", grid],
    ]
    for arguments in usage {
      let result = try ArsimRunner.run(arguments)
      #expect(result.status == 64, "\(arguments)")
    }
    let help = try ArsimRunner.run(["sweep", "--help"])
    #expect(help.status == 0 && help.stdout.contains("--shard I/N"))
    #expect(help.stdout.hasPrefix("USAGE: arsim sweep"))
    // A bad grid names the file and the JSON path.
    try Data(
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "filters": [{"name": "fast"}]}"#.utf8
    )
    .write(to: URL(fileURLWithPath: grid))
    let bad = try ArsimRunner.run([
      "sweep", "--recordings", recordings, "--grid", grid, "--out", out,
    ])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("\(grid): filters[0].name: "), "\(bad.stderr)")
  }

  @Test func failedJobsAreWrittenAndExitOne() throws {
    let directory = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recordings = directory.appendingPathComponent("recordings")
    try Data("{".utf8).write(to: recordings.appendingPathComponent("broken.json"))
    let out = directory.appendingPathComponent("r.jsonl").path
    let result = try ArsimRunner.run([
      "sweep", "--recordings", recordings.path, "--grid",
      directory.appendingPathComponent("grid.json").path, "--out", out,
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("4 of 12 jobs failed (first: broken.json"), "\(result.stderr)")
    let lines = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
      .split(separator: "\n")
    #expect(lines.count == 13)  // the header and 12 jobs
    #expect(lines[1].contains(#""error":"broken.json"#))
    let ranked = try ArsimRunner.run(["sweep", "--merge", out])
    #expect(ranked.status == 0)
    #expect(ranked.stdout.hasPrefix("merged 1 files: 12 of 12 jobs, 4 failed"))
  }
}
