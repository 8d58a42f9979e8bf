import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// What the pictures need from one replay of a recording: the chosen frame in full, every
/// marker's track, the per-frame timeline with the scene's events, the camera path, the truth
/// objects and the report.
///
/// Captured in two passes over the recording (so a streamed JSON Lines file stays in bounded
/// memory apart from the tracks and the timeline): the replay itself (feeding a ``Recorder``),
/// then a second read that collects the camera positions and the plane anchor additions and
/// removals, and re-places the chosen frame's detections
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
  /// in frame order, then finish with ``ReplayCapture/init(report:recorder:settings:skipInvalidFrames:makeSource:)``.
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
  /// `recorder`) by reading the recording once more; `makeSource` must give the replayed
  /// frames again. With `skipInvalidFrames`, frames that cannot be read are passed over as the
  /// replay did.
  ///
  /// - Throws: as ``init(settings:frameIndex:makeSource:)``.
  public init(
    report: ReplayReport, recorder: Recorder, settings: ReplaySettings,
    skipInvalidFrames: Bool = false, makeSource: () throws -> ReplaySource
  ) throws {
    self.report = report
    frameCount = report.frameCount
    tracks = recorder.tracks.histories
    var second = try makeSource()
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

    // Second pass: camera path, plane events, the chosen frame's placements.
    let engine = ReplayEngine(settings: settings)
    let request = try engine.requestSettings(header, file: second.file)
    let headerViewport = try? header.viewport?.simulatedViewport()
    let pipeline = PlacementPipeline(settings: settings.placement)
    var positions: [SIMD3<Float>] = []
    positions.reserveCapacity(frameCount)
    var planes = PlaneEventRecorder()
    var snapshot: FrameSnapshot?
    var index = 0
    while true {
      let recorded: RecordingFrame
      do {
        guard let next = try second.next() else { break }
        recorded = next
      } catch let error as InputFileError {
        guard skipInvalidFrames, second.canContinueAfterError else { throw error }
        index += 1
        continue
      }
      defer { index += 1 }
      guard let camera = try? recorded.simulatedCamera() else { continue }
      positions.append(camera.positionInWorld)
      planes.add(
        identifiers: recorded.planes.map(\.identifier), timestampSeconds: recorded.timestamp)
      guard index == chosen.index else { continue }
      let prepared = try ReplayEngine.prepare(
        recorded, pipeline: pipeline, request: request, headerViewport: headerViewport
      ).get()
      snapshot = FrameSnapshot(
        frameIndex: index, timestampSeconds: prepared.timestampSeconds, camera: prepared.camera,
        viewport: prepared.viewport, request: request, world: try recorded.frameWorld(),
        placements: prepared.placements, markers: chosen.markers,
        truthObjects: truthObjects,
        matchThresholdMeters: Double(report.metrics?.matchThresholdMeters ?? 0.05))
    }
    cameraPositions = positions
    guard let snapshot else {
      throw InputFileError(
        .invalidValue, "frame \(chosen.index) could not be read again", path: [.key("frames")],
        file: second.file)
    }
    frame = snapshot
    let events = ReplayEvent.events(fromTruth: header.truth?.events ?? []) + planes.events
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
