import Foundation
import Placement
import SceneFormat
import SceneReplay

/// `arsim replay`: runs placement and tracking over a recording frame by frame and prints the
/// markers and, when the recording has truth, the metrics. Output is the same bytes for any
/// `--threads`.
enum ReplayCommand {
  static let json = Flag("json", help: "Print one JSON object (keys sorted) instead of the table.")
  static let out = Option<String?>(
    "out", valueName: "FILE", completion: .outputFile,
    help: "Write one JSON line per frame with its markers (id, label, state, position, "
      + "spreadMeters, projection: visible | offScreen | behindCamera).")
  static let report = Option<String?>(
    "report", valueName: "FILE", completion: .outputFile,
    help: "Write one self-contained HTML page, overview first: the headline metrics, a chart of "
      + "the shown markers' error and the markers per tracker state over time with the scene's "
      + "events (tracking jumps and losses, plane anchors added and removed), the scene from "
      + "above and the last frame; then the metrics, the shown markers (linked) and, per shown "
      + "marker, its error vs truth and frame-to-frame motion (mm).")
  static let threads = Option.threads(
    help: "Threads for the per-frame work. Default: the number of processors. The output is the "
      + "same for any N.")
  static let skipInvalidFrames = Flag(
    "skip-invalid-frames",
    help: "Skip frames that cannot be read, validated or converted (a JSON Lines line that is "
      + "not JSON included) and list each (index, JSON path, reason; \"skippedFrames\" with "
      + "--json) instead of refusing the file. A JSON file that is not JSON, a bad header, a "
      + "line over 64 MiB or a read failure still refuse it.")
  static let maxFrames = Option<Int?>(
    "max-frames", valueName: "N",
    help: "Refuse recordings with more than N frames. Default: "
      + "\(RecordingLimits.default.maximumFrames), or ARSIM_MAX_FRAMES.", valid: { $0 >= 1 },
    expected: "an integer >= 1")

  static let spec = CommandSpec(
    name: "replay", summary: "Replay a recording: placement, tracking, metrics vs truth.",
    discussion: """
      Replays a recording: per frame, places every detection (Vision box -> viewport point -> \
      raycast -> world point) and updates the marker tracker. Prints a per-marker table and, \
      when the recording has truth, the metrics (placement error, jitter, time to first \
      confirmed marker, MOTA, IDF1, ID switches, missed and false markers, reprojection error). \
      The output is the same bytes for any --threads.
      """,
    arguments: [ReplayInputs.recording],
    options: [
      ReplayInputs.config, json, out, report, threads, skipInvalidFrames, maxFrames,
      CommandContext.quietFlag,
    ],
    epilogue: """
      A progress line (percent, frames, time left) is shown on standard error when it is a \
      terminal and the run takes over a second, unless --quiet.
      """,
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let path = parsed.value(ReplayInputs.recording)
    var limits = context.limits
    if let maximumFrames = parsed.value(maxFrames) { limits.maximumFrames = maximumFrames }
    let outPath = parsed.value(out)
    let reportPath = parsed.value(report)
    let settings = try ReplayInputs.settings(parsed, context)
    var source = try ReplayInputs.source(path, limits: limits, context)
    do {
      let engine = ReplayEngine(
        settings: settings,
        threadCount: parsed.threadCount(threads),
        skipInvalidFrames: parsed.flag(skipInvalidFrames))
      var writer = try outPath.map { try LineWriter(path: $0, context) }
      var progress = context.progress("replay", unit: "frames")
      let total = source.frameCount
      let result: ReplayReport
      if let reportPath {
        // The same replay, capturing the pictures' data as it goes.
        let capture = try ReplayCapture(
          engine: engine, source: &source, onFrame: { try writer?.write($0.jsonValue) },
          onProgress: { progress.update(done: $0, total: total) })
        progress.finish()
        try writer?.commit()
        result = capture.report
        let title = path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
        try OutputFile.write(
          ReplayHTMLReport(title: title, capture: capture).html, to: reportPath, context)
      } else {
        result = try engine.run(
          &source, onFrame: { try writer?.write($0.jsonValue) },
          onProgress: { progress.update(done: $0, total: total) })
        progress.finish()
        try writer?.commit()
      }
      if parsed.flag(json) {
        return String(decoding: try JSONWriter.bytes(of: result.jsonValue), as: UTF8.self)
      }
      return ReplaySummary.text(of: result, file: InputFile.name(path), settings: settings)
    } catch {
      throw .runtime(describing: error)
    }
  }
}
