import Placement
import SpatialMath

extension OverviewChart {
  static let lossFill = "#f2b8b0"
  static let jumpStroke = "#a93226"

  /// The tracking-loss spans, shaded across both panels (drawn under the data).
  func drawSpans(
    _ events: [ReplayEvent], into svg: inout SVGDocument, x: (Double) -> Double, panels p: Panels,
    originSeconds: Double
  ) {
    svg.beginGroup("id=\"\(idPrefix)losses\"")
    for event in events where event.kind == .trackingLost {
      let left = max(x(event.timestampSeconds - originSeconds), Self.left)
      let right = min(
        x((event.endTimestampSeconds ?? event.timestampSeconds) - originSeconds),
        Self.left + p.plotWidth)
      guard right > left else { continue }
      let width = max(right - left, 1)
      for (top, bottom) in [(p.errorTop, p.errorBottom), (p.stateTop, p.stateBottom)] {
        svg.rect(
          Rect(x: left, y: top, width: width, height: bottom - top),
          style: "class=\"event-loss\" fill=\"\(Self.lossFill)\" fill-opacity=\"0.6\"")
      }
    }
    svg.endGroup()
  }

  /// One mark on the time axis: events of one kind close together (within 6 units) share it.
  struct EventMark {
    var kind: ReplayEvent.Kind
    var x: Double
    var endX: Double?
    var events: [ReplayEvent]
  }

  /// Jumps and plane anchor changes as vertical lines over both panels, and every event's label
  /// in the two rows above the plot where there is room (a label without room is left out; the
  /// page lists every event under the chart).
  func drawEvents(
    _ events: [ReplayEvent], into svg: inout SVGDocument, x: (Double) -> Double, panels p: Panels,
    originSeconds: Double, placer: inout LabelPlacer
  ) {
    let plotRight = Self.left + p.plotWidth
    var marks: [EventMark] = []
    for event in events {
      let ex = x(event.timestampSeconds - originSeconds)
      guard ex >= Self.left - 0.5, ex <= plotRight + 0.5 else { continue }
      let endX = event.endTimestampSeconds.map { min(x($0 - originSeconds), plotRight) }
      if event.kind != .trackingLost, let index = marks.lastIndex(where: { $0.kind == event.kind }),
        abs(marks[index].x - ex) < 6
      {
        marks[index].events.append(event)
        continue
      }
      marks.append(EventMark(kind: event.kind, x: ex, endX: endX, events: [event]))
    }
    svg.beginGroup("id=\"\(idPrefix)events\"")
    for mark in marks where mark.kind != .trackingLost {
      let jump = mark.kind == .trackingJump || mark.kind == .trackingCorrection
      let style =
        jump
        ? "class=\"\(mark.kind == .trackingJump ? "event-jump" : "event-correction")\" stroke=\"\(Self.jumpStroke)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\""
        : "class=\"event-plane\" stroke=\"\(RenderStyle.plane)\" stroke-width=\"1.2\" stroke-dasharray=\"2 2\""
      let tooltip = mark.events.map { $0.description(relativeTo: originSeconds) }
        .joined(separator: "; ")
      for (top, bottom) in [(p.errorTop, p.errorBottom), (p.stateTop, p.stateBottom)] {
        svg.line(
          from: Point(x: mark.x, y: top), to: Point(x: mark.x, y: bottom), style: style,
          title: tooltip)
      }
    }
    let bounds = Rect(
      x: Self.left, y: 0, width: p.plotWidth + Self.right - 2, height: p.errorTop - 2)
    var labels: [(String, LabelPlacer.Placement, String)] = []
    for mark in marks {
      let text = Self.label(of: mark)
      let center = mark.endX.map { (mark.x + $0) / 2 } ?? mark.x
      let color =
        switch mark.kind {
        case .trackingJump, .trackingCorrection: Self.jumpStroke
        case .trackingLost: "#922b21"
        case .planeAdded, .planeRemoved: RenderStyle.plane
        }
      var placed: LabelPlacer.Placement?
      for baseline in [33.0, 16.0] where placed == nil {
        for (dx, anchor) in [
          (0.0, LabelPlacer.TextAnchor.middle), (3, .start), (-3, .end), (12, .start), (-12, .end),
        ] where placed == nil {
          placed = placer.placeExactly(
            text, size: fontSize, at: Point(x: center + dx, y: baseline), anchor: anchor,
            inside: bounds)
        }
      }
      if let placed { labels.append((text, placed, color)) }
    }
    for (text, placement, color) in labels {
      svg.text(
        text, at: Point(x: placement.box.minX, y: placement.origin.y), size: fontSize,
        style: "class=\"event-label\" fill=\"\(color)\"")
    }
    svg.endGroup()
  }

