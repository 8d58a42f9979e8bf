import Dispatch
import Placement
import SessionSimulation
import SpatialMath

extension ReplayEngine {
  /// One chunk of frames read, converted and placed: the work that is independent per frame.
  struct PreparedChunk: Sendable {
    /// The session's frames (or their failures), in frame order.
    var outcomes: [SimulatedSession.FrameOutcome] = []
    /// Per frame: what was worked out ahead for it.
    var frames: [PreparedFrame] = []
  }

  /// What is worked out for one frame ahead of the tracker (empty for a failed frame).
  struct PreparedFrame: Sendable {
    /// Its detections placed.
    var placements: [PlacementResult] = []
    /// Its ML Kit objects placed (ARCore recordings).
    var placedOnARCore: [ARCorePlacementResult] = []
    /// The label and world point of every placed detection.
    var placedPoints: [(label: String, position: SIMD3<Float>)] = []
    /// The truth objects it shows, for the metrics.
    var truthInView: ReplayMetricsAccumulator.TruthInView?
  }

  /// Reads the next chunk from `session` and prepares its frames, on up to `threadCount`
  /// threads; an empty chunk when the session has no frames left.
  func prepareChunk(
    _ session: inout SimulatedSession, pipeline: PlacementPipeline,
    override: VisionRequestSettings?, scoring: ReplayMetricsAccumulator, threadCount: Int
  ) -> PreparedChunk {
    let outcomes = session.nextFrames(
      upTo: chunkFrameCount, threadCount: threadCount,
      continuingAfterErrors: skipInvalidFrames)
    var frames = place(
      outcomes, pipeline: pipeline, override: override, scoring: scoring,
      threadCount: threadCount)
    for (index, placed) in placeOnARCore(outcomes).enumerated() where !placed.isEmpty {
      frames[index].placedOnARCore = placed
    }
    return PreparedChunk(outcomes: outcomes, frames: frames)
  }

  /// Replays the session's frames as a two-stage pipeline: while the calling thread runs
  /// `replay` (tracker, metrics, output: sequential, in frame order) on one chunk, another
  /// thread reads, converts and places the next one (its parallel parts on `threadCount`
  /// threads: the calling thread is busy with the tracker, so the two stages share the cores).
  /// The chunks and their order are those of the sequential loop, so the output is
  /// the same; at most two chunks are held at a time. When `replay` throws, the chunk being
  /// prepared is finished before the error is passed on (the session may then have read up to
  /// one chunk past the frame that failed).
  func replayPipelined(
    _ session: inout SimulatedSession, pipeline: PlacementPipeline,
    override: VisionRequestSettings?, scoring: ReplayMetricsAccumulator,
    replay: (PreparedChunk) throws -> Void
  ) throws {
    let producerThreads = threadCount
    try withUnsafeMutablePointer(to: &session) { pointer in
      // Only one thread touches the session at a time: the producer between `async` and
      // `wait`, the caller otherwise.
      let stage = PipelineStage(session: pointer)
      var current = prepareChunk(
        &pointer.pointee, pipeline: pipeline, override: override, scoring: scoring,
        threadCount: threadCount)
      while !current.outcomes.isEmpty {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
          stage.next = self.prepareChunk(
            &stage.session.pointee, pipeline: pipeline, override: override, scoring: scoring,
            threadCount: producerThreads)
        }
        defer { group.wait() }
        try replay(current)
        group.wait()
        current = stage.next ?? PreparedChunk()
        stage.next = nil
      }
    }
  }

  /// The session and the chunk being prepared, shared between the two pipeline stages (which
  /// never touch it at the same time: see ``replayPipelined(_:pipeline:override:scoring:replay:)``).
  final class PipelineStage: @unchecked Sendable {
    let session: UnsafeMutablePointer<SimulatedSession>
    var next: PreparedChunk?

    init(session: UnsafeMutablePointer<SimulatedSession>) { self.session = session }
  }
}
