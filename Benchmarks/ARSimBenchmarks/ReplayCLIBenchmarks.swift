import Foundation

/// `ARSimBenchmarks replay-cli [--arsim PATH] [--seconds 60] [--rounds 7] [--threads 1,2]
/// [--spec Scenes/specs/dashboard-portrait.json] [--work DIR]`
///
/// End-to-end replay as users run it: `arsim synth` writes a JSON Lines recording of the dashboard
/// spec lengthened to `--seconds` (60 s at 60 fps: 3,600 frames; outside the timed region), then
/// `arsim replay FILE --json --threads N` runs as a process for each N, interleaved, `--rounds`
/// times. Timed: the whole process (start-up, reading and decoding, replay, output). Reports the
/// medians of wall time, frames per wall second, frames per CPU second (user + system time of the
/// child) and, for N > 1, the speed-up over one thread (median of per-round ratios); every run's
/// output must be the same bytes. The load average is printed at the start and the end.
enum ReplayCLIBenchmarks {
  struct Row: Encodable {
    var threads: Int
    var frames: Int
    var wallMedianSeconds: Double
    var framesPerSecond: Double
    var framesPerCPUSecond: Double
    var speedUpOverOneThread: Double?
  }

  struct Report: Encodable {
    var benchmark = "replay-cli"
    var file: String
    var bytes: Int
    var rounds: Int
    var loadAverageStart: [Double]
    var loadAverageEnd: [Double]
    var rows: [Row]
  }

  static func run(arguments: [String]) {
    var options = [
      "--arsim": RaycastCLIBenchmarks.Options().arsim, "--seconds": "60", "--rounds": "7",
      "--threads": "1,2", "--spec": "Scenes/specs/dashboard-portrait.json",
      "--work": FileManager.default.temporaryDirectory.appendingPathComponent("arsim-replay-cli")
        .path,
    ]
    var index = 0
    while index + 1 < arguments.count {
      guard options[arguments[index]] != nil else {
        RaycastCLIBenchmarks.fail("replay-cli: unknown option \(arguments[index])", code: 64)
      }
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let arsim = options["--arsim"]!
    let work = options["--work"]!
    let rounds = max(1, Int(options["--rounds"]!) ?? 7)
    let threadCounts = options["--threads"]!.split(separator: ",").compactMap { Int($0) }
    guard let seconds = Double(options["--seconds"]!), seconds > 0, !threadCounts.isEmpty,
      let specData = FileManager.default.contents(atPath: options["--spec"]!),
      var spec = try? JSONSerialization.jsonObject(with: specData) as? [String: Any]
    else { RaycastCLIBenchmarks.fail("replay-cli: bad options or unreadable spec", code: 64) }
    try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    spec["durationSeconds"] = seconds
    let specPath = "\(work)/spec.json"
    let recording = "\(work)/recording.jsonl"
    guard let specOut = try? JSONSerialization.data(withJSONObject: spec),
      (try? specOut.write(to: URL(fileURLWithPath: specPath))) != nil,
      runProcess(arsim, ["synth", specPath, "--seed", "1", "--out", recording]).status == 0
    else { RaycastCLIBenchmarks.fail("replay-cli: cannot synthesize \(recording)") }

    let start = RaycastCLIBenchmarks.loadAverage()
    var wall: [Int: [Double]] = [:]
    var cpu: [Int: [Double]] = [:]
    var reference: Data?
    var frames = 0
    for _ in 0..<rounds {
      for threads in threadCounts {
        let run = runProcess(arsim, ["replay", recording, "--json", "--threads", "\(threads)"])
        guard run.status == 0 else { RaycastCLIBenchmarks.fail("replay-cli: replay failed") }
        if let reference, reference != run.output {
          RaycastCLIBenchmarks.fail("replay-cli: output differs with --threads \(threads)")
        }
        reference = run.output
        if frames == 0,
          let object = try? JSONSerialization.jsonObject(with: run.output) as? [String: Any]
        {
          frames = (object["frameCount"] as? NSNumber)?.intValue ?? 0
        }
        wall[threads, default: []].append(run.wallSeconds)
        cpu[threads, default: []].append(run.cpuSeconds)
      }
    }
    let median = RaycastCLIBenchmarks.median
    let rows = threadCounts.map { threads in
      Row(
        threads: threads, frames: frames, wallMedianSeconds: median(wall[threads]!),
        framesPerSecond: median(wall[threads]!.map { Double(frames) / $0 }),
        framesPerCPUSecond: median(cpu[threads]!.map { Double(frames) / $0 }),
        speedUpOverOneThread: threads == 1 || wall[1] == nil
          ? nil : median(zip(wall[1]!, wall[threads]!).map { $0 / $1 }))
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? 0
    BenchmarkHarness.printJSON(
      Report(
        file: recording, bytes: bytes, rounds: rounds, loadAverageStart: start,
        loadAverageEnd: RaycastCLIBenchmarks.loadAverage(), rows: rows))
  }

  /// Runs a process to its end: exit status, standard output, wall time and the child's user +
  /// system CPU time.
  static func runProcess(_ executable: String, _ arguments: [String]) -> (
    status: Int32, output: Data, wallSeconds: Double, cpuSeconds: Double
  ) {
    var before = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &before)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    let clock = ContinuousClock()
    let started = clock.now
    do {
      try process.run()
    } catch {
      RaycastCLIBenchmarks.fail("replay-cli: cannot run \(executable): \(error)")
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = (clock.now - started).components
    var after = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &after)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
    let cpu =
      seconds(after.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_utime)
      - seconds(before.ru_stime)
    return (
      process.terminationStatus, output,
      Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18, cpu
    )
  }
}
