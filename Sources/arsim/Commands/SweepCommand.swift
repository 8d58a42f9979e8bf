import Foundation
import SceneFormat
import SceneReplay

/// `arsim sweep`: replays every recording of a directory under every combination of a parameter
/// grid (in parallel, output in job order), writes one JSON line per job and ranks the
/// combinations; `--shard i/n` runs one share of the jobs, `--merge` merges and ranks shard
/// outputs.
enum SweepCommand {
  static let results = Argument<[String]>(
    repeating: "RESULTS.jsonl", atLeastOne: false, completion: .file,
    help: "With --merge: the result files of the shards (- for standard input).")
  static let recordings = Option<String?>(
    "recordings", valueName: "DIR", completion: .directory,
    help: "The recordings: files ending .json or .jsonl in DIR, sorted by name.")
  static let grid = Option<String?>(
    "grid", valueName: "GRID.json", completion: .file,
    help: "The parameter grid (- for standard input).")
  static let out = Option<String?>(
    "out", valueName: "FILE", completion: .outputFile,
    help: "Where to write the result lines (with --merge: the merged lines, in job order, "
      + "byte-identical to an unsharded run's; each input file must be in job order, as sweep "
      + "writes it).")
  static let shard = Option<SweepShard>(
    "shard", valueName: "I/N", default: .all,
    help: "Run only the jobs k with k % N == I (0 <= I < N). The N shards partition the jobs; "
      + "merge their outputs with --merge. 0/1 runs every job.")
  static let threads = Option.threads(
    help: "Jobs run at once. Default: the number of processors.")
  static let merge = Flag(
    "merge",
    help: "Read the result files given as arguments instead of running; every job of the sweep "
      + "must be present unless --partial.")
  static let partial = Flag(
    "partial", help: "With --merge: rank what is there even when jobs are missing.")
  static let rankBy = Option<SweepMetric>(
    "rank-by", valueName: "METRIC", default: .mota, help: "The metric that ranks combinations.")
  static let json = Flag("json", help: "Print the ranking as one JSON object instead of a table.")

