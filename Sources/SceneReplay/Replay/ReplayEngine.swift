import ARSimulation
import Dispatch
import Placement
import SceneFormat

/// Replays a recording: per frame, converts the recorded camera, viewport and world to domain
/// types (`Recording+Domain`), places every detection (`PlacementPipeline`), updates the tracker
/// and reports the markers; at the end, per-marker summaries and metrics against truth.
///
/// Frames are read in chunks of `chunkFrameCount`; within a chunk the per-frame work (conversion
/// and placement, independent per frame) runs on up to `threadCount` threads over fixed,
/// contiguous slices, and the tracker then runs sequentially in frame order. Nothing depends on
/// the thread count or on timing, so the output is the same bytes for any `threadCount`. Memory
/// is bounded by one chunk plus the markers, whatever the length of a streamed recording.
public struct ReplayEngine: Sendable {
  /// The settings.
  public let settings: ReplaySettings
  /// Threads for the per-frame work (>= 1).
  public let threadCount: Int
  /// Frames read and placed together (>= 1).
  public let chunkFrameCount: Int
  /// When `true`, a frame that cannot be read, validated or converted is skipped and listed in
  /// ``ReplayReport/skippedFrames`` instead of refusing the file; the tracker does not see it.
  /// A JSON Lines line that is not JSON is such a frame; a JSON file that is not JSON cannot be
  /// parsed at all and is refused (by `ReplaySource`) whatever this says. Errors after which a
  /// source cannot go on (a line over the length limit, more frames than the limit, a read
  /// failure) still refuse the file. Skipped frames keep their file indices in the output, and
  /// jitter pairs only frames adjacent in the file.
  public let skipInvalidFrames: Bool

  /// Creates an engine; thread and chunk counts below 1 are raised to 1.
  public init(
    settings: ReplaySettings = ReplaySettings(), threadCount: Int = 1, chunkFrameCount: Int = 256,
    skipInvalidFrames: Bool = false
  ) {
    self.settings = settings
    self.threadCount = max(1, threadCount)
    self.chunkFrameCount = max(1, chunkFrameCount)
    self.skipInvalidFrames = skipInvalidFrames
  }

