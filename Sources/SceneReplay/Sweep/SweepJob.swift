import SceneFormat

/// One unit of sweep work: one recording replayed under one combination of a grid.
///
/// Jobs are numbered recording-major: with recordings sorted by name (byte order) and `C`
/// combinations, job `k` replays recording `k / C` under combination `k % C`. The index is the
/// job's stable id: the same recordings and grid give the same numbering on every machine, which
/// is what lets shards run apart and merge back in job order.
public struct SweepJob: Sendable, Hashable {
  /// The job id: 0-based index in recording-major order.
  public let index: Int
  /// The 0-based index of the recording in the sorted list.
  public let recordingIndex: Int
  /// The recording's name as listed (relative to the recordings directory).
  public let recording: String
  /// The 0-based combination index in the grid's product order.
  public let combinationIndex: Int

  /// Creates a job.
  public init(index: Int, recordingIndex: Int, recording: String, combinationIndex: Int) {
    self.index = index
    self.recordingIndex = recordingIndex
    self.recording = recording
    self.combinationIndex = combinationIndex
  }

  /// Every job for `recordings` (in the order given; callers sort them) times
  /// `combinationCount` combinations, in job order.
  ///
  /// - Complexity: O(recordings × combinations).
  public static func jobs(recordings: [String], combinationCount: Int) -> [SweepJob] {
    var jobs: [SweepJob] = []
    jobs.reserveCapacity(recordings.count * max(0, combinationCount))
    for (r, recording) in recordings.enumerated() {
      for c in 0..<max(0, combinationCount) {
        jobs.append(
          SweepJob(
            index: jobs.count, recordingIndex: r, recording: recording, combinationIndex: c))
      }
    }
    return jobs
  }
}
