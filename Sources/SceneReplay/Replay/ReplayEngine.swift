import ARSimulation
import Dispatch
import Placement
import SceneFormat
import SessionSimulation

/// Replays a recording: the package's own placer as one client of ``SimulatedSession``. Per
/// frame of the session (camera, viewport, world and observations converted from the recording),
/// places every detection (`PlacementPipeline`; for an `"arcore"` recording, every ML Kit object
/// with `ARCorePlacement`), updates the tracker and reports the markers; at the end, per-marker
/// summaries and the harness's metrics against truth. In a recording with tracking corrections
/// in its truth, the markers are attached to app anchors (`MarkerAnchoring`, anchors kept by an
/// `AppAnchorStore` of the engine's own) and move with the corrections as an app's content
/// does. While the camera relocalizes after an interruption (`.limited(.relocalizing)`), nothing
/// is placed and no marker is shown, as Apple advises; the tracker keeps its markers, and they
/// come back once the session has relocalized.
///
/// Frames are read in chunks of `chunkFrameCount`; within a chunk the per-frame work (decoding of
/// JSON Lines frames, conversion and placement, independent per frame) runs on up to
/// `threadCount` threads over fixed, contiguous slices, and the tracker then runs sequentially in
/// frame order. With more than one thread the two overlap: the next chunk is prepared while the
/// tracker runs on this one. Nothing depends on the thread count or on timing, so the output is
/// the same bytes for any `threadCount`. Memory is bounded by two chunks plus the markers,
/// whatever the length of a streamed recording.
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
    try run(&source, onFrame: onFrame, onProgress: onProgress, onFrameDetail: nil)
  }

  /// ``run(_:onFrame:onProgress:)`` that also hands every replayed frame in full to
  /// `onFrameDetail` (before `onFrame`).
  func run(
    _ source: inout ReplaySource, onFrame: (ReplayFrameOutput) throws -> Void,
    onProgress: (Int) -> Void, onFrameDetail: ((FrameDetail) throws -> Void)?
  ) throws -> ReplayReport {
    // The Vision settings are checked before the session opens, so a recording without them is
    // refused with that error first.
    let override = try requestSettings(source.header, file: source.file)
    var session = try SimulatedSession(
      source: source,
      options: SimulatedSession.Options(raycastOptions: settings.placement.raycastOptions))
    // Hand the source over: with the caller's copy released, the session's is the only one, so
    // a streamed file reads on instead of being opened again (standard input cannot be).
    source = ReplaySource(recording: Recording())
    defer { source = session.source }
    return try run(
      &session, interpretingVisionAs: override, onFrame: onFrame, onProgress: onProgress,
      onFrameDetail: onFrameDetail)
  }

  /// Replays the frames `session` has left: the package's placement and tracking as one client
  /// of the session (the frames an app's own placer gets), scored by the same harness metrics.
  /// With more than one thread, a session left by an error may have read up to one chunk past
  /// the frame the error names.
  ///
  /// - Throws: as ``run(_:onFrame:onProgress:)``.
  public func run(
    _ session: inout SimulatedSession, onFrame: (ReplayFrameOutput) throws -> Void = { _ in },
    onProgress: (Int) -> Void = { _ in }
  ) throws -> ReplayReport {
    let override = try requestSettings(session.header, file: session.file)
    return try run(
      &session, interpretingVisionAs: override, onFrame: onFrame, onProgress: onProgress)
  }

  /// One replayed frame in full, for pictures (`ReplayCapture`): the session's frame, its
  /// placements, the Vision settings they used and the frame's output.
  typealias FrameDetail = (
    frame: SimulatedFrame, placements: [PlacementResult], request: VisionRequestSettings?,
    output: ReplayFrameOutput
  )

  func run(
    _ session: inout SimulatedSession, interpretingVisionAs override: VisionRequestSettings?,
    onFrame: (ReplayFrameOutput) throws -> Void, onProgress: (Int) -> Void,
    onFrameDetail: ((FrameDetail) throws -> Void)? = nil
  ) throws -> ReplayReport {
    var tracker: MarkerTracker<AnyPositionFilter>
    do {
      tracker = try MarkerTracker(configuration: settings.tracker, filterPrototype: settings.filter)
    } catch {
      throw InputFileError(
        .invalidValue, "the tracker configuration is not valid: \(error.description)",
        file: session.file)
    }
    let pipeline = PlacementPipeline(settings: settings.placement)
    var accumulator = ReplayMetricsAccumulator(
      truth: session.header.truth, thresholdMeters: settings.matchThresholdMeters,
      placement: settings.placement)
    var report = ReplayReport()
    if skipInvalidFrames { report.skippedFrames = [] }
    if session.header.platform == .arcore { report.placement.placedByARCoreHitTest = 0 }
    var framesDone = 0
    // With tracking corrections in the truth, markers are attached to app anchors kept as the
    // session keeps an app's (so they move with the corrections); without, nothing changes.
    let truthEvents = session.header.truth?.events ?? []
    let corrects = TrackingErrorTimeline(truthEvents: truthEvents) != nil
    var anchorStore = AppAnchorStore(truthEvents: truthEvents)
    var anchoring = MarkerAnchoring()
    // The tracker takes detector frames: between the results of a detector running below the
    // frame rate its markers carry on unchanged (and do not age). Its view is the image the
    // result was computed on (an earlier frame's when the result arrived late). With depth
    // placement, once depth has been seen, only the detector frames with depth.
    let waitsForDepth = settings.placement.depth != nil && settings.trackerOnDepthFramesOnly
    var depthSeen = false
    func replay(_ chunk: PreparedChunk) throws {
      for index in chunk.outcomes.indices {
        let frame: SimulatedFrame
        switch chunk.outcomes[index] {
        case .frame(let value): frame = value
        case .failed(let failure):
          guard skipInvalidFrames, failure.canContinue else { throw failure.error }
          report.skippedFrames?.append(
            ReplaySkippedFrame(
              frameIndex: failure.frameIndex, timestampSeconds: failure.timestampSeconds,
              error: failure.error))
          continue
        }
        let prepared = chunk.frames[index]
        let placements = prepared.placements
        let arcorePlacements = prepared.placedOnARCore
        var measurements: [MarkerMeasurement] = []
        measurements.reserveCapacity(placements.count + arcorePlacements.count)
        for result in placements {
          report.placement.add(result)
          if let measurement = result.measurement { measurements.append(measurement) }
        }
        for result in arcorePlacements {
          report.placement.add(result)
          if let measurement = result.measurement { measurements.append(measurement) }
        }
        if corrects {
          let anchors = anchorStore.advance(
            toTimestamp: frame.timestamp, cameraPosition: frame.camera.transform.columns.3.xyz)
          anchoring.follow(anchors, tracker: &tracker)
        }
        if frame.sceneDepth != nil { depthSeen = true }
        // While relocalizing, the pose is not yet in the session's world: the tracker waits
        // and no marker is shown (they come back where they were once it has relocalized).
        let relocalizing = frame.camera.trackingState == .limited(.relocalizing)
        let tracks =
          frame.hasDetectorResult && !relocalizing
          && !(waitsForDepth && depthSeen && frame.sceneDepth == nil)
        let markers =
          relocalizing
          ? []
          : tracks
            ? tracker.updateOfAnyFilter(
              measurements: measurements, timestampSeconds: frame.timestamp,
              view: settings.trackerUsesDetectorView
                ? detectorView(of: frame, override: override) : nil)
            : tracker.markersOfAnyFilter
        if corrects, tracks {
          var requests = AppAnchorRequests()
          anchoring.attach(markers, requests: &requests)
          anchorStore.enqueue(requests)
        }
        accumulator.add(
          frameIndex: frame.frameIndex, timestampSeconds: frame.timestamp,
          markers: markers.map {
            .init(id: .number($0.id), label: $0.label, position: $0.position, state: $0.state)
          },
          camera: frame.camera, viewport: frame.viewport, world: frame.world,
          placed: prepared.placedPoints, truthInView: prepared.truthInView)
        if report.firstTimestampSeconds == nil {
          report.firstTimestampSeconds = frame.timestamp
        }
        report.lastTimestampSeconds = frame.timestamp
        report.frameCount += 1
        let output = ReplayFrameOutput(
          frameIndex: frame.frameIndex, timestampSeconds: frame.timestamp,
          markers: markers.map {
            MarkerSnapshot(marker: $0, camera: frame.camera, viewport: frame.viewport)
          })
        try onFrameDetail?((frame, placements, override ?? frame.visionRequest, output))
        try onFrame(output)
      }
      framesDone += chunk.outcomes.count
      onProgress(framesDone)
    }
    if threadCount == 1 {
      while true {
        let chunk = prepareChunk(
          &session, pipeline: pipeline, override: override, scoring: accumulator,
          threadCount: 1)
        if chunk.outcomes.isEmpty { break }
        try replay(chunk)
      }
    } else {
      try replayPipelined(
        &session, pipeline: pipeline, override: override, scoring: accumulator, replay: replay)
    }
    report.tracker = tracker.statistics
    let (logs, metrics) = accumulator.finish()
    report.markers = logs.map { log in
      MarkerSummary(
        log: log, nearest: accumulator.nearestTruthObject(label: log.label, to: log.lastPosition))
    }
    report.metrics = metrics
    return report
  }

  /// The Vision settings to invert boxes with instead of the frames' own: the override, or `nil`.
  /// An ARKit recording without header settings needs the override (an ARCore recording's ML Kit
  /// boxes carry their own rotation).
  func requestSettings(_ header: RecordingHeader, file: String?) throws -> VisionRequestSettings? {
    if let override = settings.interpretVisionAs { return override }
    if header.platform == .arcore { return nil }
    guard let vision = header.vision else {
      throw InputFileError(
        .missingField,
        "the recording has no \"vision\" settings; give them with interpretVisionAs in the replay settings",
        path: [.key("vision")], file: file)
    }
    do {
      _ = try vision.requestSettings()
    } catch let error as InputFileError {
      throw error.prefixed(.key("vision")).located(file: file)
    }
    return nil
  }

  /// The label and world point of every placed detection.
  static func placedPoints(_ placements: [PlacementResult]) -> [(
    label: String, position: SIMD3<Float>
  )] {
    var points: [(label: String, position: SIMD3<Float>)] = []
    for result in placements {
      if let position = result.worldPosition { points.append((result.detection.label, position)) }
    }
    return points
  }

  /// What the detector saw for `frame`: the camera of the image its result was computed on
  /// (`observationsFrame`) and the part of the image the model looked at (with the Vision
  /// settings the boxes are inverted with). Every frame is a detector frame.
  func detectorView(of frame: SimulatedFrame, override: VisionRequestSettings?) -> DetectorView {
    let request = override ?? frame.visionRequest
    let camera = frame.observationsCamera
    let detected =
      request.flatMap {
        try? VisionGeometry(settings: $0, imageResolution: camera.imageResolution)
      }?.modelVisibleImageNormalizedRect ?? .unit
    return DetectorView(camera: camera, detectedImageNormalizedRect: detected)
  }

  /// Places the detections of a chunk's frames and works out which truth objects each frame
  /// shows (`scoring`'s ``ReplayMetricsAccumulator/truthInView(camera:viewport:world:placed:)``),
  /// in parallel over up to `threadCount` fixed contiguous slices; the result is in frame order
  /// (empty for failed frames).
  func place(
    _ chunk: [SimulatedSession.FrameOutcome], pipeline: PlacementPipeline,
    override: VisionRequestSettings?, scoring: ReplayMetricsAccumulator, threadCount: Int
  ) -> [PreparedFrame] {
    let work = { @Sendable (outcome: SimulatedSession.FrameOutcome) -> PreparedFrame in
      guard case .frame(let frame) = outcome else { return PreparedFrame() }
      var prepared = PreparedFrame()
      if let request = override ?? frame.visionRequest,
        frame.camera.trackingState != .limited(.relocalizing)
      {
        // A late result is placed with the frame of its image; a model without an NMS stage
        // gives raw candidates, suppressed here as Core ML's NMS stage would.
        let observations =
          frame.observations.isEmpty && frame.detectionCandidates != nil
          ? frame.suppressedCandidates : frame.observations
        // Depth only for the frame's own image (a late result's image has other depth).
        prepared.placements = pipeline.place(
          observations, request: request, in: frame.observationsViewportFrame,
          depth: frame.visionOutputs.observationsImageFrame == nil ? frame.sceneDepth : nil)
        prepared.placedPoints = Self.placedPoints(prepared.placements)
      }
      prepared.truthInView = scoring.truthInView(
        camera: frame.camera, viewport: frame.viewport, world: frame.world,
        placed: prepared.placedPoints)
      return prepared
    }
    let slices = min(threadCount, chunk.count)
    guard slices > 1 else { return chunk.map(work) }
    var results = [PreparedFrame](repeating: PreparedFrame(), count: chunk.count)
    results.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let output = buffer
      let sliceLength = (chunk.count + slices - 1) / slices
      DispatchQueue.concurrentPerform(iterations: slices) { slice in
        let start = slice * sliceLength
        let end = min(start + sliceLength, chunk.count)
        guard start < end else { return }
        for i in start..<end { output[i] = work(chunk[i]) }
      }
    }
    return results
  }

  /// Places the ML Kit objects of a chunk's ARCore frames (ARCore's samples' hit filter), in
  /// frame order; empty for ARKit frames and failed frames. Hit tests are cheap next to the
  /// tracker, so this runs on the calling thread.
  func placeOnARCore(_ chunk: [SimulatedSession.FrameOutcome]) -> [[ARCorePlacementResult]] {
    let placement = ARCorePlacement(settings: settings.arcorePlacement)
    return chunk.map { outcome in
      guard case .frame(let frame) = outcome, let arcore = frame.arcore else { return [] }
      return placement.place(arcore.mlKitObjects, in: arcore.frame)
    }
  }
}
