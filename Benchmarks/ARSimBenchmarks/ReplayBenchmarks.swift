import Foundation
import SceneFormat
import SceneReplay
import _ReplayFixtures

/// `ARSimBenchmarks replay [--frames N] [--repetitions R] [--minutes-short A] [--minutes-long B]
/// [--scene FILE]`
///
/// Sample scene: `--scene FILE` (default `Scenes/dashboard-portrait.json` when it exists under
/// the working directory) is decoded once and replayed single-threaded per repetition
/// ("sampleScene", decoding excluded) — the goal is >= 10,000 frames/s on it.
/// Throughput: a generated dashboard scene (12 buttons, 60 fps, N frames, default 3600) is
/// replayed with the default settings, per repetition:
/// - "placementAndTracking": from a `Recording` decoded in the set-up (decoding excluded);
/// - "jsonLinesIncludingDecoding": streaming the JSON Lines file (read + parse + decode + replay);
/// - the same with 2 threads.
/// Memory: two child processes each stream a JSON Lines replay of A and B minutes (default 1 and
/// 10) and report their peak resident set size (`getrusage` maxrss); the ratio long/short is
/// printed. Files are generated into a fresh temporary directory, outside the timed regions.
/// Prints one JSON object (sorted keys). `replay-memory FILE` is the child's entry point.
enum ReplayBenchmarks {
  struct Result: Encodable {
    let frames: Int
    let buttons: Int
    let placementAndTracking: BenchmarkHarness.Timing
    let placementAndTrackingFramesPerSecond: Double
    let jsonLinesIncludingDecoding: BenchmarkHarness.Timing
    let jsonLinesIncludingDecodingFramesPerSecond: Double
    let twoThreadsFramesPerSecond: Double
    let sampleScene: SampleScene?
    let memory: Memory
  }

  struct SampleScene: Encodable {
    let file: String
    let frames: Int
    let detections: Int
    let timing: BenchmarkHarness.Timing
    let framesPerSecond: Double
  }

  struct Memory: Encodable {
    let shortMinutes: Double
    let longMinutes: Double
    let shortPeakResidentBytes: Int
    let longPeakResidentBytes: Int
    let longOverShortRatio: Double
    let shortFileBytes: Int
    let longFileBytes: Int
  }

  static func run(arguments: [String]) {
    var options = [
      "--frames": "3600", "--repetitions": "5", "--minutes-short": "1", "--minutes-long": "10",
      "--scene": "Scenes/dashboard-portrait.json",
    ]
    var index = 0
    while index + 1 < arguments.count {
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let frameCount = max(1, Int(options["--frames"]!) ?? 3600)
    let repetitions = max(1, Int(options["--repetitions"]!) ?? 5)
    let shortMinutes = Double(options["--minutes-short"]!) ?? 1
    let longMinutes = Double(options["--minutes-long"]!) ?? 10
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ARSimBenchmarks-replay-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let scenario = DashboardReplayScenario(frameCount: frameCount)
      let recording = try scenario.recording()
      let path = directory.appendingPathComponent("scene.jsonl").path
      try scenario.writeJSONLines(toFile: path)

      let inMemory = BenchmarkHarness.time(repetitions: repetitions) {
        var source = ReplaySource(recording: recording)
        return checksum(try? ReplayEngine().run(&source))
      }
      let streamed = BenchmarkHarness.time(repetitions: repetitions) {
        guard var source = try? ReplaySource(contentsOfFile: path) else { return .nan }
        return checksum(try? ReplayEngine().run(&source))
      }
      let twoThreads = BenchmarkHarness.time(repetitions: repetitions) {
        var source = ReplaySource(recording: recording)
        return checksum(try? ReplayEngine(threadCount: 2).run(&source))
      }
      precondition(
        inMemory.checksum == streamed.checksum && inMemory.checksum == twoThreads.checksum,
        "replays of the same scene disagree")

      var sampleScene: SampleScene?
      let scenePath = options["--scene"]!
      if FileManager.default.fileExists(atPath: scenePath) {
        let sceneRecording = try Recording(contentsOfFile: scenePath)
        var report: ReplayReport?
        let timing = BenchmarkHarness.time(repetitions: repetitions) {
          var source = ReplaySource(recording: sceneRecording)
          report = try? ReplayEngine().run(&source)
          return checksum(report)
        }
        sampleScene = SampleScene(
          file: scenePath, frames: sceneRecording.frames.count,
          detections: report?.placement.detectionCount ?? 0, timing: timing,
          framesPerSecond: Double(sceneRecording.frames.count) / timing.medianSeconds)
      }

      var peaks: [Int] = []
      var sizes: [Int] = []
      for minutes in [shortMinutes, longMinutes] {
        let file = directory.appendingPathComponent("session-\(minutes)min.jsonl").path
        var long = DashboardReplayScenario(frameCount: Int(minutes * 60 * 60))
        long.seed = 7
        try long.writeJSONLines(toFile: file)
        sizes.append(
          (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        peaks.append(try childPeakResidentBytes(replaying: file))
      }
      BenchmarkHarness.printJSON(
        Result(
          frames: frameCount, buttons: scenario.buttonCount, placementAndTracking: inMemory,
          placementAndTrackingFramesPerSecond: Double(frameCount) / inMemory.medianSeconds,
          jsonLinesIncludingDecoding: streamed,
          jsonLinesIncludingDecodingFramesPerSecond: Double(frameCount) / streamed.medianSeconds,
          twoThreadsFramesPerSecond: Double(frameCount) / twoThreads.medianSeconds,
          sampleScene: sampleScene,
          memory: Memory(
            shortMinutes: shortMinutes, longMinutes: longMinutes,
            shortPeakResidentBytes: peaks[0], longPeakResidentBytes: peaks[1],
            longOverShortRatio: Double(peaks[1]) / Double(max(peaks[0], 1)),
            shortFileBytes: sizes[0], longFileBytes: sizes[1])))
    } catch {
      FileHandle.standardError.write(Data("replay benchmark failed: \(error)\n".utf8))
      exit(1)
    }
  }

  /// A value derived from the whole report, so that runs can be compared for equal work.
  static func checksum(_ report: ReplayReport?) -> Double {
    guard let report else { return .nan }
    let positions = report.markers.reduce(0.0) {
      $0 + Double($1.lastPosition.x + $1.lastPosition.y + $1.lastPosition.z)
    }
    return Double(report.frameCount) + Double(report.placement.detectionCount) + positions
  }

  /// Runs this executable as `replay-memory FILE` and reads the child's peak RSS (bytes).
  static func childPeakResidentBytes(replaying file: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["replay-memory", file]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let bytes = Int(
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw InputFileError(.io, "the memory child failed", file: file) }
    return bytes
  }

  /// The child: streams `FILE`, then prints its peak resident set size in bytes.
  static func memoryChild(arguments: [String]) {
    guard let file = arguments.first, var source = try? ReplaySource(contentsOfFile: file),
      let report = try? ReplayEngine().run(&source)
    else { exit(1) }
    BenchmarkHarness.blackHole(Double(report.frameCount))
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(usage.ru_maxrss * 1024)  // Linux reports kilobytes.
  }
}
