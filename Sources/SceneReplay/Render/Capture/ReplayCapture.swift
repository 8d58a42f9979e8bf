import ARSimulation
import Placement
import SceneFormat
import SessionSimulation
import SpatialMath

/// What the pictures need from one replay of a recording: the chosen frame in full, every
/// marker's track, the per-frame timeline with the scene's events, the camera path, the truth
/// objects and the report.
///
/// Captured in the replay's one pass over the recording (a streamed JSON Lines file, standard
/// input included, stays in bounded memory apart from the tracks, the timeline and the camera
/// path): per frame the engine hands over the session's frame (camera, anchor changes, tracking
/// state), its placements and its markers.
///
/// Events: the recording's truth events (`truth.events`), the plane anchors the simulated
/// session adds and removes, and, when the frames carry ARKit's tracking state, the intervals of
/// a state other than `normal` (which then replace the truth's tracking-loss events).
public struct ReplayCapture: Sendable {
  /// Frames replayed.
  public var frameCount: Int
  /// The chosen frame.
  public var frame: FrameSnapshot
  /// The camera position (world metres) of every replayed frame, in frame order.
  public var cameraPositions: [SIMD3<Float>]
  /// Every marker's track, id order.
  public var tracks: [MarkerTrackHistory]
  /// Per replayed frame: markers per state and the shown markers' error; and the scene's events
  /// in time order.
  public var timeline: ReplayTimeline
  /// The recording's truth objects (empty without truth).
  public var truthObjects: [RecordingTruthObject]
  /// The replay's report (for another program's markers: their summaries and metrics, no
  /// placement or tracker counts).
  public var report: ReplayReport
  /// The markers file the markers were read from, or `nil` for replay's own markers.
  public var markersFile: String?
  /// The score of those markers (with the diagnosis when asked for), or `nil` for replay's own
  /// markers and for a recording without truth objects.
  public var score: PlacementScore?
  /// The 0-based indices of the replayed frames with `sceneDepth`, in frame order.
  public var depthFrameIndices: [Int]
  /// The 0-based indices of the replayed frames with `smoothedSceneDepth`, in frame order.
  public var smoothedDepthFrameIndices: [Int]

  /// Collects the pictures' data frame by frame during a replay.
  struct Recorder {
    var tracks = MarkerTrackHistory.Recorder()
    var timeline: ReplayTimeline.Recorder
    let truthObjects: [RecordingTruthObject]
    let truthSurfaces: [RecordingTruthSurface]
    let frameIndex: Int?
    var depthFrames: [Int] = []
    var smoothedDepthFrames: [Int] = []
    var positions: [SIMD3<Float>] = []
    var planeEvents: [ReplayEvent] = []
    var tracking = TrackingStateRecorder()
    var snapshot: FrameSnapshot?

    init(truth: RecordingTruth?, frameIndex: Int?) {
      let truthObjects = truth?.objects ?? []
      timeline = ReplayTimeline.Recorder(truthObjects: truthObjects)
      self.truthObjects = truthObjects
      truthSurfaces = truth?.surfaces ?? []
      self.frameIndex = frameIndex
    }

    mutating func add(_ detail: ReplayEngine.FrameDetail) {
      let frame = detail.frame
      tracks.add(detail.output)
      timeline.add(detail.output)
      positions.append(frame.camera.positionInWorld)
      for anchor in frame.anchorChanges.added {
        planeEvents.append(
          ReplayEvent(
            kind: .planeAdded, timestampSeconds: frame.timestamp, detail: anchor.identifier))
      }
      for anchor in frame.anchorChanges.removed {
        planeEvents.append(
          ReplayEvent(
            kind: .planeRemoved, timestampSeconds: frame.timestamp, detail: anchor.identifier))
      }
      tracking.add(frame.camera.trackingState, timestampSeconds: frame.timestamp)
      if frame.sceneDepth != nil { depthFrames.append(frame.frameIndex) }
      if frame.smoothedSceneDepth != nil { smoothedDepthFrames.append(frame.frameIndex) }
      guard frameIndex == nil || frame.frameIndex == frameIndex, let request = detail.request
      else { return }
      snapshot = FrameSnapshot(
        frameIndex: frame.frameIndex, timestampSeconds: frame.timestamp, camera: frame.camera,
        viewport: frame.viewport, request: request, world: frame.world,
        placements: detail.placements, markers: detail.output.markers, truthObjects: truthObjects,
        sceneDepth: frame.sceneDepth, smoothedSceneDepth: frame.smoothedSceneDepth,
        truthSurfaces: truthSurfaces)
    }
  }

