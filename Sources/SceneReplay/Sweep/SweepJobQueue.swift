import Foundation

/// Hands job positions 0, 1, 2, ... to worker threads and their results back to one consumer in
/// position order, holding at most `window` results that are taken or done but not yet consumed.
///
/// A worker that would run more than `window` positions ahead of the consumer waits, so memory is
/// bounded whatever the job count, and no worker idles at a window's end waiting for the slowest
/// job of the window (the consumer's order is restored from the slots).
final class SweepJobQueue<Result: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private let count: Int
  private let window: Int
  /// Results by `position % window`; `nil` until done and after being consumed.
  private var slots: [Result?]
  /// The next position a worker takes.
  private var nextTaken = 0
  /// The next position the consumer takes.
  private var nextConsumed = 0
  private var isCancelled = false

  /// A queue for positions `0..<count`; a window below 1 is raised to 1.
  init(count: Int, window: Int) {
    self.count = count
    self.window = max(1, window)
    slots = Array(repeating: nil, count: max(1, window))
  }

  /// The next position to run, waiting while it is a window ahead of the consumer; `nil` when
  /// every position is taken or the queue is cancelled.
  func take() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while !isCancelled, nextTaken < count, nextTaken >= nextConsumed + window {
      condition.wait()
    }
    guard !isCancelled, nextTaken < count else { return nil }
    nextTaken += 1
    return nextTaken - 1
  }

  /// Stores the result of `position` (a position `take()` returned).
  func put(_ result: Result, at position: Int) {
    condition.lock()
    slots[position % window] = result
    condition.broadcast()
    condition.unlock()
  }

  /// The result of the next position in order, waiting until it is done.
  ///
  /// - Precondition: fewer than `count` results consumed, and not cancelled.
  func next() -> Result {
    condition.lock()
    defer { condition.unlock() }
    let slot = nextConsumed % window
    while slots[slot] == nil { condition.wait() }
    let result = slots[slot]!
    slots[slot] = nil
    nextConsumed += 1
    condition.broadcast()
    return result
  }

  /// Stops handing out positions (workers finish the jobs they hold).
  func cancel() {
    condition.lock()
    isCancelled = true
    condition.broadcast()
    condition.unlock()
  }
}
