import Placement
import SceneFormat
import SpatialMath

/// One self-contained HTML page for a replay (`arsim replay --report FILE`): the summary metrics
/// table, the per-marker table and, per marker, two inline SVG plots over time: the error
/// against truth (distance from the marker to the nearest truth object with its label, mm) and
/// the frame-to-frame motion (jitter, mm, between consecutive frames in which the marker was
/// reported). No scripts, fonts or other files are referenced; the same input gives the same
/// bytes.
public struct ReplayHTMLReport: Sendable {
  /// The page title (e.g. the recording's file name).
  public var title: String
  /// The replay's report.
  public var report: ReplayReport
  /// Every marker's track, id order.
  public var tracks: [MarkerTrackHistory]
  /// The recording's truth objects (empty without truth: the error plots then say "no data").
  public var truthObjects: [RecordingTruthObject]

  /// Creates a report page.
  public init(
    title: String, report: ReplayReport, tracks: [MarkerTrackHistory],
    truthObjects: [RecordingTruthObject]
  ) {
    self.title = title
    self.report = report
    self.tracks = tracks
    self.truthObjects = truthObjects
  }

  /// The error of each sample of `track` against truth: millimetres from the marker to the
  /// nearest truth object with the same label; empty when no truth object has that label.
  public func errorMillimeters(of track: MarkerTrackHistory) -> [(seconds: Double, value: Double)] {
    let candidates = truthObjects.filter { $0.label == track.label }.map(\.position)
    guard !candidates.isEmpty else { return [] }
    return track.samples.map { sample in
      let p = SIMD3<Double>(sample.worldPosition)
      let nearest = candidates.map { (($0 - p) * ($0 - p)).sum().squareRoot() }.min() ?? 0
      return (sample.timestampSeconds, nearest * 1000)
    }
  }

  /// The motion between consecutive samples of `track`, millimetres, at the later sample's time.
  public func motionMillimeters(of track: MarkerTrackHistory) -> [(seconds: Double, value: Double)]
  {
    zip(track.samples, track.samples.dropFirst()).map { previous, next in
      let d = SIMD3<Double>(next.worldPosition) - SIMD3<Double>(previous.worldPosition)
      return (next.timestampSeconds, (d * d).sum().squareRoot() * 1000)
    }
  }

  /// The page, UTF-8 text ending in a newline.
  public var html: String {
    let first = report.firstTimestampSeconds ?? 0
    let last = max(report.lastTimestampSeconds ?? first, first)
    var page: [String] = [
      "<!DOCTYPE html>",
      "<html lang=\"en\">",
      "<head>",
      "<meta charset=\"utf-8\" />",
      "<title>\(SVGDocument.escaped(title)) - replay report</title>",
      "<style>",
      "body { font-family: sans-serif; margin: 24px; color: #222; }",
      "table { border-collapse: collapse; margin-bottom: 16px; }",
      "th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; font-size: 13px; }",
      "th { background: #f2f2f2; } td.text { text-align: left; }",
      ".marker { margin: 18px 0; } .plots { display: flex; flex-wrap: wrap; gap: 12px; }",
      "</style>",
      "</head>",
      "<body>",
      "<h1>Replay report: \(SVGDocument.escaped(title))</h1>",
      "<p>\(report.frameCount) frames, \(Self.format(first, 3))...\(Self.format(last, 3)) s; "
        + "\(report.placement.detectionCount) detections, "
        + "\(report.placement.placedByAttempt.reduce(0, +)) placed; "
        + "\(report.markers.count) markers created.</p>",
    ]
    page += summaryTable()
    page += markerTable()
    page.append("<h2>Per marker</h2>")
    page.append(
      "<p>Error: distance to the nearest truth object with the marker's label (mm). Jitter: motion "
        + "between consecutive frames in which the marker was reported (mm). All states are plotted.</p>"
    )
    for track in tracks {
      let color = RenderStyle.trackColor(id: track.id)
      let errorPlot = TimeSeriesPlot(
        title: "#\(track.id) \(track.label): error vs truth", unit: "mm", color: color,
        secondsRange: first...last)
      let motionPlot = TimeSeriesPlot(
        title: "#\(track.id) \(track.label): frame-to-frame motion", unit: "mm", color: color,
        secondsRange: first...last)
      page.append("<div class=\"marker\" id=\"marker-\(track.id)\">")
      page.append(
        "<h3>Marker #\(track.id) \(SVGDocument.escaped(track.label)) (\(track.samples.count) frames)</h3>"
      )
      page.append("<div class=\"plots\">")
      page.append(errorPlot.document(for: errorMillimeters(of: track)).markup)
      page.append(motionPlot.document(for: motionMillimeters(of: track)).markup)
      page.append("</div>")
      page.append("</div>")
    }
    page += ["</body>", "</html>"]
    return page.joined(separator: "\n") + "\n"
  }