  /// Replays `source` with `engine` and captures frame `frameIndex` (0-based; `nil` for the last
  /// frame replayed); `onFrame` and `onProgress` get what ``ReplayEngine/run(_:onFrame:onProgress:)``
  /// gives them (e.g. to write the markers of every frame).
  ///
  /// - Throws: `InputFileError` naming the file, frame and JSON path for a recording that cannot
  ///   be replayed (errors of `onFrame` are passed on); `InputFileError` (`.invalidValue`, path
  ///   `frames`) naming the valid range when `frameIndex` is not a replayed frame or the
  ///   recording has no frames.
  public init(
    engine: ReplayEngine, source: inout ReplaySource, frameIndex: Int? = nil,
    onFrame: (ReplayFrameOutput) throws -> Void = { _ in }, onProgress: (Int) -> Void = { _ in }
  ) throws {
    let header = source.header
    var recorder = Recorder(truth: header.truth, frameIndex: frameIndex)
    let report = try engine.run(
      &source, onFrame: onFrame, onProgress: onProgress, onFrameDetail: { recorder.add($0) })
    self = try ReplayCapture(
      recorder: recorder, report: report, header: header, file: source.file,
      frameIndex: frameIndex)
  }

  /// The pictures' data from what `recorder` collected over a whole pass and the pass's report.
  init(
    recorder: Recorder, report: ReplayReport, header: RecordingHeader, file: String?,
    frameIndex: Int?, markersFile: String? = nil, markerIDs: [Int: MarkerID] = [:]
  ) throws {
    self.report = report
    self.markersFile = markersFile
    frameCount = report.frameCount
    truthObjects = recorder.truthObjects
    tracks = recorder.tracks.histories.map { track in
      var track = track
      if let id = markerIDs[track.id] { track.markerID = id }
      return track
    }
    cameraPositions = recorder.positions
    depthFrameIndices = recorder.depthFrames
    smoothedDepthFrameIndices = recorder.smoothedDepthFrames
    guard frameCount > 0 else {
      throw InputFileError(
        .invalidValue, "the recording has no frames to draw", path: [.key("frames")], file: file)
    }
    guard var snapshot = recorder.snapshot else {
      let wanted = frameIndex ?? frameCount - 1
      throw InputFileError(
        .invalidValue,
        "frame \(wanted) is out of range: the recording has \(frameCount) frames (0...\(frameCount - 1))",
        path: [.key("frames")], file: file)
    }
    snapshot.matchThresholdMeters = Double(report.metrics?.matchThresholdMeters ?? 0.05)
    frame = snapshot
    var events = ReplayEvent.events(fromTruth: header.truth?.events ?? [])
    if recorder.tracking.hasStates {
      events.removeAll { $0.kind == .trackingLost }
      events += recorder.tracking.finish()
    }
    events += recorder.planeEvents
    timeline = ReplayTimeline(
      frames: recorder.timeline.frames,
      events: events.enumerated()
        .sorted {
          ($0.element.timestampSeconds, $0.offset) < ($1.element.timestampSeconds, $1.offset)
        }
        .map(\.element))
  }

  /// Replays the recording that `makeSource` opens and captures frame `frameIndex` (0-based;
  /// `nil` for the last frame); see ``init(engine:source:frameIndex:onFrame:onProgress:)``.
  public init(
    settings: ReplaySettings, frameIndex: Int?, makeSource: () throws -> ReplaySource
  ) throws {
    var source = try makeSource()
    try self.init(engine: ReplayEngine(settings: settings), source: &source, frameIndex: frameIndex)
  }

  /// Replays an in-memory recording (`file` names it in errors) and captures frame `frameIndex`
  /// (`nil` for the last); see ``init(engine:source:frameIndex:onFrame:onProgress:)``.
  public init(
    recording: Recording, file: String? = nil, settings: ReplaySettings = ReplaySettings(),
    frameIndex: Int? = nil
  ) throws {
    try self.init(settings: settings, frameIndex: frameIndex) {
      ReplaySource(recording: recording, file: file)
    }
  }

  /// Replays a recording file (JSON, or JSON Lines streamed) and captures frame `frameIndex`
  /// (`nil` for the last); see ``init(engine:source:frameIndex:onFrame:onProgress:)``.
  public init(
    contentsOfFile path: String, settings: ReplaySettings = ReplaySettings(), frameIndex: Int? = nil
  ) throws {
    try self.init(settings: settings, frameIndex: frameIndex) {
      try ReplaySource(contentsOfFile: path)
    }
  }
}
