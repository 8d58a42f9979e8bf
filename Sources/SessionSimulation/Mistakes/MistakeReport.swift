import Dispatch
import Foundation
import SceneFormat

/// What each classic mistake does on one session: the correct placer (``StepPlacer/reference``;
/// on a session with scene depth, ``DepthSteps``, which places on the frames with depth) and
/// every catalogue mistake that applies to some frame, each run over the whole session and
/// scored (with the diagnosis of its own markers). `arsim mistakes` prints it; the catalogue
/// table of the docs is made with it.
///
/// Each placer plays its own copy of the session (sessions are values), so the rows are
/// independent: they run on up to `threadCount` threads (`arsim mistakes` uses every processor
/// by default) and the report is the same for any thread count.
public struct MistakeReport: Sendable {
  /// One placer's result.
  public struct Row: Sendable {
    /// The mistake, or `nil` for the correct placer.
    public var mistake: PlacementMistake?
    /// Its score.
    public var score: PlacementScore
  }

  /// The correct placer first, then the applicable mistakes in catalogue order.
  public var rows: [Row]

  /// Runs the correct placer and every applicable mistake of `mistakes` over copies of
  /// `session` (from where it is).
  ///
  /// - Throws: the session's `InputFileError`s; ``HarnessError/noTruth(file:)`` without truth.
  public init(
    session: SimulatedSession, mistakes: [PlacementMistake] = PlacementMistake.catalogue,
    harness: PlacementHarness = PlacementHarness(), threadCount: Int = 1
  ) throws {
    var scan = session
    var applicable = [Bool](repeating: false, count: mistakes.count)
    var hasDepth = false
    while let frame = try scan.nextFrame() {
      hasDepth = hasDepth || frame.sceneDepth != nil
      for index in mistakes.indices where !applicable[index] {
        applicable[index] = mistakes[index].isApplicable(to: frame)
      }
    }
    let candidates: [PlacementMistake?] =
      [nil] + mistakes.indices.filter { applicable[$0] }.map { mistakes[$0] }
    let results = Self.run(
      candidates, on: session, correctByDepth: hasDepth, harness: harness,
      threadCount: threadCount)
    rows = try zip(candidates, results).map { mistake, result in
      Row(mistake: mistake, score: try result.get())
    }
  }

  /// Runs each candidate (`nil`: the correct placer) over its own copy of `session` on up to
  /// `threadCount` threads, each taking the next candidate when it finishes one; the results are
  /// in candidate order whatever the thread count or the order the runs finish in.
  private static func run(
    _ candidates: [PlacementMistake?], on session: SimulatedSession, correctByDepth: Bool,
    harness: PlacementHarness, threadCount: Int
  ) -> [Result<PlacementScore, any Error>] {
    var results = [Result<PlacementScore, any Error>?](repeating: nil, count: candidates.count)
    let next = NextIndex()
    results.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let output = buffer
      DispatchQueue.concurrentPerform(iterations: max(1, min(threadCount, candidates.count))) {
        _ in
        while let index = next.take(below: candidates.count) {
          var copy = session
          var placer =
            candidates[index]?.makePlacer()
            ?? (correctByDepth ? StepPlacer(steps: DepthSteps()) : .reference)
          // Each index is taken once, so each element is written by one thread only.
          output[index] = Result { try copy.run(&placer, harness: harness) }
        }
      }
    }
    return results.map { $0! }
  }

  /// The next candidate index to run, shared by the worker threads.
  private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next index, or `nil` once `count` have been taken.
    func take(below count: Int) -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard value < count else { return nil }
      value += 1
      return value - 1
    }
  }

  /// The correct placer's row.
  public var correct: Row { rows[0] }

  /// Whether a mistake's markers fail with a clear margin against the correct placer's: they
  /// land at least 3 times as far from the truth (as-placed error), or objects the correct
  /// placer marks are never marked.
  public func failsClearly(_ row: Row) -> Bool {
    let missing = row.score.missedObjects > correct.score.missedObjects
    guard let error = row.score.asPlacedErrorRMSMillimeters else { return true }
    guard let reference = correct.score.asPlacedErrorRMSMillimeters else { return missing }
    return error >= 3 * reference || missing
  }

  /// A Markdown table: placer, as-placed error, error at the end, MOTA, missed objects, whether
  /// it fails clearly, and the diagnosis of its markers (best fit and residual).
  public var markdownTable: String {
    func format(_ value: Double?, _ digits: Int) -> String {
      guard let value, value.isFinite else { return "—" }
      return String(format: "%.\(digits)f", value)
    }
    var lines = [
      "| placer | as placed RMS (mm) | at the end RMS (mm) | MOTA | missed objects | fails clearly | diagnosis (residual mm) |",
      "|---|---|---|---|---|---|---|",
    ]
    for row in rows {
      let score = row.score
      let fit =
        score.bestFit.map { "\($0.mistakeID) (\(format($0.residualMillimeters, 1)))" } ?? "—"
      lines.append(
        "| \(row.mistake?.id ?? "correct placer") | "
          + "\(format(score.asPlacedErrorRMSMillimeters, 1)) | "
          + "\(format(score.metrics.placementErrorRMSMillimeters, 1)) | "
          + "\(format(score.metrics.tracking.mota, 3)) | \(score.missedObjects) | "
          + "\(row.mistake == nil ? "" : (failsClearly(row) ? "yes" : "no")) | \(fit) |")
    }
    return lines.joined(separator: "\n")
  }

  /// `{"rows": [{"placer": "correct" or a mistake id, "failsClearly", "score": {...}}]}` (the
  /// score as `arsim score --json` writes it).
  public var jsonValue: JSONValue {
    .object([
      "rows": .array(
        rows.map { row in
          .object([
            "placer": .string(row.mistake?.id ?? "correct"),
            "failsClearly": row.mistake == nil ? .null : .bool(failsClearly(row)),
            "score": row.score.jsonValue,
          ])
        })
    ])
  }
}
