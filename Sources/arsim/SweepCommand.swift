import Foundation
import SceneFormat
import SceneReplay

/// `arsim sweep`: replays every recording of a directory under every combination of a parameter
/// grid (in parallel, output in job order), writes one JSON line per job and ranks the
/// combinations; `--shard i/n` runs one share of the jobs, `--merge` merges and ranks shard
/// outputs.
enum SweepCommand {
  static let usage = """
    USAGE: arsim sweep --recordings DIR --grid GRID.json --out RESULTS.jsonl [--shard I/N]
                       [--threads N] [--rank-by METRIC] [--json]
           arsim sweep --merge RESULTS.jsonl... [--out MERGED.jsonl] [--partial]
                       [--rank-by METRIC] [--json]

    Replays every recording in DIR (files ending .json or .jsonl, sorted by name) under every
    combination of GRID (a base replay settings object and axes: filters, trackers, attempts,
    anchorPoints, backFacePolicies, raycastSeeds, interpretVisionAs, matchThresholdMeters; see
    Scenes/grids/). Job k replays recording k / C under combination k % C (C combinations).
    Writes one JSON line per job in job order (recording, combination, axes, settings, metrics;
    keys sorted): the same bytes for any --threads. Then prints the combinations ranked by the
    mean of METRIC over the recordings.

    OPTIONS:
      --recordings DIR    The recordings.
      --grid GRID.json    The parameter grid.
      --out FILE          Where to write the result lines (with --merge: the merged lines, in
                          job order, byte-identical to an unsharded run's; each input file
                          must be in job order, as sweep writes it).
      --shard I/N         Run only the jobs k with k % N == I (0 <= I < N). The N shards
                          partition the jobs; merge their outputs with --merge.
      --threads N         Jobs run at once (default: the number of processors).
      --merge             Read the result files given as arguments instead of running; every
                          job of the sweep must be present unless --partial.
      --partial           With --merge: rank what is there even when jobs are missing.
      --rank-by METRIC    mota (default), idf1, placementErrorMm or jitterMm.
      --json              Print the ranking as one JSON object instead of a table.
      --help              Show this help.

    Jobs that fail (unreadable recording, invalid frame) are written with "error" set; the run
    then exits 1 after writing all results. Throughput goes to stderr.
    """

  static let options: [String: ParsedArguments.Arity] = [
    "recordings": .one, "grid": .one, "out": .one, "shard": .one, "threads": .one,
    "merge": .flag, "partial": .flag, "rank-by": .one, "json": .flag,
  ]

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    // Parse and validate.
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    var metric = SweepMetric.mota
    if let name = parsed.string("rank-by") {
      guard let value = SweepMetric(rawValue: name) else {
        let valid = SweepMetric.allCases.map(\.rawValue).joined(separator: ", ")
        throw .usage("option --rank-by: unknown metric \"\(name)\" (valid: \(valid))")
      }
      metric = value
    }
    let outPath = parsed.string("out")
    if let outPath, outPath.isEmpty { throw .usage("option --out: empty file name") }
    if parsed.flag("merge") {
      for name in ["recordings", "grid", "shard", "threads"] where parsed.string(name) != nil {
        throw .usage("option --\(name) cannot be used with --merge")
      }
      guard !parsed.positional.isEmpty else { throw .usage("--merge needs result files") }
      return try merge(
        files: parsed.positional, outPath: outPath, partial: parsed.flag("partial"),
        metric: metric, json: parsed.flag("json"))
    }
    if parsed.flag("partial") { throw .usage("option --partial needs --merge") }
    if let extra = parsed.positional.first { throw .usage("unexpected argument \"\(extra)\"") }
    guard let directory = parsed.string("recordings") else {
      throw .usage("missing --recordings DIR")
    }
    guard let gridPath = parsed.string("grid") else { throw .usage("missing --grid GRID.json") }
    guard let outPath else { throw .usage("missing --out RESULTS.jsonl") }
    var shard = SweepShard.all
    if let text = parsed.string("shard") {
      guard let value = SweepShard(text) else {
        throw .usage("option --shard: expected I/N with 0 <= I < N, got \"\(text)\"")
      }
      shard = value
    }
    var threads = ProcessInfo.processInfo.activeProcessorCount
    if let text = parsed.string("threads") {
      guard let value = Int(text), (1...256).contains(value) else {
        throw .usage("option --threads: expected an integer in 1...256, got \"\(text)\"")
      }
      threads = value
    }

