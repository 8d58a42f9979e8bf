import Placement
import SceneFormat
import SessionSimulation

extension ReplayHTMLReport {
  /// The full metrics table and the first confirmation of each truth object (natural order of
  /// ids: button-2 before button-10).
  func metricsSection() -> [String] {
    guard let metrics = report.metrics else {
      return [
        "<h2 id=\"metrics\">Metrics</h2>",
        "<p>The recording has no truth objects: no metrics against truth.</p>",
      ]
    }
    let t = metrics.tracking
    let rows: [(String, String)] = [
      (
        "placement error RMS (mm), markers shown at the end",
        Self.format(metrics.placementErrorRMSMillimeters, 1)
      ),
      ("placement error max (mm)", Self.format(metrics.placementErrorMaxMillimeters, 1)),
      ("jitter RMS (mm)", Self.format(metrics.jitterRMSMillimeters, 2)),
      ("reprojection error RMS (px)", Self.format(metrics.reprojectionErrorRMSPixels, 2)),
      ("MOTA", Self.format(t.mota, 3)),
      ("IDF1", Self.format(t.idf1, 3)),
      ("ID switches", "\(t.idSwitchCount)"),
      ("truth object-frames in view", "\(t.truthCount)"),
      ("misses", "\(t.missCount)"),
      ("false positives", "\(t.falsePositiveCount)"),
      ("objects never found (of those in view)", "\(metrics.missedObjectCount)"),
      ("objects never in view", "\(metrics.neverInViewObjectCount)"),
      ("false markers at the end", "\(metrics.falseMarkerCount)"),
      ("match threshold (m)", Self.format(Double(metrics.matchThresholdMeters), 3)),
    ]
    var lines = [
      "<h2 id=\"metrics\">Metrics</h2>", "<div class=\"plots\">", "<table id=\"summary\">",
    ]
    for (name, value) in rows {
      lines.append("<tr><td class=\"text\">\(name)</td><td>\(value)</td></tr>")
    }
    lines.append("</table>")
    lines.append("<table id=\"first-confirmed\">")
    lines.append("<tr><th>truth object</th><th>first confirmed (s)</th></tr>")
    let entries = metrics.timeToFirstConfirmed.sorted { NaturalOrder.precedes($0.id, $1.id) }
    for entry in entries {
      let seconds =
        entry.seconds.map { Self.format($0, 3) } ?? (entry.wasInView ? "never" : "never in view")
      lines.append(
        "<tr><td class=\"text\">\(SVGDocument.escaped(entry.id))</td><td>\(seconds)</td></tr>")
    }
    lines.append("</table>")
    lines += interruptionPhasesTable(metrics.interruptionPhases)
    lines.append("</div>")
    return lines
  }

  /// The figures per phase of the recording's interruptions as a table, nothing without them.
  func interruptionPhasesTable(_ phases: InterruptionPhaseScores?) -> [String] {
    guard let phases else { return [] }
    var lines = [
      "<table id=\"interruption-phases\">",
      "<tr><th>phase</th><th>frames</th><th>MOTA</th><th>misses</th>"
        + "<th>markers at a wrong place</th><th>ID switches</th><th>error RMS (mm)</th></tr>",
    ]
    let names: [(InterruptionPhaseScores.Phase, String)] = [
      (.beforeInterruption, "before the interruption"), (.relocalizing, "away and relocalizing"),
      (.afterRelocalization, "after relocalization"),
    ]
    for (phase, name) in names {
      let score = phases[phase]
      let cells = [
        "\(score.frameCount)", Self.format(score.mota, 3), "\(score.missCount)",
        "\(score.falsePositiveCount)", "\(score.idSwitchCount)",
        Self.format(score.placementErrorRMSMillimeters, 1),
      ]
      lines.append(
        "<tr><td class=\"text\">\(name)</td>"
          + cells.map { "<td>\($0)</td>" }.joined() + "</tr>")
    }
    let back =
      phases.restoredMaxSeconds.map { $0.isFinite ? Self.format($0, 3) : "never (for some)" }
      ?? "-"
    lines.append(
      "<tr><td class=\"text\">markers back after relocalization within (s)</td>"
        + "<td colspan=\"6\">\(back)</td></tr>")
    lines.append("</table>")
    return lines
  }

