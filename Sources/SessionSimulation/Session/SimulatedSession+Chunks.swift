import Dispatch
import SceneFormat

extension SimulatedSession {
  /// A frame read from the source, or why it could not be.
  package enum FrameOutcome: Sendable {
    /// A frame, with its anchor changes and tracked raycast updates.
    case frame(SimulatedFrame)
    /// A frame that could not be read, validated or converted.
    case failed(FrameFailure)
  }

  /// A frame that could not be read, validated or converted.
  package struct FrameFailure: Sendable {
    /// The frame's 0-based index in the recording.
    package let frameIndex: Int
    /// Its timestamp when it was read far enough to know it.
    package let timestampSeconds: Double?
    /// The error, with the file and the path from the root (`frames[i]...`).
    package let error: InputFileError
    /// Whether the source can read the frames after it.
    package let canContinue: Bool
  }

  /// A frame as read from the source, before conversion.
  enum ReadEntry: Sendable {
    case read(RecordingFrame)
    case failed(FrameFailure)
  }

  /// Reads up to `count` frames: sequentially from the source, converted on up to
  /// `threadCount` threads over fixed contiguous slices, then, in frame order, given their
  /// anchor changes and tracked raycast updates (failed frames are passed over). Empty after
  /// the last frame. Reading stops after a frame that cannot be read unless
  /// `continuingAfterErrors` and the source can go on. The result does not depend on
  /// `threadCount`.
  package mutating func nextFrames(upTo count: Int, threadCount: Int, continuingAfterErrors: Bool)
    -> [FrameOutcome]
  {
    guard !isFinished, count > 0 else { return [] }
    var read: [ReadEntry] = []
    read.reserveCapacity(count)
    while read.count < count {
      let index = nextFrameIndex
      do {
        guard let frame = try source.next() else {
          isFinished = true
          break
        }
        nextFrameIndex += 1
        read.append(.read(frame))
      } catch {
        nextFrameIndex += 1
        let recordingError =
          (error as? InputFileError) ?? InputFileError(.io, "\(error)")
        let canContinue = (error is InputFileError) && source.canContinueAfterError
        read.append(
          .failed(
            FrameFailure(
              frameIndex: index, timestampSeconds: nil,
              error: locate(recordingError, frameIndex: index), canContinue: canContinue)))
        if !continuingAfterErrors || !canContinue {
          isFinished = true
          break
        }
      }
    }
    let first = nextFrameIndex - read.count
    var outcomes = convert(read, firstIndex: first, threadCount: threadCount)
    for i in outcomes.indices {
      guard case .frame(var frame) = outcomes[i] else { continue }
      frame.anchorChanges = AnchorChanges(from: lastAnchors, to: frame.anchors)
      if frame.arcore != nil {
        let changed = Set(
          (frame.anchorChanges.added + frame.anchorChanges.updated).map(\.identifier))
        let updated = frame.anchors.map(\.identifier).filter { changed.contains($0) }
        frame.arcore?.updatedPlaneIdentifiers = updated
      }
      lastAnchors = frame.anchors
      frame.trackedRaycastUpdates = updateTrackedRaycasts(in: frame)
      attachImageFrame(&frame)
      outcomes[i] = .frame(frame)
    }
    return outcomes
  }

  /// The error with `frames[i]` in front of its path (unless the reader put it there) and the
  /// file name.
  func locate(_ error: InputFileError, frameIndex: Int) -> InputFileError {
    (error.frameIndex == nil
      ? error.prefixed(.index(frameIndex)).prefixed(.key("frames")) : error)
      .located(file: source.file)
  }

  /// Converts read frames to session frames, in parallel over fixed contiguous slices; the
  /// result is in frame order.
  func convert(
    _ read: [ReadEntry], firstIndex: Int, threadCount: Int
  ) -> [FrameOutcome] {
    let context = self.context
    let file = source.file
    let work = { @Sendable (offset: Int, entry: ReadEntry) in
      switch entry {
      case .failed(let failure): return FrameOutcome.failed(failure)
      case .read(let recorded):
        let index = firstIndex + offset
        switch SimulatedFrame.converting(recorded, frameIndex: index, context: context) {
        case .success(let frame): return .frame(frame)
        case .failure(let error):
          let located =
            (error.frameIndex == nil
            ? error.prefixed(.index(index)).prefixed(.key("frames")) : error)
            .located(file: file)
          return .failed(
            FrameFailure(
              frameIndex: index, timestampSeconds: recorded.timestamp, error: located,
              canContinue: true))
        }
      }
    }
    let slices = min(max(threadCount, 1), read.count)
    guard slices > 1 else { return read.enumerated().map { work($0.offset, $0.element) } }
    var results = [FrameOutcome?](repeating: nil, count: read.count)
    results.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let output = buffer
      let sliceLength = (read.count + slices - 1) / slices
      DispatchQueue.concurrentPerform(iterations: slices) { slice in
        let start = slice * sliceLength
        let end = min(start + sliceLength, read.count)
        guard start < end else { return }
        for i in start..<end { output[i] = work(i, read[i]) }
      }
    }
    return results.map { $0! }
  }
}
