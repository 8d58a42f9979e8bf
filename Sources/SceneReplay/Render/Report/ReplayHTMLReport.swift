import Placement
import SceneFormat
import SpatialMath

/// One self-contained HTML page for a replay (`arsim replay --report FILE`), overview first.
///
/// The first screen (1400 x 1000 px) holds the headline metrics, one chart of the whole replay
/// (`OverviewChart`: the shown markers' error over time, the markers per tracker state as
/// bands, the scene's events marked), the scene from above (`TopDownRenderer`, shown tracks)
/// and the last frame as the user saw it (`FrameRenderer` at a reduced scale). Below: the
/// events, the full metrics (first confirmation per truth object in natural order), the table
/// of shown markers linked to one section each (error against truth and frame-to-frame motion
/// over the marker's own time range), and one line summing up the markers never shown.
///
/// No scripts, fonts or other files are referenced (links go only to anchors on the page);
/// the same input gives the same bytes; the markup is well-formed XML.
public struct ReplayHTMLReport: Sendable {
  /// The page title (e.g. the recording's file name).
  public var title: String
  /// The replay, as captured for pictures.
  public var capture: ReplayCapture
  /// Whether the top-down picture draws every marker's track (default: the shown markers').
  public var showsAllTracks = false

  /// Creates a report page.
  public init(title: String, capture: ReplayCapture) {
    self.title = title
    self.capture = capture
  }

  /// The replay's report.
  var report: ReplayReport { capture.report }
  /// The first frame's timestamp: times on the page are seconds after it.
  var originSeconds: Double { report.firstTimestampSeconds ?? 0 }

  /// The error of each sample of `track` against truth: millimetres from the marker to the
  /// nearest of `truthObjects` with the same label; empty when no truth object has that label.
  public static func errorMillimeters(
    of track: MarkerTrackHistory, truthObjects: [RecordingTruthObject]
  ) -> [(seconds: Double, value: Double)] {
    let candidates = truthObjects.filter { $0.label == track.label }.map(\.position)
    guard !candidates.isEmpty else { return [] }
    return track.samples.map { sample in
      let p = SIMD3<Double>(sample.worldPosition)
      let nearest = candidates.map { (($0 - p) * ($0 - p)).sum().squareRoot() }.min() ?? 0
      return (sample.timestampSeconds, nearest * 1000)
    }
  }

  /// The motion between consecutive samples of `track`, millimetres, at the later sample's time.
  public static func motionMillimeters(
    of track: MarkerTrackHistory
  ) -> [(seconds: Double, value: Double)] {
    zip(track.samples, track.samples.dropFirst()).map { previous, next in
      let d = SIMD3<Double>(next.worldPosition) - SIMD3<Double>(previous.worldPosition)
      return (next.timestampSeconds, (d * d).sum().squareRoot() * 1000)
    }
  }

  /// Whether the viewport is taller than wide (the frame picture then takes the right column).
  var isPortrait: Bool { capture.frame.viewport.size.height > capture.frame.viewport.size.width }

  /// The page, UTF-8 text ending in a newline.
  public var html: String {
    let escapedTitle = SVGDocument.escaped(title)
    var page: [String] = [
      "<!DOCTYPE html>",
      "<html lang=\"en\">",
      "<head>",
      "<meta charset=\"utf-8\" />",
      "<title>\(escapedTitle) - \(kind)</title>",
      "<style>",
      Self.css(portrait: isPortrait),
      "</style>",
      "</head>",
      "<body>",
      "<h1>\(escapedTitle): \(kind)</h1>",
      "<p class=\"sub\">\(subtitle())</p>",
    ]
    page += tiles()
    page += overview()
    page += eventList()
    page += metricsSection()
    page += markersSection()
    page += ["</body>", "</html>"]
    return page.joined(separator: "\n") + "\n"
  }

