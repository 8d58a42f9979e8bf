import SceneFormat
import SceneReplay

extension ReplaySummary {
  /// `skipped N frames` and one line per skipped frame (index, timestamp when known, file line
  /// for JSON Lines, JSON path, reason); nothing when the replay did not skip invalid frames.
  static func skippedFrameLines(of report: ReplayReport) -> [String] {
    guard let skipped = report.skippedFrames else { return [] }
    var lines = ["skipped \(skipped.count) frames"]
    for frame in skipped {
      let time = frame.timestampSeconds.map { " (t = \(fixed3($0)) s)" } ?? ""
      let line = frame.error.line.map { " line \($0)" } ?? ""
      lines.append(
        "  frame \(frame.frameIndex)\(time)\(line): "
          + TerminalText.escaped("\(frame.error.jsonPath): \(frame.error.message)")
      )
    }
    return lines
  }
}
