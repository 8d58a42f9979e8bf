import Placement
import SceneFormat

/// A share of a sweep's jobs for one worker of a batch engine: shard `index` of `count` takes the
/// jobs whose index `k` has `k % count == index` (round robin, so every shard gets a similar mix
/// of recordings and combinations). The shards `0..<count` partition the jobs: every job is in
/// exactly one shard.
public struct SweepShard: Sendable, Hashable, CustomStringConvertible {
  /// The 0-based shard index (`0..<count`).
  public let index: Int
  /// The number of shards (>= 1).
  public let count: Int

  /// The one shard that holds every job.
  public static let all = SweepShard(unchecked: 0, count: 1)

  /// A shard.
  ///
  /// - Throws: `ParameterError` unless `count >= 1` and `0 <= index < count`.
  public init(index: Int, count: Int) throws(ParameterError) {
    try ParameterError.requireAtLeast(count, 1, "count")
    guard (0..<count).contains(index) else {
      throw ParameterError(parameter: "index", value: "\(index)", requirement: "in 0..<\(count)")
    }
    self.init(unchecked: index, count: count)
  }

  /// Parses `i/n` (decimal, 0-based `i`), or `nil` when malformed or out of range (a text parse,
  /// like `Int(_:)`).
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]),
      let shard = try? SweepShard(index: i, count: n)
    else { return nil }
    self = shard
  }

  init(unchecked index: Int, count: Int) {
    assert(count >= 1 && (0..<count).contains(index))
    self.index = index
    self.count = count
  }

  /// `i/n`.
  public var description: String { "\(index)/\(count)" }

  /// Whether job `jobIndex` (>= 0) belongs to this shard.
  public func contains(jobIndex: Int) -> Bool { jobIndex % count == index }

  /// The jobs of this shard, in job order.
  ///
  /// - Complexity: O(jobs).
  public func jobs(of jobs: [SweepJob]) -> [SweepJob] {
    jobs.filter { contains(jobIndex: $0.index) }
  }
}