  static let spec = CommandSpec(
    name: "sweep",
    summary: "Replay recordings under a parameter grid (sharded), rank the settings.",
    usage: [
      "sweep --recordings DIR --grid GRID.json --out RESULTS.jsonl",
      "      [options]",
      "sweep --merge RESULTS.jsonl... [--out MERGED.jsonl] [options]",
    ],
    discussion: """
      Replays every recording in DIR under every combination of GRID (a base replay settings \
      object and axes: filters, trackers, attempts, anchorPoints, backFacePolicies, \
      raycastSeeds, interpretVisionAs, matchThresholdMeters; see Scenes/grids/). Job k replays \
      recording k / C under combination k % C (C combinations). Writes a header line (the \
      shard, the sweep's job count, the number of lines that follow), then one JSON line per \
      job in job order (recording, combination, axes, settings, metrics; keys sorted): the same \
      bytes for any --threads. Then prints the combinations ranked by the mean of the --rank-by \
      metric over the recordings. --merge refuses an empty or truncated shard file, naming it.
      """,
    arguments: [results],
    options: [
      recordings, grid, out, shard, threads, merge, partial, rankBy, json, CommandContext.quietFlag,
    ],
    epilogue: """
      Jobs that fail (unreadable recording, invalid frame) are written with "error" set; the run \
      then exits 1 after writing all results. A progress line is shown on standard error when it \
      is a terminal, and a throughput line after the run, unless --quiet.
      """,
    inputs: { parsed in
      parsed.value(recordings).map {
        [PathArgument(role: .inputDirectory, label: "--recordings", path: $0)]
      } ?? []
    },
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    // Validate.
    let metric = parsed.value(rankBy)
    let outPath = parsed.value(out)
    if parsed.flag(merge) {
      for option in [recordings, grid, shard, threads] as [any OptionDeclaring]
      where parsed.isGiven(option) {
        throw .usage("option \(option.declaration.flagName) cannot be used with --merge")
      }
      let files = parsed.value(results)
      guard !files.isEmpty else { throw .usage("--merge needs result files") }
      return try merge(
        files: files, outPath: outPath, partial: parsed.flag(partial), metric: metric,
        json: parsed.flag(json), context)
    }
    if parsed.flag(partial) { throw .usage("option --partial needs --merge") }
    if let extra = parsed.value(results).first {
      throw .usage("unexpected argument \"\(extra)\" (result files go with --merge)")
    }
    guard let directory = parsed.value(recordings) else {
      throw .usage("option --recordings is required (or --merge)")
    }
    guard let gridPath = parsed.value(grid) else { throw .usage("option --grid is required") }
    guard let outPath else { throw .usage("option --out is required") }
    let selected = parsed.value(shard)
    let threadCount = parsed.threadCount(threads)

    // Run.
    let sweepGrid = try InputFile.load(
      gridPath, context,
      fromFile: {
        try SweepGrid(contentsOfFile: $0, maximumBytes: context.limits.maximumDocumentBytes)
      },
      fromBytes: { bytes, name in
        do {
          return try SweepGrid(json: JSONParser.parse(bytes))
        } catch let error as InputFileError {
          throw error.located(file: name)
        }
      })
    let listing: SweepRecordingListing
    do {
      listing = try SweepRunner.recordingListing(inDirectory: directory)
    } catch {
      throw .runtime(describing: error)
    }
    for (name, reason) in listing.skipped {
      context.note("arsim sweep: skipped \(directory)/\(name): \(reason)")
    }
    let recordingNames = listing.recordings
    guard !recordingNames.isEmpty else {
      throw .runtime("\(InputFile.name(directory)): no recordings (files ending .json or .jsonl)")
    }
    let all = SweepJob.jobs(
      recordings: recordingNames, combinationCount: sweepGrid.combinations.count)
    let jobs = selected.jobs(of: all)
    let runner = SweepRunner(
      grid: sweepGrid, recordingsDirectory: directory, threadCount: threadCount,
      limits: context.limits)
    var writer = try LineWriter(path: outPath, context)
    do {
      try writer.write(
        SweepResultsHeader(shard: selected, jobCount: all.count, lineCount: jobs.count).jsonValue)
    } catch {
      throw .runtime(describing: error)
    }
    var ranked: [SweepResult] = []
    var frames = 0
    var progress = context.progress("sweep", unit: "jobs")
    let clock = ContinuousClock()
    let start = clock.now
    do {
      try runner.run(jobs, jobCount: all.count) { result in
        try writer.write(result.jsonValue)
        frames += result.frameCount
        ranked.append(rankingPart(of: result))
        progress.update(done: ranked.count, total: jobs.count)
      }
    } catch {
      throw .runtime(describing: error)
    }
    progress.finish()
    try writer.commit()
    let seconds = max(1e-9, (clock.now - start) / .seconds(1))
    context.note(
      "arsim sweep: shard \(selected): \(jobs.count) of \(all.count) jobs, \(frames) frames in "
        + "\(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", Double(jobs.count) / seconds)) jobs/s, "
        + "\(String(format: "%.0f", Double(frames) / seconds)) frames/s) on \(threadCount) threads")
    let failed = ranked.filter { $0.error != nil }
    if let first = failed.first?.error {
      let shown = TerminalText.escaped(outPath)
      throw .runtime(
        "\(failed.count) of \(jobs.count) jobs failed (first: \(TerminalText.escaped(first))); "
          + "results written to \(shown); rank the others with `arsim sweep --merge \(shown)`")
    }
    let header =
      "swept \(recordingNames.count) recordings x \(sweepGrid.combinations.count) combinations = "
      + "\(all.count) jobs; shard \(selected) ran \(jobs.count) jobs, \(frames) frames"
    return try report(
      SweepRanking(results: ranked, rankBy: metric), header: header, json: parsed.flag(json))
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

  /// Streams the merge: lines go to `outPath`'s temporary as they come, and the file is put in
  /// place only when the merge succeeds (all jobs present, or `partial`); the ranking keeps
  /// `rankingPart`s.
  static func merge(
    files: [String], outPath: String?, partial: Bool, metric: SweepMetric, json: Bool,
    _ context: CommandContext
  ) throws(CommandLineError) -> String {
    var writer = try outPath.map { path throws(CommandLineError) in
      try LineWriter(path: path, context)
    }
    var merge: SweepResultMerge
    var results: [SweepResult] = []
    do {
      merge = try openMerge(files, context)
      try writer?.write(merge.mergedHeader.jsonValue)
      while let entry = try merge.next() {
        try writer?.output.write(entry.line + [0x0A])
        results.append(rankingPart(of: entry.result))
      }
    } catch {
      throw .runtime(describing: error)
    }
    if merge.missingJobCount > 0, !partial {
      let shown = merge.missingSample.map(String.init).joined(separator: ", ")
      let more = merge.missingJobCount > merge.missingSample.count ? ", ..." : ""
      throw .runtime(
        "\(merge.missingJobCount) of \(merge.jobCount ?? 0) jobs missing (\(shown)\(more))"
          + missingShards(merge.headers.map(\.shard))
          + "; merge every shard's output, or pass --partial")
    }
    try writer?.commit()
    let failed = results.count(where: { $0.error != nil })
    let header =
      "merged \(files.count) files: \(results.count) of \(merge.jobCount ?? 0) jobs"
      + (failed > 0 ? ", \(failed) failed" : "")
    return try report(SweepRanking(results: results, rankBy: metric), header: header, json: json)
  }

  /// `; no file for shard 1/4, 3/4` when the files are shards of one split and some are absent,
  /// else empty.
  static func missingShards(_ shards: [SweepShard]) -> String {
    guard let count = shards.first?.count, count > 1, shards.allSatisfy({ $0.count == count })
    else { return "" }
    let given = Set(shards.map(\.index))
    let absent = (0..<count).filter { !given.contains($0) }
    guard !absent.isEmpty else { return "" }
    let shown = absent.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
    return "; no file for shard \(shown)\(absent.count > 10 ? ", ..." : "")"
  }

  /// The merge over `files`, `-` standing for standard input.
  static func openMerge(_ files: [String], _ context: CommandContext) throws -> SweepResultMerge {
    let maximumLineBytes = context.limits.maximumLineBytes
    guard files.contains("-") else {
      return try SweepResultMerge(files: files, maximumLineBytes: maximumLineBytes)
    }
    var inputs: [(name: String, handle: FileHandle)] = []
    for file in files {
      if file == "-" {
        do {
          inputs.append((InputFile.standardInputName, try context.streams.openInput()))
        } catch {
          throw CommandLineError.runtime(error.message)
        }
      } else {
        inputs.append((file, try FileReading.openForReading(file)))
      }
    }
    return try SweepResultMerge(inputs: inputs, maximumLineBytes: maximumLineBytes)
  }

  static func report(_ ranking: SweepRanking, header: String, json: Bool) throws(CommandLineError)
    -> String
  {
    if json {
      do {
        return String(decoding: try JSONWriter.bytes(of: ranking.jsonValue), as: UTF8.self)
      } catch {
        throw .runtime(describing: error)
      }
    }
    return SweepTable.text(of: ranking, header: header)
  }
}

extension SweepShard: ExpressibleByArgument {
  init(argument: String) throws(ArgumentValueError) {
    guard let shard = SweepShard(argument) else {
      throw ArgumentValueError("expected I/N with 0 <= I < N, got \"\(argument)\"")
    }
    self = shard
  }
}

extension SweepMetric: ExpressibleByArgument {}