  static func css(portrait: Bool) -> String {
    let areas = portrait ? "\"chart frame\" \"topdown frame\"" : "\"chart chart\" \"topdown frame\""
    return """
      body { font-family: sans-serif; margin: 10px 16px; color: #222; font-size: 14px; }
      h1 { font-size: 20px; margin: 0; } h2 { font-size: 17px; margin: 18px 0 6px; }
      h3 { font-size: 14px; margin: 14px 0 4px; }
      p { margin: 4px 0; } .sub { color: #555; font-size: 13px; margin: 2px 0 8px; }
      svg { display: block; }
      .tiles { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 8px; }
      .tile { border: 1px solid #ddd; border-radius: 4px; padding: 3px 10px; min-width: 96px; }
      .tile b { display: block; font-size: 17px; } .tile span { font-size: 12px; color: #555; }
      .overview { display: grid; grid-template-areas: \(areas); gap: 8px 16px;
        justify-content: start; align-items: start; }
      #overview-chart { grid-area: chart; } #overview-topdown { grid-area: topdown; }
      #overview-frame { grid-area: frame; }
      table { border-collapse: collapse; margin-bottom: 8px; }
      th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: right; font-size: 13px; }
      th { background: #f2f2f2; } td.text { text-align: left; }
      .marker { margin: 10px 0 16px; } .plots { display: flex; flex-wrap: wrap; gap: 12px; }
      """
  }

  /// What the page reports on: replay's own markers or another program's.
  var kind: String { capture.markersFile == nil ? "replay report" : "score report" }

  /// The one-line description under the title.
  func subtitle() -> String {
    let last = report.lastTimestampSeconds ?? originSeconds
    let shown = report.markers.filter { $0.shownFrameCount > 0 }.count
    let placed = report.placement.placedByAttempt.reduce(0, +)
    let source =
      capture.markersFile.map { "markers read from \(SVGDocument.escaped($0)); " }
      ?? "\(report.placement.detectionCount) detections, \(placed) placed; "
    return "\(report.frameCount) frames over \(Self.format(last - originSeconds, 2)) s; "
      + source
      + "\(report.markers.count) markers created, \(shown) of them shown (confirmed at least once)."
  }

  /// The headline metrics as tiles.
  func tiles() -> [String] {
    var items: [(String, String, String)] = []
    if let metrics = report.metrics {
      let t = metrics.tracking
      items.append(
        (
          "\(Self.format(metrics.placementErrorRMSMillimeters, 1)) mm", "placement error RMS",
          "max \(Self.format(metrics.placementErrorMaxMillimeters, 1)) mm, markers at the end"
        ))
      items.append(("\(Self.format(metrics.jitterRMSMillimeters, 2)) mm", "jitter RMS", ""))
      items.append(("\(Self.format(t.mota, 3))", "MOTA", ""))
      items.append(("\(Self.format(t.idf1, 3))", "IDF1", ""))
      items.append(("\(t.idSwitchCount)", "ID switches", ""))
      let truthCount = capture.truthObjects.count
      let inView = truthCount - metrics.neverInViewObjectCount
      items.append(
        (
          "\(metrics.missedObjectCount) of \(inView)", "objects never found",
          metrics.neverInViewObjectCount > 0
            ? "\(metrics.neverInViewObjectCount) more never in view" : ""
        ))
      items.append(("\(metrics.falseMarkerCount)", "false markers at the end", ""))
      let firsts = metrics.timeToFirstConfirmed.compactMap(\.seconds).sorted()
      if !firsts.isEmpty {
        let slowest = metrics.timeToFirstConfirmed.filter { $0.seconds != nil }
          .max { ($0.seconds ?? 0, $1.id) < ($1.seconds ?? 0, $0.id) }
        items.append(
          (
            "\(Self.format(firsts[firsts.count / 2], 2)) s", "first confirmed (median)",
            slowest.map { "slowest \($0.id): \(Self.format($0.seconds, 2)) s" } ?? ""
          ))
      }
      items.append(
        ("\(Self.format(metrics.reprojectionErrorRMSPixels, 1)) px", "reprojection RMS", ""))
    } else {
      items.append(("-", "no truth in the recording", "no metrics against truth"))
    }
    let shown = report.markers.filter { $0.shownFrameCount > 0 }.count
    items.append(("\(shown)", "markers shown", "of \(report.markers.count) created"))
    var lines = ["<div class=\"tiles\" id=\"headline\">"]
    for (value, name, detail) in items {
      let title = detail.isEmpty ? "" : " title=\"\(SVGDocument.escaped(detail))\""
      lines.append(
        "<div class=\"tile\"\(title)><b>\(SVGDocument.escaped(value))</b><span>\(SVGDocument.escaped(name))</span></div>"
      )
    }
    lines.append("</div>")
    return lines
  }

