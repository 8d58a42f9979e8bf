import Placement
import SpatialMath

/// The report's combined chart over the whole replay, on one time axis with round ticks: on top
/// the placement error of the shown markers against truth (median line, min–max band, mm); below
/// it the markers per tracker state as stacked bands (confirmed, coasting, tentative) with the
/// number of truth objects as a dashed reference line; across both, the scene's events (tracking lost as
/// shaded spans, jumps and plane anchor changes as vertical lines) labelled above the plot.
///
/// Long replays are reduced to about one point per 2 units of width: per time bucket the
/// smallest minimum, the largest maximum, the mean median and the mean counts.
struct OverviewChart {
  var width: Double = 900
  var height: Double = 340
  var fontSize: Double = 12
  var idPrefix = "overview-"

  static let left = 56.0
  /// Room for half of the last time tick with its unit ("600 s").
  static let right = 26.0
  /// The error panel's top (the event label rows are above it).
  static let errorTop = 40.0

  /// One bucket of frames.
  struct Bucket {
    var seconds: Double
    var errorMinimum: Double?
    var errorMedian: Double?
    var errorMaximum: Double?
    var confirmed: Double
    var coasting: Double
    var tentative: Double
  }

  /// The vertical layout: panel tops and heights.
  struct Panels {
    var errorTop: Double
    var errorHeight: Double
    var stateTop: Double
    var stateHeight: Double
    var plotWidth: Double
    var errorBottom: Double { errorTop + errorHeight }
    var stateBottom: Double { stateTop + stateHeight }
  }

  var panels: Panels {
    let available = height - Self.errorTop - 26 - 44 - 2 * (fontSize + 8)
    let errorHeight = max(available * 0.64, 40)
    return Panels(
      errorTop: Self.errorTop, errorHeight: errorHeight, stateTop: Self.errorTop + errorHeight + 26,
      stateHeight: max(available - errorHeight, 24), plotWidth: width - Self.left - Self.right)
  }