  /// The label of a mark: `jump 1.1 cm`, `correction 100 %`, `tracking lost`, `+ plane-dashboard-a`, `+ 2 planes`,
  /// `− plane-dashboard-b`.
  static func label(of mark: EventMark) -> String {
    switch mark.kind {
    case .trackingJump:
      return mark.events.count == 1 ? "jump \(mark.events[0].detail)" : "\(mark.events.count) jumps"
    case .trackingCorrection:
      return mark.events.count == 1
        ? "correction \(mark.events[0].detail)" : "\(mark.events.count) corrections"
    case .trackingLost:
      return mark.events[0].detail.hasPrefix("limited") ? "tracking limited" : "tracking lost"
    case .planeAdded, .planeRemoved:
      let sign = mark.kind == .planeAdded ? "+" : "−"
      return mark.events.count == 1
        ? "\(sign) \(RenderStyle.planeLabel(mark.events[0].detail))"
        : "\(sign) \(mark.events.count) planes"
    }
  }

  /// The key under the axis, flowing over as many lines as the width needs.
  func drawKey(into svg: inout SVGDocument, top: Double) {
    enum Mark {
      case band
      case line(String, String)
      case fill(String, Double)
      case dashed(String, String)
    }
    let items: [(Mark, String)] = [
      (.line(RenderStyle.error, ""), "median error"),
      (.band, "min–max error"),
      (.fill(RenderStyle.color(of: .confirmed), 0.55), "confirmed"),
      (.fill(RenderStyle.color(of: .coasting), 0.55), "coasting"),
      (.fill(RenderStyle.color(of: .tentative), 0.55), "tentative"),
      (.dashed(RenderStyle.truth, "5 3"), "truth objects (count)"),
      (.fill(Self.lossFill, 0.6), "tracking lost"),
      (.dashed(Self.jumpStroke, "4 3"), "tracking jump"),
      (.dashed(RenderStyle.plane, "2 2"), "plane anchor added (+) / removed (−)"),
    ]
    svg.beginGroup("id=\"\(idPrefix)key\"")
    var x = Self.left
    var y = top
    for (mark, text) in items {
      let itemWidth = 26 + LabelPlacer.estimatedWidth(text, size: fontSize) + 16
      if x + itemWidth > width - Self.right, x > Self.left {
        x = Self.left
        y += fontSize + 8
      }
      let box = Rect(x: x, y: y - 10, width: 18, height: 10)
      switch mark {
      case .band:
        svg.rect(box, style: "fill=\"\(RenderStyle.error)\" fill-opacity=\"0.18\"")
      case .line(let color, _):
        svg.line(
          from: Point(x: x, y: y - 5), to: Point(x: x + 18, y: y - 5),
          style: "stroke=\"\(color)\" stroke-width=\"2\"")
      case .fill(let color, let opacity):
        svg.rect(box, style: "fill=\"\(color)\" fill-opacity=\"\(SVGDocument.number(opacity))\"")
      case .dashed(let color, let dash):
        svg.line(
          from: Point(x: x, y: y - 5), to: Point(x: x + 18, y: y - 5),
          style: "stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"\(dash)\"")
      }
      svg.text(text, at: Point(x: x + 24, y: y), size: fontSize, style: "fill=\"#222\"")
      x += itemWidth
    }
    svg.endGroup()
  }
}
