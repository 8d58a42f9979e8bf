import Foundation
import SceneFormat

/// The queue between a ``SessionRecorder``'s callers and its writer thread, and the writer:
/// every member is guarded by `condition`, except `writer`, which only the writer thread
/// touches until it has finished (then `finish()` does, after waiting for it).
final class RecorderState: @unchecked Sendable {
  /// What the recorder reports.
  struct Counts {
    var queued = 0
    var written = 0
    var dropped = 0
    var rejected = 0
    var firstRejection: InputFileError?
  }

  private let condition = NSCondition()
  private var queue: [RecordingFrame] = []
  private let capacity: Int
  private let policy: SessionRecorder.DropPolicy
  private var writer: RecordingJSONLinesWriter
  private var isClosing = false
  private var isSuspended = false
  private var isFinished = false
  private var failure: InputFileError?
  private var current = Counts()

  init(writer: RecordingJSONLinesWriter, capacity: Int, policy: SessionRecorder.DropPolicy) {
    self.writer = writer
    self.capacity = capacity
    self.policy = policy
    queue.reserveCapacity(capacity)
  }

  /// A snapshot of the counts.
  var counts: Counts {
    condition.lock()
    defer { condition.unlock() }
    return current
  }

  /// Queues `frame` under the drop policy; `false` when it was dropped or refused.
  func enqueue(_ frame: RecordingFrame) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !isClosing, failure == nil else { return false }
    if queue.count >= capacity {
      switch policy {
      case .dropNewest:
        current.dropped += 1
        return false
      case .dropOldest:
        queue.removeFirst()
        current.dropped += 1
      case .waitForSpace:
        while queue.count >= capacity, failure == nil, !isClosing { condition.wait() }
        guard failure == nil, !isClosing else { return false }
      }
    }
    queue.append(frame)
    current.queued += 1
    condition.broadcast()
    return true
  }

  func setSuspended(_ suspended: Bool) {
    condition.lock()
    isSuspended = suspended
    condition.broadcast()
    condition.unlock()
  }

  /// The writer thread: takes frames in order and writes them until closing with an empty
  /// queue (a suspended writer still drains the queue when the recorder closes).
  func runWriter() {
    condition.lock()
    while true {
      while !isClosing, queue.isEmpty || isSuspended { condition.wait() }
      guard !queue.isEmpty, failure == nil else { break }
      let frame = queue.removeFirst()
      condition.broadcast()
      condition.unlock()
      var outcome: InputFileError?
      do { try writer.write(frame) } catch let error as InputFileError {
        outcome = error
      } catch {
        outcome = InputFileError(.io, "\(error)")
      }
      condition.lock()
      switch outcome {
      case nil:
        current.written += 1
      case let error? where error.kind == .io:
        failure = error
        queue.removeAll()
        condition.broadcast()
      case let error?:
        current.rejected += 1
        if current.firstRejection == nil { current.firstRejection = error }
      }
    }
    isFinished = true
    condition.broadcast()
    condition.unlock()
  }

  /// Closes the queue, waits for the writer to drain it and returns the first write failure.
  func finish() -> InputFileError? {
    condition.lock()
    isClosing = true
    condition.broadcast()
    while !isFinished { condition.wait() }
    let failure = self.failure
    condition.unlock()
    guard failure == nil else { return failure }
    do { try writer.close() } catch let error as InputFileError {
      return error
    } catch {
      return InputFileError(.io, "\(error)")
    }
    return nil
  }
}