  /// The overview: chart, top-down and frame pictures in a grid sized for 1400 x 1000 (at most
  /// 1350 units wide, leaving room for a scroll bar). Portrait viewports: chart over top-down on
  /// the left, the frame on the right; landscape: the chart across, top-down and frame under it.
  func overview() -> [String] {
    let last = report.lastTimestampSeconds ?? originSeconds
    let gap = 16.0
    var chart = OverviewChart()
    var topDown = TopDownRenderer()
    topDown.showsAllTracks = showsAllTracks
    var frame = FrameRenderer()
    frame.showsLegend = false
    frame.labelsDetectionsAndTruth = false
    frame.marginPoints = 64
    let size = capture.frame.viewport.size
    let captionHeight = FrameRenderer.captionHeight(fontSize: frame.fontSize)
    let frameMargins = 2 * frame.marginPoints
    let frameSVG: SVGDocument
    let topDownSVG: SVGDocument
    if isPortrait {
      frame.viewportScale = min(
        (830 - frameMargins - captionHeight) / max(size.height, 1),
        (460 - frameMargins) / max(size.width, 1))
      frameSVG = frame.document(for: capture.frame)
      chart.width = min(1350 - gap - frameSVG.width, 880)
      chart.height = 330
      topDown.maximumSize = Size(width: chart.width, height: 470)
      topDownSVG = topDown.document(for: capture)
    } else {
      frame.viewportScale = min(
        (640 - frameMargins) / max(size.width, 1),
        (480 - frameMargins - captionHeight) / max(size.height, 1))
      frameSVG = frame.document(for: capture.frame)
      topDown.maximumSize = Size(width: 1350 - gap - frameSVG.width, height: 480)
      topDownSVG = topDown.document(for: capture)
      chart.width = min(topDownSVG.width + gap + frameSVG.width, 1350)
      chart.height = 300
    }
    let chartSVG = chart.document(
      for: capture.timeline, originSeconds: originSeconds, endSeconds: last,
      truthObjectCount: capture.truthObjects.count)
    let leftWidth = isPortrait ? max(chartSVG.width, topDownSVG.width) : topDownSVG.width
    let columns =
      "grid-template-columns: \(SVGDocument.number(leftWidth))px \(SVGDocument.number(frameSVG.width))px"
    return [
      "<div class=\"overview\" id=\"overview\" style=\"\(columns)\">",
      "<div id=\"overview-chart\">", String(chartSVG.markup.dropLast()), "</div>",
      "<div id=\"overview-topdown\">", String(topDownSVG.markup.dropLast()), "</div>",
      "<div id=\"overview-frame\">", String(frameSVG.markup.dropLast()), "</div>",
      "</div>",
    ]
  }

  /// Every event of the scene, one line (at most 40 listed).
  func eventList() -> [String] {
    let events = capture.timeline.events
    guard !events.isEmpty else {
      return [
        "<p id=\"events\">Events: none recorded (the recording has no truth events and its plane anchors never change).</p>"
      ]
    }
    var items = events.prefix(40).map {
      SVGDocument.escaped($0.description(relativeTo: originSeconds))
    }
    if events.count > 40 { items.append("and \(events.count - 40) more") }
    return ["<p id=\"events\"><b>Events:</b> " + items.joined(separator: "; ") + ".</p>"]
  }

  /// `value` with exactly `decimals` decimals (rounded half away from zero, no `-0`), or `-` for
  /// `nil` or a non-finite value.
  static func format(_ value: Double?, _ decimals: Int) -> String {
    guard let value, value.isFinite else { return "-" }
    return AxisTicks.fixed(value, decimals: decimals)
  }
}