  /// Replays every frame of `source`, calling `onFrame` with each frame's markers in frame order
  /// and `onProgress` with the number of frames done (replayed or skipped) after each chunk.
  ///
  /// - Throws: `InputFileError` naming the file, the frame index and the JSON path of the first
  ///   frame that cannot be replayed (unless ``skipInvalidFrames``) or of the missing header
  ///   settings; errors thrown by `onFrame` are passed on.
  public func run(
    _ source: inout ReplaySource, onFrame: (ReplayFrameOutput) throws -> Void = { _ in },
    onProgress: (Int) -> Void = { _ in }
  ) throws -> ReplayReport {
    let header = source.header
    let request = try requestSettings(header, file: source.file)
    let headerViewport: Viewport?
    do {
      headerViewport = try header.viewport?.simulatedViewport()
    } catch let error as InputFileError {
      throw error.prefixed(.key("viewport")).located(file: source.file)
    }
    guard
      var tracker = MarkerTracker(configuration: settings.tracker, filterPrototype: settings.filter)
    else {
      throw InputFileError(
        .invalidValue, "the tracker configuration is not valid", file: source.file)
    }
    let pipeline = PlacementPipeline(settings: settings.placement)
    var accumulator = ReplayMetricsAccumulator(
      truth: header.truth, thresholdMeters: settings.matchThresholdMeters,
      placement: settings.placement)
    var report = ReplayReport()
    if skipInvalidFrames { report.skippedFrames = [] }
    var frameIndex = 0
    var chunk: [Result<RecordingFrame, InputFileError>] = []
    chunk.reserveCapacity(chunkFrameCount)
    var finished = false
    while !finished {
      chunk.removeAll(keepingCapacity: true)
      finished = read(&source, into: &chunk)
      if chunk.isEmpty { break }
      let prepared = prepare(
        chunk, pipeline: pipeline, request: request, headerViewport: headerViewport)
      for (offset, outcome) in prepared.enumerated() {
        let index = frameIndex + offset
        let frame: PreparedFrame
        switch outcome {
        case .success(let value): frame = value
        case .failure(let error):
          // A conversion failure (the frame was read) never stops the source; a read failure
          // does only when it is the last entry and the source says it cannot go on.
          let read = try? chunk[offset].get()
          try frameFailed(
            error, frameIndex: index, timestampSeconds: read?.timestamp, file: source.file,
            canContinue: read != nil || offset + 1 < chunk.count || source.canContinueAfterError,
            report: &report)
          continue
        }
        for result in frame.placements { report.placement.add(result) }
        let markers = tracker.update(
          measurements: frame.placements.compactMap(\.measurement),
          timestampSeconds: frame.timestampSeconds,
          view: settings.trackerUsesDetectorView ? frame.detectorView : nil)
        accumulator.add(
          frameIndex: index, timestampSeconds: frame.timestampSeconds, markers: markers,
          camera: frame.camera, viewport: frame.viewport, world: frame.world)
        if report.firstTimestampSeconds == nil {
          report.firstTimestampSeconds = frame.timestampSeconds
        }
        report.lastTimestampSeconds = frame.timestampSeconds
        report.frameCount += 1
        try onFrame(
          ReplayFrameOutput(
            frameIndex: index, timestampSeconds: frame.timestampSeconds,
            markers: markers.map {
              MarkerSnapshot(marker: $0, camera: frame.camera, viewport: frame.viewport)
            }))
      }
      frameIndex += chunk.count
      onProgress(frameIndex)
    }
    report.tracker = tracker.statistics
    (report.markers, report.metrics) = accumulator.finish()
    return report
  }

  /// Reads up to `chunkFrameCount` frames (or read failures) into `chunk`; returns `true` when
  /// the source is exhausted or cannot go on (a read failure without ``skipInvalidFrames``, or
  /// one after which the source cannot continue).
  func read(
    _ source: inout ReplaySource, into chunk: inout [Result<RecordingFrame, InputFileError>]
  ) -> Bool {
    while chunk.count < chunkFrameCount {
      do {
        guard let frame = try source.next() else { return true }
        chunk.append(.success(frame))
      } catch let error as InputFileError {
        chunk.append(.failure(error))  // Reported after the frames read before it.
        if !skipInvalidFrames || !source.canContinueAfterError { return true }
      } catch {
        chunk.append(.failure(InputFileError(.io, "\(error)")))
        return true
      }
    }
    return false
  }

  /// The one place where a frame that cannot be read or replayed is handled. The error's path is
  /// prefixed by `frames[i]` unless the reader already did, and the file filled in. With
  /// ``skipInvalidFrames`` and a source that can go on (`canContinue`), the frame is listed in
  /// `report.skippedFrames`; otherwise the file is refused with the error.
  func frameFailed(
    _ error: InputFileError, frameIndex: Int, timestampSeconds: Double?, file: String?,
    canContinue: Bool, report: inout ReplayReport
  ) throws {
    let located =
      (error.frameIndex == nil
      ? error.prefixed(.index(frameIndex)).prefixed(.key("frames")) : error)
      .located(file: file)
    guard skipInvalidFrames, canContinue else { throw located }
    report.skippedFrames?.append(
      ReplaySkippedFrame(frameIndex: frameIndex, timestampSeconds: timestampSeconds, error: located)
    )
  }

  /// The Vision settings to invert boxes with: the override, else the recording's.
  func requestSettings(_ header: RecordingHeader, file: String?) throws -> VisionRequestSettings {
    if let override = settings.interpretVisionAs { return override }
    guard let vision = header.vision else {
      throw InputFileError(
        .missingField,
        "the recording has no \"vision\" settings; give them with interpretVisionAs in the replay settings",
        path: [.key("vision")], file: file)
    }
    do {
      return try vision.requestSettings()
    } catch let error as InputFileError {
      throw error.prefixed(.key("vision")).located(file: file)
    }
  }

