import ARSimulation
import Placement
import SceneFormat
import SessionSimulation
import SpatialMath

/// What the pictures need from one replay of a recording: the chosen frame in full, every
/// marker's track, the camera path, the truth objects and the report.
///
/// Captured in two passes over the recording (so a streamed JSON Lines file stays in bounded
/// memory apart from the tracks): the replay itself, then a second read that collects the camera
/// positions and re-places the chosen frame's detections (placement is a pure function of the
/// frame, so it is the replay's own result).
public struct ReplayCapture: Sendable {
  /// Frames replayed.
  public var frameCount: Int
  /// The chosen frame.
  public var frame: FrameSnapshot
  /// The camera position (world metres) of every frame, in frame order.
  public var cameraPositions: [SIMD3<Float>]
  /// Every marker's track, id order.
  public var tracks: [MarkerTrackHistory]
  /// The recording's truth objects (empty without truth).
  public var truthObjects: [RecordingTruthObject]
  /// The replay's report.
  public var report: ReplayReport

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
    var recorder = MarkerTrackHistory.Recorder()
    var chosenMarkers: [Int: [MarkerSnapshot]] = [:]
    report = try engine.run(
      &source,
      onFrame: { output in
        recorder.add(output)
        if frameIndex == nil || output.frameIndex == frameIndex {
          chosenMarkers = [output.frameIndex: output.markers]
        }
      })
    frameCount = report.frameCount
    tracks = recorder.histories
    truthObjects = source.header.truth?.objects ?? []
    guard frameCount > 0 else {
      throw InputFileError(
        .invalidValue, "the recording has no frames to draw", path: [.key("frames")],
        file: source.file)
    }
    let chosen = frameIndex ?? frameCount - 1
    guard (0..<frameCount).contains(chosen), let markers = chosenMarkers[chosen] else {
      throw InputFileError(
        .invalidValue,
        "frame \(chosen) is out of range: the recording has \(frameCount) frames (0...\(frameCount - 1))",
        path: [.key("frames")], file: source.file)
    }

    // Second pass: camera path and the chosen frame's placements.
    var second = try SimulatedSession(
      source: makeSource(),
      options: SimulatedSession.Options(
        raycastOptions: settings.placement.raycastOptions, skipsInvalidFrames: true))
    let override = try engine.requestSettings(second.header, file: second.file)
    let pipeline = PlacementPipeline(settings: settings.placement)
    var positions: [SIMD3<Float>] = []
    positions.reserveCapacity(frameCount)
    var snapshot: FrameSnapshot?
    while let session = try second.nextFrame() {
      positions.append(session.camera.positionInWorld)
      guard session.frameIndex == chosen, let request = override ?? session.visionRequest else {
        continue
      }
      snapshot = FrameSnapshot(
        frameIndex: session.frameIndex, timestampSeconds: session.timestamp,
        camera: session.camera, viewport: session.viewport, request: request,
        world: session.world,
        placements: pipeline.place(
          session.observations, request: request, in: session.viewportFrame),
        markers: markers)
    }
    cameraPositions = positions
    guard let snapshot else {
      throw InputFileError(
        .invalidValue, "frame \(chosen) could not be read again", path: [.key("frames")],
        file: second.file)
    }
    frame = snapshot
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
