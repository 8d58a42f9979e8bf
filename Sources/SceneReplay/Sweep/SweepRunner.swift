import Dispatch
import Foundation
import SceneFormat

/// Runs sweep jobs: each job is one single-threaded `ReplayEngine` run of one recording under one
/// combination; jobs run on up to `threadCount` threads at once (each thread taking the next job
/// when it finishes one), and results are handed over in job order, so what a caller
/// writes is the same bytes for any thread count.
public struct SweepRunner: Sendable {
  /// The grid whose combinations the jobs index.
  public let grid: SweepGrid
  /// The directory the jobs' recording names are relative to.
  public let recordingsDirectory: String
  /// Jobs run at once (>= 1).
  public let threadCount: Int

  /// The limits each recording is read under.
  public let limits: RecordingLimits

  /// Creates a runner; a thread count below 1 is raised to 1.
  public init(
    grid: SweepGrid, recordingsDirectory: String, threadCount: Int = 1,
    limits: RecordingLimits = .default
  ) {
    self.grid = grid
    self.recordingsDirectory = recordingsDirectory
    self.threadCount = max(1, threadCount)
    self.limits = limits
  }

  /// The recordings in `directory`: the names of its regular files ending in `.json` or `.jsonl`
  /// (not in subdirectories), sorted by their UTF-8 bytes. Entries with those endings that are
  /// not regular files (a FIFO, a socket, a device: reading them could wait forever) are left
  /// out; ``recordingListing(inDirectory:)`` names them.
  ///
  /// - Throws: `InputFileError` (`.io`) when the directory cannot be listed.
  public static func recordings(inDirectory directory: String) throws -> [String] {
    try recordingListing(inDirectory: directory).recordings
  }

  /// The recordings in `directory` (as ``recordings(inDirectory:)``) and the entries ending in
  /// `.json` or `.jsonl` left out because they are not regular files, each with its kind
  /// (symbolic links are followed: a link to a recording is one). Both sorted by their UTF-8
  /// bytes; no entry is opened.
  ///
  /// - Throws: `InputFileError` (`.io`) when the directory cannot be listed.
  public static func recordingListing(inDirectory directory: String) throws
    -> SweepRecordingListing
  {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw InputFileError(.io, "cannot list the directory", file: directory)
    }
    var listing = SweepRecordingListing()
    for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    where name.hasSuffix(".json") || name.hasSuffix(".jsonl") {
      switch FileReading.FileKind(path: directory + "/" + name) {
      case .regular?: listing.recordings.append(name)
      case .directory?, nil: continue
      case let kind?: listing.skipped.append((name, kind.refusal))
      }
    }
    return listing
  }

  /// Runs one job; a recording that cannot be read or replayed gives a result with `error` set
  /// (the error names the recording as listed, not the full path, so results do not depend on
  /// where the directory is mounted).
  ///
  /// - Precondition: `job.combinationIndex` is an index of `grid.combinations`.
  public func run(_ job: SweepJob, jobCount: Int) -> SweepResult {
    let combination = grid.combinations[job.combinationIndex]
    var result = SweepResult(
      jobIndex: job.index, jobCount: jobCount, recording: job.recording,
      combinationIndex: job.combinationIndex, axes: combination.axesJSON,
      settings: combination.settingsJSON, frameCount: 0, metrics: .null, placement: .null,
      error: nil)
    do {
      var source = try ReplaySource(
        contentsOfFile: recordingsDirectory + "/" + job.recording, limits: limits)
      let report = try ReplayEngine(settings: combination.settings, threadCount: 1).run(&source)
      result.frameCount = report.frameCount
      result.metrics = report.metrics?.jsonValue ?? .null
      result.placement = report.placement.jsonValue
    } catch var error as InputFileError {
      error.file = job.recording
      result.error = error.description
    } catch {
      result.error = "\(job.recording): \(error)"
    }
    return result
  }

  /// Runs `jobs` and calls `onResult` with each result in the order of `jobs`, on the calling
  /// thread. Workers take the next job as soon as they finish one, up to `8 * threadCount` jobs
  /// ahead of the results handed over; memory holds at most that many results.
  ///
  /// - Throws: what `onResult` throws (no job starts after that; jobs running finish first).
  public func run(
    _ jobs: [SweepJob], jobCount: Int, onResult: (SweepResult) throws -> Void
  ) rethrows {
    let workers = min(threadCount, jobs.count)
    guard workers > 1 else {
      for job in jobs { try onResult(run(job, jobCount: jobCount)) }
      return
    }
    let queue = SweepJobQueue<SweepResult>(count: jobs.count, window: 8 * threadCount)
    let finished = DispatchGroup()
    for _ in 0..<workers {
      finished.enter()
      let worker = Thread { [self] in
        while let position = queue.take() {
          queue.put(run(jobs[position], jobCount: jobCount), at: position)
        }
        finished.leave()
      }
      worker.stackSize = 8 << 20
      worker.start()
    }
    defer {
      queue.cancel()
      finished.wait()
    }
    for _ in jobs.indices { try onResult(queue.next()) }
  }
}
