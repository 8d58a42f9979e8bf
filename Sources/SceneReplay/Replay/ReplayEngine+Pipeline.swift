import Dispatch
import Placement
import SessionSimulation

extension ReplayEngine {
  /// One chunk of frames read, converted and placed: the work that is independent per frame.
  struct PreparedChunk: Sendable {
    /// The session's frames (or their failures), in frame order.
    var outcomes: [SimulatedSession.FrameOutcome]
    /// Per frame: its detections placed (empty for failed frames).
    var placed: [[PlacementResult]]
    /// Per frame: its ML Kit objects placed (ARCore recordings; empty otherwise).
    var placedOnARCore: [[ARCorePlacementResult]]
  }

  /// Reads the next chunk from `session` and places it, on up to `threadCount` threads; an
  /// empty chunk when the session has no frames left.
  func prepareChunk(
    _ session: inout SimulatedSession, pipeline: PlacementPipeline,
    override: VisionRequestSettings?, threadCount: Int
  ) -> PreparedChunk {
    let outcomes = session.nextFrames(
      upTo: chunkFrameCount, threadCount: threadCount,
      continuingAfterErrors: skipInvalidFrames)
    return PreparedChunk(
      outcomes: outcomes,
      placed: place(outcomes, pipeline: pipeline, override: override, threadCount: threadCount),
      placedOnARCore: placeOnARCore(outcomes))
  }

  /// Replays the session's frames as a two-stage pipeline: while the calling thread runs
  /// `replay` (tracker, metrics, output: sequential, in frame order) on one chunk, another
  /// thread reads, converts and places the next one (with the remaining `threadCount - 1`
  /// threads). The chunks and their order are those of the sequential loop, so the output is
  /// the same; at most two chunks are held at a time. When `replay` throws, the chunk being
  /// prepared is finished before the error is passed on (the session may then have read up to
  /// one chunk past the frame that failed).
  func replayPipelined(
    _ session: inout SimulatedSession, pipeline: PlacementPipeline,
    override: VisionRequestSettings?, replay: (PreparedChunk) throws -> Void
  ) throws {
    let producerThreads = max(1, threadCount - 1)
    try withUnsafeMutablePointer(to: &session) { pointer in
      // Only one thread touches the session at a time: the producer between `async` and
      // `wait`, the caller otherwise.
      let stage = PipelineStage(session: pointer)
      var current = prepareChunk(
        &pointer.pointee, pipeline: pipeline, override: override, threadCount: threadCount)
      while !current.outcomes.isEmpty {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
          stage.next = self.prepareChunk(
            &stage.session.pointee, pipeline: pipeline, override: override,
            threadCount: producerThreads)
        }
        defer { group.wait() }
        try replay(current)
        group.wait()
        current = stage.next ?? PreparedChunk(outcomes: [], placed: [], placedOnARCore: [])
        stage.next = nil
      }
    }
  }
}

/// The session and the chunk being prepared, shared between the two pipeline stages (which
/// never touch it at the same time: see ``ReplayEngine/replayPipelined(_:pipeline:override:replay:)``).
final class PipelineStage: @unchecked Sendable {
  let session: UnsafeMutablePointer<SimulatedSession>
  var next: ReplayEngine.PreparedChunk?

  init(session: UnsafeMutablePointer<SimulatedSession>) { self.session = session }
}