  /// The chart for `timeline`, with times shown as seconds after `originSeconds` (the first
  /// frame's timestamp) up to `endSeconds`, and a reference line at `truthObjectCount` (none
  /// when 0).
  ///
  /// - Complexity: O(frames + events²) (events are placed against each other).
  func document(
    for timeline: ReplayTimeline, originSeconds: Double, endSeconds: Double, truthObjectCount: Int
  ) -> SVGDocument {
    let p = panels
    let ticks = AxisTicks(
      covering: 0, max(endSeconds - originSeconds, 0), targetCount: max(Int(p.plotWidth / 90), 2),
      minimumSpan: 1)
    let buckets = Self.buckets(
      timeline.frames, originSeconds: originSeconds, range: ticks.lower...ticks.upper,
      columns: max(Int(p.plotWidth / 2), 1))
    func x(_ seconds: Double) -> Double {
      Self.left + (seconds - ticks.lower) / (ticks.upper - ticks.lower) * p.plotWidth
    }
    var svg = SVGDocument(width: width, height: height)
    svg.rect(Rect(x: 0, y: 0, width: width, height: height), style: "fill=\"#ffffff\"")

    // Error scale: cut off peaks above 4x the 95th percentile of the median.
    let medians = buckets.compactMap(\.errorMedian).sorted()
    let peak = buckets.compactMap(\.errorMaximum).max() ?? 0
    let typical = medians.isEmpty ? 0 : medians[min(medians.count - 1, medians.count * 95 / 100)]
    let cut = peak > 4 * max(typical, 1)
    let errorTicks = AxisTicks(zeroTo: cut ? 4 * max(typical, 1) : peak, targetCount: 4)
    var title = "Placement error of shown markers vs truth (mm)"
    if cut { title += ", peaks up to \(AxisTicks.fixed(peak, decimals: 0)) mm cut off" }
    if medians.isEmpty {
      title += timeline.frames.isEmpty ? "" : ": no shown marker has a truth object"
    }
    svg.text(
      title, at: Point(x: Self.left, y: 15), size: fontSize,
      style: "class=\"chart-title\" fill=\"#222\" font-weight=\"bold\"")
    var placer = LabelPlacer(obstacles: [
      LabelPlacer.box(
        of: title, size: fontSize, at: Point(x: Self.left, y: 15), anchor: .start
      ).insetBy(-1)
    ])

    // Grids and axes.
    svg.beginGroup("id=\"\(idPrefix)axes\"")
    let gridStyle = "stroke=\"#eeeeee\" stroke-width=\"1\""
    let tickStyle = "class=\"tick\" fill=\"#666666\""
    for (k, value) in ticks.values.enumerated() {
      let px = x(value)
      for (top, bottom) in [(p.errorTop, p.errorBottom), (p.stateTop, p.stateBottom)] {
        svg.line(from: Point(x: px, y: top), to: Point(x: px, y: bottom), style: gridStyle)
      }
      // The last tick carries the unit.
      let label = ticks.label(value) + (k == ticks.values.count - 1 ? " s" : "")
      svg.text(
        label, at: Point(x: px, y: p.stateBottom + 19), size: fontSize, anchor: "middle",
        style: tickStyle)
    }
    let errorScale = errorTicks.upper
    for value in errorTicks.values {
      let py = p.errorBottom - value / errorScale * p.errorHeight
      svg.line(
        from: Point(x: Self.left, y: py), to: Point(x: Self.left + p.plotWidth, y: py),
        style: gridStyle)
      svg.text(
        errorTicks.label(value), at: Point(x: Self.left - 6, y: py + 4), size: fontSize,
        anchor: "end", style: tickStyle)
    }
    let maxCount = buckets.map { $0.confirmed + $0.coasting + $0.tentative }
      .reduce(0, max)
    let countTicks = AxisTicks(
      zeroTo: max(maxCount, Double(truthObjectCount), 1), targetCount: 2)
    for value in countTicks.values {
      let py = p.stateBottom - value / countTicks.upper * p.stateHeight
      svg.line(
        from: Point(x: Self.left, y: py), to: Point(x: Self.left + p.plotWidth, y: py),
        style: gridStyle)
      svg.text(
        countTicks.label(value), at: Point(x: Self.left - 6, y: py + 4), size: fontSize,
        anchor: "end", style: tickStyle)
    }
    svg.text(
      "Markers by tracker state (count)", at: Point(x: Self.left, y: p.stateTop - 7),
      size: fontSize, style: "class=\"chart-title\" fill=\"#222\" font-weight=\"bold\"")
    svg.endGroup()

    drawSpans(timeline.events, into: &svg, x: x, panels: p, originSeconds: originSeconds)
    drawErrors(buckets, into: &svg, x: x, panels: p, scale: errorScale)
    drawStates(
      buckets, into: &svg, x: x, panels: p, scale: countTicks.upper,
      truthObjectCount: truthObjectCount)
    for (top, bottom) in [(p.errorTop, p.errorBottom), (p.stateTop, p.stateBottom)] {
      svg.rect(
        Rect(x: Self.left, y: top, width: p.plotWidth, height: bottom - top),
        style: "fill=\"none\" stroke=\"#999999\" stroke-width=\"1\"")
    }
    drawEvents(
      timeline.events, into: &svg, x: x, panels: p, originSeconds: originSeconds,
      placer: &placer)
    drawKey(into: &svg, top: p.stateBottom + 40)
    return svg
  }

  /// Frames reduced to at most `columns` buckets of equal time over `range` (seconds after
  /// `originSeconds`); one bucket per frame when there are no more frames than columns.
  static func buckets(
    _ frames: [ReplayTimeline.Frame], originSeconds: Double, range: ClosedRange<Double>,
    columns: Int
  ) -> [Bucket] {
    func single(_ f: ReplayTimeline.Frame) -> Bucket {
      Bucket(
        seconds: f.timestampSeconds - originSeconds, errorMinimum: f.error?.minimum,
        errorMedian: f.error?.median, errorMaximum: f.error?.maximum,
        confirmed: Double(f.confirmedCount), coasting: Double(f.coastingCount),
        tentative: Double(f.tentativeCount))
    }
    guard frames.count > columns else { return frames.map(single) }
    let span = max(range.upperBound - range.lowerBound, 1e-9)
    var result: [Bucket] = []
    var start = 0
    while start < frames.count {
      let t = frames[start].timestampSeconds - originSeconds
      let column = min(Int((t - range.lowerBound) / span * Double(columns)), columns - 1)
      var end = start + 1
      while end < frames.count {
        let u = frames[end].timestampSeconds - originSeconds
        if min(Int((u - range.lowerBound) / span * Double(columns)), columns - 1) != column {
          break
        }
        end += 1
      }
      let group = frames[start..<end].map(single)
      let n = Double(group.count)
      let errors = group.filter { $0.errorMedian != nil }
      result.append(
        Bucket(
          seconds: group.map(\.seconds).reduce(0, +) / n,
          errorMinimum: errors.compactMap(\.errorMinimum).min(),
          errorMedian: errors.isEmpty
            ? nil : errors.compactMap(\.errorMedian).reduce(0, +) / Double(errors.count),
          errorMaximum: errors.compactMap(\.errorMaximum).max(),
          confirmed: group.map(\.confirmed).reduce(0, +) / n,
          coasting: group.map(\.coasting).reduce(0, +) / n,
          tentative: group.map(\.tentative).reduce(0, +) / n))
      start = end
    }
    return result
  }