  /// The shown markers' table (each id links to its section), one line for the markers never
  /// shown, and a section per shown marker.
  func markersSection() -> [String] {
    let shown = report.markers.filter { $0.shownFrameCount > 0 }
    let hidden = report.markers.filter { $0.shownFrameCount == 0 }
    let tracksByID = Dictionary(
      capture.tracks.map { ($0.markerID, $0) }, uniquingKeysWith: { a, _ in a })
    var lines = [
      "<h2 id=\"markers\">Markers shown (\(shown.count))</h2>",
      "<table id=\"markers-table\">",
      "<tr><th>id</th><th>label</th><th>last state</th><th>at end</th><th>shown frames</th>"
        + "<th>seen (s)</th><th>jitter RMS (mm)</th><th>truth</th><th>error (mm)</th></tr>",
    ]
    for m in shown {
      let anchor = tracksByID[m.id].map { "marker-\($0.id)" } ?? ""
      let name = SVGDocument.escaped(
        MarkerTrackHistory.drawnName(of: m.id, drawnID: tracksByID[m.id]?.id))
      lines.append(
        "<tr><td><a href=\"#\(anchor)\">\(name)</a></td><td class=\"text\">\(SVGDocument.escaped(m.label))</td>"
          + "<td class=\"text\">\(m.lastState.rawValue)</td><td class=\"text\">\(m.isPresentAtEnd ? "yes" : "no")</td>"
          + "<td>\(m.shownFrameCount)</td>"
          + "<td>\(Self.format(m.firstSeenSeconds - originSeconds, 2))–\(Self.format(m.lastSeenSeconds - originSeconds, 2))</td>"
          + "<td>\(Self.format(m.jitterRMSMillimeters, 2))</td>"
          + "<td class=\"text\">\(SVGDocument.escaped(m.truthID ?? "-"))</td>"
          + "<td>\(Self.format(m.placementErrorMillimeters, 1))</td></tr>")
    }
    lines.append("</table>")
    lines.append("<p id=\"never-shown\">\(neverShownLine(hidden, tracks: tracksByID))</p>")
    lines.append("<h2 id=\"per-marker\">Per shown marker</h2>")
    lines.append(
      "<p>Error: distance to the nearest truth object with the marker's label (mm). Motion: "
        + "between consecutive frames in which the marker was reported (mm). Every state is "
        + "plotted over the marker's own time range; tracking losses are shaded, jumps dashed.</p>"
    )
    for m in shown {
      guard let track = tracksByID[m.id] else { continue }
      lines += section(for: track, summary: m)
    }
    return lines
  }

  /// The line that folds every marker never shown: how many, how long they were reported
  /// (frames), and their labels.
  func neverShownLine(
    _ hidden: [MarkerSummary], tracks: [MarkerID: MarkerTrackHistory]
  ) -> String {
    guard !hidden.isEmpty else { return "Every marker created was shown." }
    var byFrames: [Int: Int] = [:]
    var byLabel: [String: Int] = [:]
    for m in hidden {
      byFrames[tracks[m.id]?.samples.count ?? 0, default: 0] += 1
      byLabel[m.label, default: 0] += 1
    }
    let frames = byFrames.keys.sorted().prefix(6).map { n in
      "\(byFrames[n] ?? 0) for \(n) frame\(n == 1 ? "" : "s")"
    }
    let more = byFrames.count > 6 ? ", the rest longer" : ""
    let labels = byLabel.keys.sorted { NaturalOrder.precedes($0, $1) }.map {
      "\(SVGDocument.escaped($0)) \(byLabel[$0] ?? 0)"
    }
    return "\(hidden.count) more marker\(hidden.count == 1 ? " was" : "s were") never shown "
      + "(tentative only, never confirmed; no section): reported "
      + frames.joined(separator: ", ") + more + "; labels: " + labels.joined(separator: ", ")
      + "."
  }

  /// One shown marker's section: a heading with its summary and the two plots.
  func section(for track: MarkerTrackHistory, summary m: MarkerSummary) -> [String] {
    let color = RenderStyle.trackColor(id: track.id)
    let events = capture.timeline.events
    let errorPlot = TimeSeriesPlot(
      title: "Error vs truth (mm)", color: color, originSeconds: originSeconds, events: events)
    let motionPlot = TimeSeriesPlot(
      title: "Frame-to-frame motion (mm)", color: color, originSeconds: originSeconds,
      events: events)
    let frames = track.samples.count
    let first = track.samples.first.map { $0.timestampSeconds - originSeconds } ?? 0
    let last = track.samples.last.map { $0.timestampSeconds - originSeconds } ?? 0
    var heading =
      "\(SVGDocument.escaped(track.drawnName)) \(SVGDocument.escaped(track.label)): "
      + "\(m.lastState.rawValue) at the end, "
      + "reported in \(frames) frame\(frames == 1 ? "" : "s") (\(Self.format(first, 2))–\(Self.format(last, 2)) s), "
      + "shown in \(m.shownFrameCount)"
    if let truth = m.truthID {
      heading +=
        "; matches \(SVGDocument.escaped(truth)), \(Self.format(m.placementErrorMillimeters, 1)) mm"
    }
    return [
      "<div class=\"marker\" id=\"marker-\(track.id)\">",
      "<h3>\(heading)</h3>",
      "<div class=\"plots\">",
      String(
        errorPlot.document(
          for: Self.errorMillimeters(of: track, truthObjects: capture.truthObjects)
        ).markup.dropLast()),
      String(motionPlot.document(for: Self.motionMillimeters(of: track)).markup.dropLast()),
      "</div>",
      "</div>",
    ]
  }
}
