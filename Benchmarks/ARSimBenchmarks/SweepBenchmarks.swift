import Foundation
import SceneFormat
import SceneReplay
import _ReplayFixtures

/// `ARSimBenchmarks sweep [--recordings R] [--frames N] [--repetitions K]`
///
/// Throughput of `SweepRunner`: R generated dashboard recordings (JSON Lines, N frames each,
/// noise seeds 1...R; default 4 x 600) under an 8-combination grid (2 filters x 2 association
/// gates x 2 anchor points), every job's result line encoded into memory, on 1 and 2 threads.
/// The timed region includes reading and decoding each recording (as a sweep does); generating
/// the files is outside it. The two thread counts must give the same bytes. Prints one JSON
/// object (sorted keys): medians, jobs/s, frames/s and the 2-thread speed-up.
enum SweepBenchmarks {
  struct Result: Encodable {
    let recordings: Int
    let framesPerRecording: Int
    let combinations: Int
    let jobs: Int
    let oneThread: BenchmarkHarness.Timing
    let twoThreads: BenchmarkHarness.Timing
    let oneThreadJobsPerSecond: Double
    let twoThreadsJobsPerSecond: Double
    let oneThreadFramesPerSecond: Double
    let twoThreadsFramesPerSecond: Double
    let twoThreadSpeedup: Double
    /// Process CPU time (user + system) per run over wall time: about 1 for one thread, about 2
    /// when two threads both run; below that the machine was busy or the threads waited.
    let oneThreadCPUOverWall: Double
    let twoThreadsCPUOverWall: Double
  }

  /// User + system CPU seconds of this process so far.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  static let grid = """
    {"format": "arplacementsim.sweepGrid", "version": 1,
     "filters": [{"name": "kalman"}, {"name": "oneEuro", "parameters": {"beta": 0.5}}],
     "trackers": [{"associationGateMeters": 0.015}, {"associationGateMeters": 0.03}],
     "anchorPoints": ["center", "bottomCenter"]}
    """

  static func run(arguments: [String]) {
    var options = ["--recordings": "4", "--frames": "600", "--repetitions": "3"]
    var index = 0
    while index + 1 < arguments.count {
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let recordingCount = max(1, Int(options["--recordings"]!) ?? 4)
    let frameCount = max(1, Int(options["--frames"]!) ?? 600)
    let repetitions = max(1, Int(options["--repetitions"]!) ?? 3)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ARSimBenchmarks-sweep-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      for seed in 1...recordingCount {
        var scenario = DashboardReplayScenario(frameCount: frameCount)
        scenario.seed = UInt64(seed)
        try scenario.writeJSONLines(
          toFile: directory.appendingPathComponent("recording-\(seed).jsonl").path)
      }
      let grid = try SweepGrid(json: JSONParser.parse(grid))
      let recordings = try SweepRunner.recordings(inDirectory: directory.path)
      let jobs = SweepJob.jobs(recordings: recordings, combinationCount: grid.combinations.count)
      var outputs: [Int: [UInt8]] = [:]
      var frames = 0
      func timing(threads: Int) -> (BenchmarkHarness.Timing, cpuOverWall: Double) {
        let runner = SweepRunner(
          grid: grid, recordingsDirectory: directory.path, threadCount: threads)
        let clock = ContinuousClock()
        let cpuStart = cpuSeconds()
        let wallStart = clock.now
        let timing = BenchmarkHarness.time(repetitions: repetitions) {
          var bytes: [UInt8] = []
          var total = 0
          runner.run(jobs, jobCount: jobs.count) { result in
            try? JSONWriter.write(result.jsonValue, into: &bytes)
            bytes.append(0x0A)
            total += result.frameCount
          }
          outputs[threads] = bytes
          frames = total
          return Double(bytes.count)
        }
        let wall = (clock.now - wallStart) / .seconds(1)
        return (timing, (cpuSeconds() - cpuStart) / wall)
      }
      let (one, oneCPU) = timing(threads: 1)
      let (two, twoCPU) = timing(threads: 2)
      precondition(outputs[1] == outputs[2], "1 and 2 threads gave different results")
      precondition(frames == recordingCount * frameCount * grid.combinations.count)
      BenchmarkHarness.printJSON(
        Result(
          recordings: recordingCount, framesPerRecording: frameCount,
          combinations: grid.combinations.count, jobs: jobs.count, oneThread: one,
          twoThreads: two,
          oneThreadJobsPerSecond: Double(jobs.count) / one.medianSeconds,
          twoThreadsJobsPerSecond: Double(jobs.count) / two.medianSeconds,
          oneThreadFramesPerSecond: Double(frames) / one.medianSeconds,
          twoThreadsFramesPerSecond: Double(frames) / two.medianSeconds,
          twoThreadSpeedup: one.medianSeconds / two.medianSeconds, oneThreadCPUOverWall: oneCPU,
          twoThreadsCPUOverWall: twoCPU))
    } catch {
      FileHandle.standardError.write(Data("sweep benchmark: \(error)\n".utf8))
      exit(1)
    }
  }
}