    // Run.
    let grid: SweepGrid
    let recordings: [String]
    do {
      grid = try SweepGrid(contentsOfFile: gridPath)
      recordings = try SweepRunner.recordings(inDirectory: directory)
    } catch {
      throw .runtime("\(error)")
    }
    guard !recordings.isEmpty else {
      throw .runtime("\(directory): no recordings (files ending .json or .jsonl)")
    }
    let all = SweepJob.jobs(recordings: recordings, combinationCount: grid.combinations.count)
    let jobs = shard.jobs(of: all)
    let runner = SweepRunner(grid: grid, recordingsDirectory: directory, threadCount: threads)
    var writer = try LineWriter(path: outPath)
    var results: [SweepResult] = []
    var frames = 0
    let clock = ContinuousClock()
    let start = clock.now
    do {
      try runner.run(jobs, jobCount: all.count) { result in
        try writer.write(result.jsonValue)
        frames += result.frameCount
        results.append(rankingPart(of: result))
      }
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .runtime("\(outPath): \(error)")
    }
    try writer.close()
    let seconds = max(1e-9, (clock.now - start) / .seconds(1))
    Tool.writeError(
      "arsim sweep: shard \(shard): \(jobs.count) of \(all.count) jobs, \(frames) frames in "
        + "\(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", Double(jobs.count) / seconds)) jobs/s, "
        + "\(String(format: "%.0f", Double(frames) / seconds)) frames/s) on \(threads) threads\n")
    let failed = results.filter { $0.error != nil }
    if let first = failed.first?.error {
      throw .runtime(
        "\(failed.count) of \(jobs.count) jobs failed (first: \(first)); results written to "
          + "\(outPath); rank the others with `arsim sweep --merge \(outPath)`")
    }
    let header =
      "swept \(recordings.count) recordings x \(grid.combinations.count) combinations = "
      + "\(all.count) jobs; shard \(shard) ran \(jobs.count) jobs, \(frames) frames"
    return try report(
      SweepRanking(results: results, rankBy: metric), header: header, json: parsed.flag("json"))
  }

  /// What the ranking reads of a result (axes, error, the ranked metrics), so that a long run
  /// keeps little per job in memory.
  static func rankingPart(of result: SweepResult) -> SweepResult {
    var part = result
    part.settings = .null
    part.placement = .null
    if case .object(let members) = result.metrics {
      var kept: [String: JSONValue] = [:]
      for metric in SweepMetric.allCases { kept[metric.metricsKey] = members[metric.metricsKey] }
      part.metrics = .object(kept)
    }
    return part
  }

  /// Streams the merge: lines go to `outPath` as they come (the file is removed again when the
  /// merge fails or, without `partial`, jobs are missing); the ranking keeps `rankingPart`s.
  static func merge(
    files: [String], outPath: String?, partial: Bool, metric: SweepMetric, json: Bool
  ) throws(CommandLineError) -> String {
    var writer = try outPath.map { path throws(CommandLineError) in try LineWriter(path: path) }
    func fail(_ error: CommandLineError) -> CommandLineError {
      if let outPath { try? FileManager.default.removeItem(atPath: outPath) }
      return error
    }
    var merge: SweepResultMerge
    var results: [SweepResult] = []
    do {
      merge = try SweepResultMerge(files: files)
      while let entry = try merge.next() {
        try writer?.writeLine(entry.line)
        results.append(rankingPart(of: entry.result))
      }
      try writer?.close()
    } catch let error as CommandLineError {
      throw fail(error)
    } catch {
      throw fail(.runtime("\(error)"))
    }
    if merge.missingJobCount > 0, !partial {
      let shown = merge.missingSample.map(String.init).joined(separator: ", ")
      let more = merge.missingJobCount > merge.missingSample.count ? ", ..." : ""
      throw fail(
        .runtime(
          "\(merge.missingJobCount) of \(merge.jobCount ?? 0) jobs missing (\(shown)\(more)); "
            + "merge every shard's output, or pass --partial"))
    }
    let failed = results.count(where: { $0.error != nil })
    let header =
      "merged \(files.count) files: \(results.count) of \(merge.jobCount ?? 0) jobs"
      + (failed > 0 ? ", \(failed) failed" : "")
    return try report(SweepRanking(results: results, rankBy: metric), header: header, json: json)
  }

  static func report(_ ranking: SweepRanking, header: String, json: Bool) throws(CommandLineError)
    -> String
  {
    if json {
      do {
        return String(decoding: try JSONWriter.bytes(of: ranking.jsonValue), as: UTF8.self)
      } catch {
        throw .runtime("\(error)")
      }
    }
    return SweepTable.text(of: ranking, header: header)
  }
}
