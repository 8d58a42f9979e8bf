import ARSimulation
import Placement
import SceneFormat
import SessionSimulation
import SpatialMath

/// What the pictures need from one replay of a recording: the chosen frame in full, every
/// marker's track, the per-frame timeline with the scene's events, the camera path, the truth
/// objects and the report.
///
/// Captured in two passes over the recording (so a streamed JSON Lines file stays in bounded
/// memory apart from the tracks and the timeline): the replay itself (feeding a ``Recorder``),
/// then a second read through a `SimulatedSession` that collects the camera positions, the plane
/// anchor additions and removals and the tracking states, and re-places the chosen frame's
/// detections
/// (placement is a pure function of the frame, so it is the replay's own result).
public struct ReplayCapture: Sendable {
  /// Frames replayed.
  public var frameCount: Int
  /// The chosen frame.
  public var frame: FrameSnapshot
  /// The camera position (world metres) of every frame read, in frame order.
  public var cameraPositions: [SIMD3<Float>]
  /// Every marker's track, id order.
  public var tracks: [MarkerTrackHistory]
  /// Per replayed frame: markers per state and the shown markers' error; and the scene's events (truth events of the recording, plane anchors added and removed).
  public var timeline: ReplayTimeline
  /// The recording's truth objects (empty without truth).
  public var truthObjects: [RecordingTruthObject]
  /// The replay's report.
  public var report: ReplayReport

  /// Collects what the pictures need while a replay runs: pass every frame output to ``add(_:)``
  /// in frame order, then finish with ``ReplayCapture/init(report:recorder:settings:makeSource:)``.
  public struct Recorder: Sendable {
    var tracks = MarkerTrackHistory.Recorder()
    var timeline: ReplayTimeline.Recorder
    let frameIndex: Int?
    var chosen: (index: Int, markers: [MarkerSnapshot])?

    /// A recorder for a replay of a recording with `truthObjects`, keeping frame `frameIndex`'s
    /// markers (`nil`: the last replayed frame).
    public init(truthObjects: [RecordingTruthObject], frameIndex: Int? = nil) {
      timeline = ReplayTimeline.Recorder(truthObjects: truthObjects)
      self.frameIndex = frameIndex
    }

    /// Adds one replayed frame.
    public mutating func add(_ output: ReplayFrameOutput) {
      tracks.add(output)
      timeline.add(output)
      if frameIndex == nil || output.frameIndex == frameIndex {
        chosen = (output.frameIndex, output.markers)
      }
    }
  }

  /// Replays the recording that `makeSource` opens (it is called twice and must give the same
  /// frames each time) and captures frame `frameIndex` (0-based; `nil` for the last frame).
  ///
  /// - Throws: `InputFileError` naming the file, frame and JSON path for a recording that cannot
  ///   be replayed; `InputFileError` (`.invalidValue`, path `frames`) naming the valid range when
  ///   `frameIndex` is outside it or the recording has no frames.
  public init(
    settings: ReplaySettings, frameIndex: Int?, makeSource: () throws -> ReplaySource
  ) throws {
    let engine = ReplayEngine(settings: settings)
    var source = try makeSource()
    var recorder = Recorder(
      truthObjects: source.header.truth?.objects ?? [], frameIndex: frameIndex)
    let report = try engine.run(&source, onFrame: { recorder.add($0) })
    try self.init(report: report, recorder: recorder, settings: settings, makeSource: makeSource)
  }