  /// The error band (min–max) and median line, broken where no shown marker had truth.
  func drawErrors(
    _ buckets: [Bucket], into svg: inout SVGDocument, x: (Double) -> Double, panels p: Panels,
    scale: Double
  ) {
    func y(_ value: Double) -> Double {
      p.errorBottom - min(max(value, 0), scale) / scale * p.errorHeight
    }
    svg.beginGroup("id=\"\(idPrefix)error\"")
    for run in Self.runs(buckets, where: { $0.errorMedian != nil }) {
      let upper = run.map { Point(x: x($0.seconds), y: y($0.errorMaximum ?? 0)) }
      let lower = run.map { Point(x: x($0.seconds), y: y($0.errorMinimum ?? 0)) }
      let median = run.map { Point(x: x($0.seconds), y: y($0.errorMedian ?? 0)) }
      if run.count == 1 {
        svg.line(
          from: upper[0], to: lower[0],
          style: "stroke=\"\(RenderStyle.error)\" stroke-opacity=\"0.35\" stroke-width=\"3\"")
        svg.circle(center: median[0], radius: 2, style: "fill=\"\(RenderStyle.error)\"")
        continue
      }
      svg.polygon(
        upper + lower.reversed(),
        style: "class=\"error-band\" fill=\"\(RenderStyle.error)\" fill-opacity=\"0.18\"",
        decimals: 1)
      svg.polyline(
        median,
        style:
          "class=\"error-median\" fill=\"none\" stroke=\"\(RenderStyle.error)\" stroke-width=\"1.5\"",
        decimals: 1)
    }
    svg.endGroup()
  }

  /// The stacked state bands (confirmed at the bottom, then coasting, then tentative) and the
  /// number of truth objects (a shown marker per object is the goal).
  func drawStates(
    _ buckets: [Bucket], into svg: inout SVGDocument, x: (Double) -> Double, panels p: Panels,
    scale: Double, truthObjectCount: Int
  ) {
    func y(_ value: Double) -> Double {
      p.stateBottom - min(max(value, 0), scale) / scale * p.stateHeight
    }
    svg.beginGroup("id=\"\(idPrefix)states\"")
    let layers: [(MarkerState, (Bucket) -> Double)] = [
      (.confirmed, { $0.confirmed }), (.coasting, { $0.confirmed + $0.coasting }),
      (.tentative, { $0.confirmed + $0.coasting + $0.tentative }),
    ]
    var below: (Bucket) -> Double = { _ in 0 }
    for (state, top) in layers {
      let floor = below
      let upper = buckets.map { Point(x: x($0.seconds), y: y(top($0))) }
      let lower = buckets.map { Point(x: x($0.seconds), y: y(floor($0))) }
      if buckets.count == 1 {
        svg.line(
          from: upper[0], to: lower[0],
          style: "stroke=\"\(RenderStyle.color(of: state))\" stroke-width=\"3\"")
      } else {
        svg.polygon(
          upper + lower.reversed(),
          style:
            "class=\"state-band state-\(state.rawValue)\" fill=\"\(RenderStyle.color(of: state))\" fill-opacity=\"0.55\"",
          decimals: 1)
      }
      below = top
    }
    if truthObjectCount > 0 {
      let py = y(Double(truthObjectCount))
      svg.line(
        from: Point(x: Self.left, y: py), to: Point(x: Self.left + p.plotWidth, y: py),
        style:
          "class=\"truth-count\" stroke=\"\(RenderStyle.truth)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"",
        title: "\(truthObjectCount) truth objects")
    }
    svg.endGroup()
  }

  /// Maximal runs of consecutive buckets that satisfy `keep`.
  static func runs(_ buckets: [Bucket], where keep: (Bucket) -> Bool) -> [[Bucket]] {
    var result: [[Bucket]] = []
    var current: [Bucket] = []
    for bucket in buckets {
      if keep(bucket) {
        current.append(bucket)
      } else if !current.isEmpty {
        result.append(current)
        current = []
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }
}