  /// One frame converted and placed.
  struct PreparedFrame: Sendable {
    let timestampSeconds: Double
    let camera: Camera
    let viewport: Viewport
    let placements: [PlacementResult]
    /// The planes and feature points (for the placeable-object metrics).
    let world: FrameWorld
    /// The camera and the part of its image the detector saw (every frame is a detector frame).
    let detectorView: DetectorView
  }

  /// Converts and places the frames of a chunk, in parallel over fixed contiguous slices; the
  /// result is in frame order. Read failures pass through; conversion errors carry paths
  /// relative to the frame.
  func prepare(
    _ frames: [Result<RecordingFrame, InputFileError>], pipeline: PlacementPipeline,
    request: VisionRequestSettings, headerViewport: Viewport?
  ) -> [Result<PreparedFrame, InputFileError>] {
    let work = { @Sendable (entry: Result<RecordingFrame, InputFileError>) in
      entry.flatMap {
        Self.prepare($0, pipeline: pipeline, request: request, headerViewport: headerViewport)
      }
    }
    let slices = min(threadCount, frames.count)
    guard slices > 1 else { return frames.map(work) }
    var results = [Result<PreparedFrame, InputFileError>?](repeating: nil, count: frames.count)
    results.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let output = buffer
      let sliceLength = (frames.count + slices - 1) / slices
      DispatchQueue.concurrentPerform(iterations: slices) { slice in
        let start = slice * sliceLength
        let end = min(start + sliceLength, frames.count)
        guard start < end else { return }
        for i in start..<end { output[i] = work(frames[i]) }
      }
    }
    return results.map { $0! }
  }

  static func prepare(
    _ frame: RecordingFrame, pipeline: PlacementPipeline, request: VisionRequestSettings,
    headerViewport: Viewport?
  ) -> Result<PreparedFrame, InputFileError> {
    do {
      let camera = try frame.simulatedCamera()
      let world = try frame.frameWorld()
      var viewport = headerViewport
      if let recorded = frame.viewport {
        do {
          viewport = try recorded.simulatedViewport()
        } catch let error as InputFileError {
          throw error.prefixed(.key("viewport"))
        }
      }
      guard let base = viewport else {
        throw InputFileError(
          .missingField, "no viewport in the frame or the recording header",
          path: [.key("viewport")])
      }
      let shown =
        frame.interfaceOrientation.flatMap {
          Viewport(size: base.size, interfaceOrientation: $0)
        } ?? base
      let detections = frame.detections.map(Detection.init(recording:))
      let placements = pipeline.place(
        detections, request: request,
        in: ViewportFrame(camera: camera, viewport: shown, world: world))
      let detected =
        (try? VisionGeometry(settings: request, imageResolution: camera.imageResolution))?
        .modelVisibleImageNormalizedRect ?? .unit
      return .success(
        PreparedFrame(
          timestampSeconds: frame.timestamp, camera: camera, viewport: shown,
          placements: placements,
          world: world,
          detectorView: DetectorView(camera: camera, detectedImageNormalizedRect: detected)))
    } catch let error as InputFileError {
      return .failure(error)
    } catch {
      return .failure(InputFileError(.invalidValue, "\(error)"))
    }
  }
}

extension Detection {
  /// The domain form of a recorded detection (confidences rounded to `Float`).
  public init(recording detection: RecordingDetection) {
    self.init(
      label: detection.label, confidence: Float(detection.confidence),
      boundingBox: detection.boundingBox,
      rankedLabels: (detection.labels ?? []).map {
        RankedLabel(identifier: $0.identifier, confidence: Float($0.confidence))
      })
  }
}
