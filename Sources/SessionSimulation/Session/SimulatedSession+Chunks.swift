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
    /// A JSON Lines frame's line, decoded with the conversion.
    case line(RecordingJSONLinesReader.FrameLine)
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
        guard let pending = try source.nextPending() else {
          isFinished = true
          break
        }
        nextFrameIndex += 1
        switch pending {
        case .frame(let frame): read.append(.read(frame))
        case .line(let line): read.append(.line(line))
        }
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
    var (outcomes, decodedTimestamps) = convert(
      read, firstIndex: first, decoder: source.lineDecoder, threadCount: threadCount)
    // Lines decoded with the conversion are accepted in frame order, as the source would have
    // read them; reading stops after a failed line as it would have (later lines were read
    // ahead and are dropped).
    for i in read.indices {
      guard case .line(let line) = read[i] else { continue }
      var failure: FrameFailure?
      if let timestamp = decodedTimestamps[i] {
        do {
          try source.acceptOrder(timestampSeconds: timestamp, of: line)
        } catch {
          let recordingError = (error as? InputFileError) ?? InputFileError(.io, "\(error)")
          failure = FrameFailure(
            frameIndex: first + i, timestampSeconds: nil,
            error: locate(recordingError, frameIndex: first + i), canContinue: true)
          outcomes[i] = .failed(failure!)
        }
      } else if case .failed(let decodeFailure) = outcomes[i] {
        failure = decodeFailure
      }
      if let failure, !continuingAfterErrors || !failure.canContinue {
        outcomes.removeSubrange((i + 1)...)
        isFinished = true
        break
      }
    }
    for i in outcomes.indices {
      guard case .frame(var frame) = outcomes[i] else { continue }
      addSessionAnchors(to: &frame)
      frame.anchorChanges = AnchorChanges(
        from: lastAnchors, to: frame.anchors, appAnchorsFrom: lastAppAnchors, to: frame.appAnchors)
      lastAppAnchors = frame.appAnchors
      if frame.arcore != nil {
        let changed = Set(
          (frame.anchorChanges.added + frame.anchorChanges.updated).map(\.identifier))
        let updated = frame.anchors.map(\.identifier).filter { changed.contains($0) }
        frame.arcore?.updatedPlaneIdentifiers = updated
        frame.arcore?.setAnchors(
          frame.appAnchors, changes: frame.anchorChanges,
          previousTrackingState: lastARCoreTrackingState)
        lastARCoreTrackingState = frame.arcore?.frame.camera.trackingState
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

  /// Converts read frames to session frames (decoding JSON Lines frames' lines with `decoder`
  /// first), in parallel over fixed contiguous slices; the result is in frame order, with the
  /// timestamp of each line that decoded (`nil` for other entries).
  func convert(
    _ read: [ReadEntry], firstIndex: Int, decoder: RecordingJSONLinesReader.LineDecoder?,
    threadCount: Int
  ) -> (outcomes: [FrameOutcome], decodedTimestamps: [Double?]) {
    let context = self.context
    let file = source.file
    let convert = { @Sendable (index: Int, recorded: RecordingFrame) -> FrameOutcome in
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
    let work = { @Sendable (offset: Int, entry: ReadEntry) -> (FrameOutcome, Double?) in
      let index = firstIndex + offset
      switch entry {
      case .failed(let failure): return (.failed(failure), nil)
      case .read(let recorded): return (convert(index, recorded), nil)
      case .line(let line):
        do {
          guard let decoder else { preconditionFailure("a frame line without its decoder") }
          let recorded = try decoder.decode(line)
          return (convert(index, recorded), recorded.timestamp)
        } catch {
          // As `nextFrames` treats the errors of reading.
          let recordingError = (error as? InputFileError) ?? InputFileError(.io, "\(error)")
          let located =
            (recordingError.frameIndex == nil
            ? recordingError.prefixed(.index(index)).prefixed(.key("frames")) : recordingError)
            .located(file: file)
          return (
            .failed(
              FrameFailure(
                frameIndex: index, timestampSeconds: nil, error: located,
                canContinue: error is InputFileError)), nil
          )
        }
      }
    }
    let count = read.count
    let slices = min(max(threadCount, 1), count)
    var timestamps = [Double?](repeating: nil, count: count)
    let outcomes = [FrameOutcome](unsafeUninitializedCapacity: count) { buffer, initialized in
      timestamps.withUnsafeMutableBufferPointer { timestampBuffer in
        nonisolated(unsafe) let output = buffer
        nonisolated(unsafe) let timestampOutput = timestampBuffer
        let sliceLength = (count + slices - 1) / max(slices, 1)
        let convertSlice = { @Sendable (slice: Int) in
          let start = slice * sliceLength
          let end = min(start + sliceLength, count)
          guard start < end else { return }
          for i in start..<end {
            let (outcome, timestamp) = work(i, read[i])
            (output.baseAddress! + i).initialize(to: outcome)
            timestampOutput[i] = timestamp
          }
        }
        if slices > 1 {
          DispatchQueue.concurrentPerform(iterations: slices, execute: convertSlice)
        } else if count > 0 {
          convertSlice(0)
        }
      }
      initialized = count
    }
    return (outcomes, timestamps)
  }
}
