import Placement
import SceneFormat
import SessionSimulation

extension ReplayCapture {
  /// Captures the pictures' data for another program's markers (a markers file, as `arsim score`
  /// reads it) instead of replay's own: the recording's frames are played in order, each shows
  /// the markers of its line, and they are scored by `harness` (with its diagnosis when it
  /// diagnoses) as `arsim score` scores them. What `arsim render --markers` and
  /// `arsim score --report` draw.
  ///
  /// The report carries the markers' summaries and metrics (``score``); it has no placement or
  /// tracker counts (the markers' program placed them). Marker ids are drawn as `#N`: an integer
  /// id keeps its value, a string id gets the smallest positive number no other marker has (the
  /// HTML report names both).
  ///
  /// - Parameters:
  ///   - source: the recording.
  ///   - reader: the markers, read to the end (a frame past the recording's end is an error).
  ///   - frameIndex: the frame to draw in full (0-based); `nil` for the last.
  ///   - harness: how to score; without truth objects in the recording the markers are drawn
  ///     but not scored (``score`` is `nil`).
  /// - Throws: `InputFileError` naming the recording (file, frame, JSON path) or the markers
  ///   file (file, line, JSON path), or naming the valid range when `frameIndex` is not a frame
  ///   of the recording; `HarnessError` for two markers with one id in a frame.
  public init(
    source: ReplaySource, markers reader: inout MarkersFileReader, frameIndex: Int? = nil,
    harness: PlacementHarness = PlacementHarness(diagnoses: false)
  ) throws {
    let header = source.header
    let file = source.file
    var session = try SimulatedSession(source: source)
    var recorder = Recorder(truth: header.truth, frameIndex: frameIndex)
    var drawn = DrawnMarkerIDs()
    var report = ReplayReport()
    var frames = 0
    func show(_ frame: SimulatedFrame) throws -> [PlacedMarker] {
      let markers = try reader.markers(forFrame: frame.frameIndex)
      frames = frame.frameIndex + 1
      if report.firstTimestampSeconds == nil { report.firstTimestampSeconds = frame.timestamp }
      report.lastTimestampSeconds = frame.timestamp
      report.frameCount += 1
      let output = ReplayFrameOutput(
        frameIndex: frame.frameIndex, timestampSeconds: frame.timestamp,
        markers: markers.map {
          MarkerSnapshot(
            id: drawn.number(for: $0.id), label: $0.label, worldPosition: $0.position,
            state: $0.state, camera: frame.camera, viewport: frame.viewport)
        })
      let request = frame.visionRequest ?? (try? .imageRequest(orientation: .right))
      recorder.add((frame: frame, placements: [], request: request, output: output))
      return markers
    }
    var score: PlacementScore?
    if let truth = header.truth, !truth.objects.isEmpty {
      score = try harness.run(&session, placer: show)
    } else {
      while let frame = try session.nextFrame() { _ = try show(frame) }
    }
    try reader.finish(frameCount: frames)
    if let score {
      report.markers = score.markers
      report.metrics = score.metrics
    }
    try self.init(
      recorder: recorder, report: report, header: header, file: file, frameIndex: frameIndex,
      markersFile: reader.path, markerIDs: drawn.markerIDs)
    self.score = score
  }
}

/// The numbers marker ids are drawn with: an integer id keeps its value unless another marker
/// took it first; every other id gets the smallest positive number not yet taken.
private struct DrawnMarkerIDs {
  private var numbers: [MarkerID: Int] = [:]
  private var taken: Set<Int> = []
  private var nextFree = 1
  /// Drawn number to the marker's own id.
  private(set) var markerIDs: [Int: MarkerID] = [:]

  mutating func number(for id: MarkerID) -> Int {
    if let number = numbers[id] { return number }
    let number: Int
    if case .number(let value) = id, !taken.contains(value) {
      number = value
    } else {
      while taken.contains(nextFree) { nextFree += 1 }
      number = nextFree
    }
    taken.insert(number)
    numbers[id] = number
    markerIDs[number] = id
    return number
  }
}