  func summaryTable() -> [String] {
    guard let metrics = report.metrics else {
      return ["<p>The recording has no truth objects: no metrics against truth.</p>"]
    }
    let t = metrics.tracking
    let rows: [(String, String)] = [
      ("placement error RMS (mm)", Self.format(metrics.placementErrorRMSMillimeters, 1)),
      ("placement error max (mm)", Self.format(metrics.placementErrorMaxMillimeters, 1)),
      ("jitter RMS (mm)", Self.format(metrics.jitterRMSMillimeters, 2)),
      ("reprojection error RMS (px)", Self.format(metrics.reprojectionErrorRMSPixels, 2)),
      ("MOTA", Self.format(t.mota, 3)),
      ("IDF1", Self.format(t.idf1, 3)),
      ("ID switches", "\(t.idSwitchCount)"),
      ("missed objects", "\(metrics.missedObjectCount)"),
      ("false markers", "\(metrics.falseMarkerCount)"),
      ("match threshold (m)", Self.format(Double(metrics.matchThresholdMeters), 3)),
    ]
    var lines = ["<h2>Summary</h2>", "<table id=\"summary\">"]
    for (name, value) in rows {
      lines.append("<tr><td class=\"text\">\(name)</td><td>\(value)</td></tr>")
    }
    for entry in metrics.timeToFirstConfirmed {
      lines.append(
        "<tr><td class=\"text\">first confirmed: \(SVGDocument.escaped(entry.id)) (s)</td><td>\(Self.format(entry.seconds, 3))</td></tr>"
      )
    }
    lines.append("</table>")
    return lines
  }

  func markerTable() -> [String] {
    var lines = [
      "<h2>Markers</h2>", "<table id=\"markers\">",
      "<tr><th>id</th><th>label</th><th>last state</th><th>at end</th><th>shown frames</th>"
        + "<th>jitter RMS (mm)</th><th>truth</th><th>error (mm)</th></tr>",
    ]
    for m in report.markers {
      lines.append(
        "<tr><td>\(m.id)</td><td class=\"text\">\(SVGDocument.escaped(m.label))</td>"
          + "<td class=\"text\">\(m.lastState.rawValue)</td><td class=\"text\">\(m.isPresentAtEnd ? "yes" : "no")</td>"
          + "<td>\(m.shownFrameCount)</td><td>\(Self.format(m.jitterRMSMillimeters, 2))</td>"
          + "<td class=\"text\">\(SVGDocument.escaped(m.truthID ?? "-"))</td>"
          + "<td>\(Self.format(m.placementErrorMillimeters, 1))</td></tr>")
    }
    lines.append("</table>")
    return lines
  }

  /// `value` with exactly `decimals` decimals (rounded half away from zero, no `-0`), or `-` for
  /// `nil` or a non-finite value.
  static func format(_ value: Double?, _ decimals: Int) -> String {
    guard let value, value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard abs(scaled) < 1e15 else { return "\(value)" }
    let n = Int64(scaled)
    let sign = n < 0 ? "-" : ""
    let magnitude = n.magnitude
    let divisor = UInt64(scale)
    let whole = magnitude / divisor
    guard decimals > 0 else { return "\(sign)\(whole)" }
    let fraction = String(magnitude % divisor)
    return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }
}
