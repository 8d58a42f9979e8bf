import Foundation
import Testing

@testable import SceneReplay

/// `SweepJobQueue`: positions handed out once each, results consumed in position order, workers
/// held within the window, and cancellation.
@Suite struct SweepJobQueueTests {
  /// Counters shared by the test's threads (behind a lock).
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var taken: [Int] = []
    private(set) var consumed = 0
    private(set) var aheadViolations: [Int] = []

    func took(_ position: Int, window: Int) {
      lock.lock()
      defer { lock.unlock() }
      taken.append(position)
      // The consumer counts a result just after the queue does, so its count may lag by one.
      if position >= consumed + window + 1 { aheadViolations.append(position) }
    }

    func consumedOne() {
      lock.lock()
      consumed += 1
      lock.unlock()
    }
  }

  /// Runs `workers` threads that square positions (slower for every third one) until the queue
  /// runs dry; returns a group to wait on.
  static func startWorkers(
    _ workers: Int, on queue: SweepJobQueue<Int>, window: Int, log: Log
  ) -> DispatchGroup {
    let group = DispatchGroup()
    for _ in 0..<workers {
      group.enter()
      Thread {
        while let position = queue.take() {
          log.took(position, window: window)
          if position % 3 == 0 { usleep(200) }
          queue.put(position * position, at: position)
        }
        group.leave()
      }.start()
    }
    return group
  }

  @Test(arguments: [(1, 1), (3, 2), (4, 5), (2, 64)])
  func resultsInOrderWithinTheWindow(workers: Int, window: Int) {
    let count = 40
    let queue = SweepJobQueue<Int>(count: count, window: window)
    let log = Log()
    let group = Self.startWorkers(workers, on: queue, window: window, log: log)
    var results: [Int] = []
    for _ in 0..<count {
      results.append(queue.next())
      log.consumedOne()
    }
    group.wait()
    #expect(results == (0..<count).map { $0 * $0 })
    #expect(log.taken.sorted() == Array(0..<count))
    #expect(log.aheadViolations.isEmpty)
  }

  @Test func cancellingStopsHandingOutPositions() {
    let count = 100
    let window = 4
    let queue = SweepJobQueue<Int>(count: count, window: window)
    let log = Log()
    let group = Self.startWorkers(3, on: queue, window: window, log: log)
    for _ in 0..<5 {
      _ = queue.next()
      log.consumedOne()
    }
    queue.cancel()
    group.wait()
    // At most a window past the 5 consumed (and the lag of one) was ever taken.
    #expect(log.taken.count <= 5 + window + 1)
    #expect(queue.take() == nil)
  }
}
