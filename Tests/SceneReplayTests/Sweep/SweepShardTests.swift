import SceneFormat
import Testing

@testable import SceneReplay

/// `SweepJob` numbering and `SweepShard`: parsing and the partition of the jobs.
@Suite struct SweepShardTests {
  @Test func jobsAreRecordingMajor() {
    let jobs = SweepJob.jobs(recordings: ["a.json", "b.jsonl"], combinationCount: 3)
    #expect(jobs.map(\.index) == Array(0..<6))
    #expect(
      jobs.map(\.recording) == ["a.json", "a.json", "a.json", "b.jsonl", "b.jsonl", "b.jsonl"])
    #expect(jobs.map(\.recordingIndex) == [0, 0, 0, 1, 1, 1])
    #expect(jobs.map(\.combinationIndex) == [0, 1, 2, 0, 1, 2])
    #expect(SweepJob.jobs(recordings: [], combinationCount: 3).isEmpty)
  }

  @Test(arguments: [("0/1", 0, 1), ("0/3", 0, 3), ("2/3", 2, 3), ("7/8", 7, 8)])
  func parses(text: String, index: Int, count: Int) throws {
    let shard = try #require(SweepShard(text))
    #expect(shard.index == index && shard.count == count)
    #expect(shard.description == text)
  }

  @Test(arguments: ["3/3", "-1/2", "1/0", "0/-1", "a/b", "1/2/3", "1", "", "/2", "1/"])
  func rejects(text: String) {
    #expect(SweepShard(text) == nil)
  }

  /// Round robin: shard 1 of 3 over 8 jobs takes 1, 4, 7.
  @Test func roundRobin() throws {
    let jobs = SweepJob.jobs(recordings: ["a", "b"], combinationCount: 4)
    #expect(try #require(SweepShard("1/3")).jobs(of: jobs).map(\.index) == [1, 4, 7])
    #expect(SweepShard.all.jobs(of: jobs) == jobs)
  }

  /// For any job count and shard count, the shards are disjoint and their union is every job.
  @Test(arguments: [0, 1, 5, 24, 97])
  func shardsPartitionTheJobs(jobCount: Int) throws {
    let jobs = SweepJob.jobs(recordings: ["r"], combinationCount: jobCount)
    for count in 1...7 {
      var owner = [Int](repeating: 0, count: jobCount)
      for index in 0..<count {
        for job in try SweepShard(index: index, count: count).jobs(of: jobs) {
          owner[job.index] += 1
        }
      }
      #expect(owner.allSatisfy { $0 == 1 }, "count \(count)")
    }
  }
}
