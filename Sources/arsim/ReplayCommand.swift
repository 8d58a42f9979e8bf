import Foundation
import Placement
import SceneFormat
import SceneReplay

/// `arsim replay`: runs placement and tracking over a recording frame by frame and prints the
/// markers and, when the recording has truth, the metrics. Output is the same bytes for any
/// `--threads`.
enum ReplayCommand {
  static let usage = """
    USAGE: arsim replay FILE [--config SETTINGS] [--json] [--out MARKERS.jsonl] [--report PAGE.html]
                        [--threads N] [--skip-invalid-frames] [--max-frames N]

    Replays a recording (JSON, or JSON Lines streamed in bounded memory when FILE ends in .jsonl):
    per frame, places every detection (Vision box -> viewport point -> raycast -> world point) and
    updates the marker tracker. Prints a per-marker table and, when the recording has truth, the
    metrics (placement error, jitter, time to first confirmed marker, MOTA, IDF1, ID switches,
    missed and false markers, reprojection error).

    OPTIONS:
      --config SETTINGS   Replay settings (JSON): filter, filterParameters, tracker overrides,
                          attempts, anchorPoint, backFacePolicy, raycastSeed, interpretVisionAs,
                          matchThresholdMeters. Defaults: the tracking Kalman filter, box centre,
                          existing plane geometry then estimated plane (any alignment).
      --json              Print one JSON object (keys sorted) instead of the table.
      --out FILE          Write one JSON line per frame with its markers (id, label, state,
                          position, spreadMeters, projection: visible | offScreen | behindCamera).
      --report FILE       Write one self-contained HTML page, overview first: the headline
                          metrics, a chart of the shown markers' error and the markers per
                          tracker state over time with the scene's events (tracking jumps and
                          losses, plane anchors added and removed), the scene from above and
                          the last frame; then the metrics, the shown markers (linked) and, per
                          shown marker, its error vs truth and frame-to-frame motion (mm).
      --threads N         Threads for the per-frame placement work (default 1).
      --skip-invalid-frames
                          Skip frames that cannot be read, validated or converted (a JSON Lines
                          line that is not JSON included) and list each (index, JSON path,
                          reason; "skippedFrames" with --json) instead of refusing the file.
                          A JSON file that is not JSON, a bad header, a line over 64 MiB or a
                          read failure still refuse it.
      --max-frames N      Refuse recordings with more than N frames (default 1000000).
      --help              Show this help.

    A progress line is written to stderr when stderr is a terminal and the run takes over 1 s.
    """

  static let options: [String: ParsedArguments.Arity] = [
    "config": .one, "json": .flag, "out": .one, "report": .one, "threads": .one,
    "skip-invalid-frames": .flag, "max-frames": .one,
  ]

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    // Parse and validate.
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    guard parsed.positional.count == 1 else {
      throw .usage(
        parsed.positional.isEmpty
          ? "missing the recording FILE" : "unexpected argument \"\(parsed.positional[1])\"")
    }
    let path = parsed.positional[0]
    var threads = 1
    if let text = parsed.string("threads") {
      guard let value = Int(text), (1...256).contains(value) else {
        throw .usage("option --threads: expected an integer in 1...256, got \"\(text)\"")
      }
      threads = value
    }
    var limits = RecordingLimits.default
    if let text = parsed.string("max-frames") {
      guard let value = Int(text), value >= 1 else {
        throw .usage("option --max-frames: expected an integer >= 1, got \"\(text)\"")
      }
      limits.maximumFrames = value
    }
    let outPath = parsed.string("out")
    if let outPath, outPath.isEmpty { throw .usage("option --out: empty file name") }
    let reportPath = parsed.string("report")
    if let reportPath, reportPath.isEmpty { throw .usage("option --report: empty file name") }

    // Run.
    do {
      let settings =
        try parsed.string("config").map { try ReplaySettings(contentsOfFile: $0) }
        ?? ReplaySettings()
      var source = try ReplaySource(contentsOfFile: path, limits: limits)
      let engine = ReplayEngine(
        settings: settings, threadCount: threads,
        skipInvalidFrames: parsed.flag("skip-invalid-frames"))
      var writer = try outPath.map { try LineWriter(path: $0) }
      var progress = ProgressLine(totalFrames: source.frameCount)
      var pictures = ReplayCapture.Recorder(truthObjects: source.header.truth?.objects ?? [])
      let report = try engine.run(
        &source,
        onFrame: { frame in
          try writer?.write(frame.jsonValue)
          if reportPath != nil { pictures.add(frame) }
        },
        onProgress: { progress.update(framesDone: $0) })
      progress.finish()
      try writer?.close()
      if let reportPath {
        // A second read of the file for the camera path, plane events and the last frame.
        let capture = try ReplayCapture(
          report: report, recorder: pictures, settings: settings,
          makeSource: { try ReplaySource(contentsOfFile: path, limits: limits) })
        let page = ReplayHTMLReport(
          title: URL(fileURLWithPath: path).lastPathComponent, capture: capture)
        guard FileManager.default.createFile(atPath: reportPath, contents: Data(page.html.utf8))
        else { throw CommandLineError.runtime("\(reportPath): cannot write the file") }
      }
      if parsed.flag("json") {
        return String(decoding: try JSONWriter.bytes(of: report.jsonValue), as: UTF8.self)
      }
      return ReplaySummary.text(of: report, file: path, settings: settings)
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }
}

/// Writes JSON lines to a file through a buffer of about 64 KiB.
struct LineWriter {
  let path: String
  let handle: FileHandle
  var buffer: [UInt8] = []

  init(path: String) throws(CommandLineError) {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw .runtime("\(path): cannot create the file") }
    self.path = path
    self.handle = handle
    buffer.reserveCapacity(1 << 16)
  }

  mutating func write(_ value: JSONValue) throws {
    try JSONWriter.write(value, into: &buffer)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes `line` as given, then a newline.
  mutating func writeLine(_ line: [UInt8]) throws(CommandLineError) {
    buffer += line
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { try flush() }
  }

  mutating func flush() throws(CommandLineError) {
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw .runtime("\(path): cannot write: \(error.localizedDescription)")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  mutating func close() throws(CommandLineError) {
    try flush()
    try? handle.close()
  }
}

/// A progress line on stderr, shown only when stderr is a terminal and the run has taken more
/// than a second (it reads the clock; nothing it does reaches stdout or the output file).
struct ProgressLine {
  let totalFrames: Int?
  let enabled = isatty(STDERR_FILENO) != 0
  let clock = ContinuousClock()
  let start: ContinuousClock.Instant
  var shown = false

  init(totalFrames: Int?) {
    self.totalFrames = totalFrames
    start = clock.now
  }

  mutating func update(framesDone: Int) {
    guard enabled, clock.now - start > .seconds(1) else { return }
    shown = true
    var text = "\rreplay: \(framesDone) frames"
    if let totalFrames, totalFrames > 0 {
      let percent = 100 * framesDone / totalFrames
      let filled = 30 * framesDone / totalFrames
      text +=
        " [" + String(repeating: "#", count: filled)
        + String(repeating: " ", count: 30 - filled) + "] \(percent)%"
    }
    FileHandle.standardError.write(Data(text.utf8))
  }

  func finish() {
    if shown { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}
