import Foundation
import Placement
import SceneFormat
import SceneReplay

/// The human-readable form of a `ReplayReport`: counts, a per-marker table, then the metrics.
/// Text from the recording (labels, truth identifiers) is escaped for the terminal; `file` is
/// expected escaped already (`InputFile.name`).
enum ReplaySummary {
  static func text(of report: ReplayReport, file: String, settings: ReplaySettings) -> String {
    var lines: [String] = []
    var span = ""
    if let first = report.firstTimestampSeconds, let last = report.lastTimestampSeconds {
      span = " (\(fixed3(first))...\(fixed3(last)) s)"
    }
    lines.append("replayed \(report.frameCount) frames\(span) from \(file)")
    lines += skippedFrameLines(of: report)
    let p = report.placement
    let attempts = settings.placement.attempts
    var placed = p.placedByAttempt.enumerated().map { index, count in
      let name =
        index < attempts.count
        ? "\(attempts[index].target.name)/\(attempts[index].alignment.name)" : "attempt \(index)"
      return "\(name) \(count)"
    }
    if let arcore = p.placedByARCoreHitTest { placed.append("ARCore hitTest \(arcore)") }
    let failed = zip(PlacementFailure.allCases, p.failures).map { "\($0.rawValue) \($1)" }
    lines.append(
      "detections \(p.detectionCount); placed: \(placed.isEmpty ? "none" : placed.joined(separator: ", "))"
        + "; not placed: \(failed.joined(separator: ", "))")
    let t = report.tracker
    lines.append(
      "markers created \(t.createdMarkerCount), removed \(t.removedMarkerCount), re-anchored \(t.reanchorCount), outlier measurements \(t.outlierMeasurementCount)"
    )
    lines.append("")
    lines.append(
      pad("id", 5) + pad("label", 14) + pad("state", 11) + pad("position (m)", 28)
        + pad("error (mm)", 12) + "truth")
    for m in report.markers where m.shownFrameCount > 0 {
      let position =
        "(\(fixed3(Double(m.lastPosition.x))), \(fixed3(Double(m.lastPosition.y))), \(fixed3(Double(m.lastPosition.z))))"
      let state = m.isPresentAtEnd ? m.lastState.rawValue : "removed"
      lines.append(
        pad("\(m.id)", 5) + pad(TerminalText.escaped(m.label), 14) + pad(state, 11)
          + pad(position, 28) + pad(m.placementErrorMillimeters.map(fixed1) ?? "-", 12)
          + TerminalText.escaped(m.truthID ?? "-"))
    }
    let tentative = report.markers.filter { $0.shownFrameCount == 0 }.count
    if tentative > 0 { lines.append("(\(tentative) tentative markers never shown are not listed)") }
    guard let metrics = report.metrics else {
      lines.append("")
      lines.append("no truth in the recording: no metrics")
      return lines.joined(separator: "\n")
    }
    let s = metrics.tracking
    lines.append("")
    lines.append(
      "metrics (a marker matches a truth object of its label within \(fixed1(Double(metrics.matchThresholdMeters) * 1000)) mm):"
    )
    lines.append(
      "  MOTA \(opt(s.mota, fixed3))  IDF1 \(opt(s.idf1, fixed3))  ID switches \(s.idSwitchCount)  misses \(s.missCount)  false positives \(s.falsePositiveCount) (over \(s.truthCount) truth object-frames)"
    )
    lines.append("  " + metrics.placeableSummaryLine)
    if let line = metrics.interruptionSummaryLine { lines.append("  " + line) }
    lines.append(
      "  placement error RMS \(opt(metrics.placementErrorRMSMillimeters, fixed1)) mm (max \(opt(metrics.placementErrorMaxMillimeters, fixed1)))  jitter RMS \(opt(metrics.jitterRMSMillimeters, fixed2)) mm  reprojection RMS \(opt(metrics.reprojectionErrorRMSPixels, fixed1)) px"
    )
    let first = metrics.timeToFirstConfirmed.sorted { NaturalOrder.precedes($0.id, $1.id) }
      .map { "\(TerminalText.escaped($0.id)) \(opt($0.seconds, fixed3))" }
    lines.append("  time to first confirmed (s): \(first.joined(separator: ", "))")
    lines.append(
      "  missed objects \(metrics.missedObjectCount)"
        + (metrics.neverInViewObjectCount > 0
          ? " (and \(metrics.neverInViewObjectCount) never in view)" : "")
        + ", false markers at the end \(metrics.falseMarkerCount)"
    )
    return lines.joined(separator: "\n")
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
  static func fixed1(_ v: Double) -> String { String(format: "%.1f", v) }
  static func fixed2(_ v: Double) -> String { String(format: "%.2f", v) }
  static func fixed3(_ v: Double) -> String { String(format: "%.3f", v) }
  static func opt(_ v: Double?, _ f: (Double) -> String) -> String { v.map(f) ?? "-" }
}