  /// Finishes a capture of a replay already run (`report`, with every frame output added to
  /// `recorder`) by reading the recording once more through a `SimulatedSession`; `makeSource`
  /// must give the replayed frames again. Frames that cannot be used are passed over, as a
  /// replay that skips invalid frames does (a replay that does not has refused them already).
  ///
  /// Events: the recording's truth events, the plane anchors the session adds and removes, and,
  /// when the frames carry ARKit's tracking state, the intervals of a state other than `normal`
  /// (which then replace the truth's tracking-loss events).
  ///
  /// - Throws: as ``init(settings:frameIndex:makeSource:)``.
  public init(
    report: ReplayReport, recorder: Recorder, settings: ReplaySettings,
    makeSource: () throws -> ReplaySource
  ) throws {
    self.report = report
    frameCount = report.frameCount
    tracks = recorder.tracks.histories
    var second = try SimulatedSession(
      source: makeSource(),
      options: SimulatedSession.Options(
        raycastOptions: settings.placement.raycastOptions, skipsInvalidFrames: true))
    let header = second.header
    truthObjects = header.truth?.objects ?? []
    guard frameCount > 0 else {
      throw InputFileError(
        .invalidValue, "the recording has no frames to draw", path: [.key("frames")],
        file: second.file)
    }
    guard let chosen = recorder.chosen else {
      let wanted = recorder.frameIndex ?? frameCount - 1
      throw InputFileError(
        .invalidValue,
        "frame \(wanted) is out of range: the recording has \(frameCount) frames (0...\(frameCount - 1))",
        path: [.key("frames")], file: second.file)
    }

    // Second pass: camera path, anchor changes, tracking states, the chosen frame's placements.
    let override = try ReplayEngine(settings: settings).requestSettings(header, file: second.file)
    let pipeline = PlacementPipeline(settings: settings.placement)
    var positions: [SIMD3<Float>] = []
    positions.reserveCapacity(frameCount)
    var planeEvents: [ReplayEvent] = []
    var tracking = TrackingStateRecorder()
    var snapshot: FrameSnapshot?
    while let session = try second.nextFrame() {
      positions.append(session.camera.positionInWorld)
      for anchor in session.anchorChanges.added {
        planeEvents.append(
          ReplayEvent(
            kind: .planeAdded, timestampSeconds: session.timestamp, detail: anchor.identifier))
      }
      for anchor in session.anchorChanges.removed {
        planeEvents.append(
          ReplayEvent(
            kind: .planeRemoved, timestampSeconds: session.timestamp, detail: anchor.identifier))
      }
      tracking.add(session.camera.trackingState, timestampSeconds: session.timestamp)
      guard session.frameIndex == chosen.index, let request = override ?? session.visionRequest
      else { continue }
      snapshot = FrameSnapshot(
        frameIndex: session.frameIndex, timestampSeconds: session.timestamp,
        camera: session.camera, viewport: session.viewport, request: request,
        world: session.world,
        placements: pipeline.place(
          session.observations, request: request, in: session.viewportFrame),
        markers: chosen.markers, truthObjects: truthObjects,
        matchThresholdMeters: Double(report.metrics?.matchThresholdMeters ?? 0.05))
    }
    cameraPositions = positions
    guard let snapshot else {
      throw InputFileError(
        .invalidValue, "frame \(chosen.index) could not be read again", path: [.key("frames")],
        file: second.file)
    }
    frame = snapshot
    var events = ReplayEvent.events(fromTruth: header.truth?.events ?? [])
    if tracking.hasStates {
      events.removeAll { $0.kind == .trackingLost }
      events += tracking.finish()
    }
    events += planeEvents
    timeline = ReplayTimeline(
      frames: recorder.timeline.frames,
      events: events.enumerated()
        .sorted {
          ($0.element.timestampSeconds, $0.offset) < ($1.element.timestampSeconds, $1.offset)
        }
        .map(\.element))
  }

  /// Replays an in-memory recording (`file` names it in errors) and captures frame `frameIndex`
  /// (`nil` for the last); see `init(settings:frameIndex:makeSource:)`.
  public init(
    recording: Recording, file: String? = nil, settings: ReplaySettings = ReplaySettings(),
    frameIndex: Int? = nil
  ) throws {
    try self.init(settings: settings, frameIndex: frameIndex) {
      ReplaySource(recording: recording, file: file)
    }
  }

  /// Replays a recording file (JSON, or JSON Lines streamed) and captures frame `frameIndex`
  /// (`nil` for the last); see `init(settings:frameIndex:makeSource:)`.
  public init(
    contentsOfFile path: String, settings: ReplaySettings = ReplaySettings(), frameIndex: Int? = nil
  ) throws {
    try self.init(settings: settings, frameIndex: frameIndex) {
      try ReplaySource(contentsOfFile: path)
    }
  }
}
