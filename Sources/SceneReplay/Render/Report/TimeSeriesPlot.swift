import SceneFormat
import SpatialMath

/// A small line chart of one series over time for the HTML report: x is seconds after
/// `originSeconds` over the series' own time range, y runs from 0 to a round maximum; both axes
/// have round ticks (`AxisTicks`). Short series (up to 40 samples) also get a dot per sample,
/// so a marker seen in two frames is two dots, not an invisible line. Tracking losses in the
/// range are shaded and jumps drawn as dashed lines.
///
/// Long series are reduced to at most `maximumPoints` points by keeping, per bucket of
/// consecutive samples, the minimum and the maximum (in time order), so spikes stay visible.
struct TimeSeriesPlot {
  /// One sample: seconds and value (finite values only are drawn).
  typealias Sample = (seconds: Double, value: Double)

  var title: String
  var color: String
  /// Times are shown as seconds after this (the replay's first frame).
  var originSeconds: Double
  /// The events to mark in the plot's range.
  var events: [ReplayEvent] = []
  var width: Double = 440
  var height: Double = 170
  var maximumPoints = 360
  var fontSize: Double = 12

  static let left = 52.0
  /// Room for half of the last time tick with its unit ("600.00 s").
  static let right = 30.0
  static let top = 24.0
  static let bottom = 34.0

  func document(for samples: [Sample]) -> SVGDocument {
    let finite = samples.filter { $0.seconds.isFinite && $0.value.isFinite }
      .map { (seconds: $0.seconds - originSeconds, value: $0.value) }
    let reduced = Self.envelope(finite, maximumPoints: maximumPoints)
    let plotWidth = width - Self.left - Self.right
    let plotHeight = height - Self.top - Self.bottom
    let xTicks = AxisTicks(
      covering: finite.first?.seconds ?? 0, finite.last?.seconds ?? 0, targetCount: 4,
      minimumSpan: 0.2)
    let yTicks = AxisTicks(zeroTo: finite.map(\.value).max() ?? 0, targetCount: 3)
    func x(_ seconds: Double) -> Double {
      Self.left + (seconds - xTicks.lower) / (xTicks.upper - xTicks.lower) * plotWidth
    }
    func point(_ s: Sample) -> Point {
      Point(
        x: x(s.seconds),
        y: Self.top + plotHeight - min(max(s.value, 0), yTicks.upper) / yTicks.upper * plotHeight)
    }
    var svg = SVGDocument(width: width, height: height)
    svg.text(
      title, at: Point(x: Self.left, y: 15), size: fontSize,
      style: "fill=\"#222\" font-weight=\"bold\"")
    let tick = "class=\"tick\" fill=\"#666666\""
    for (k, value) in yTicks.values.enumerated() {
      let y = Self.top + plotHeight - value / yTicks.upper * plotHeight
      svg.line(
        from: Point(x: Self.left, y: y), to: Point(x: Self.left + plotWidth, y: y),
        style: k == 0
          ? "stroke=\"#999999\" stroke-width=\"1\"" : "stroke=\"#eeeeee\" stroke-width=\"1\"")
      svg.text(
        yTicks.label(value), at: Point(x: Self.left - 6, y: y + 4), size: fontSize, anchor: "end",
        style: tick)
    }
    for (k, value) in xTicks.values.enumerated() {
      // The last tick carries the unit.
      let label = xTicks.label(value) + (k == xTicks.values.count - 1 ? " s" : "")
      svg.text(
        label, at: Point(x: x(value), y: Self.top + plotHeight + 19), size: fontSize,
        anchor: "middle", style: tick)
    }
    drawEvents(into: &svg, x: x, range: xTicks.lower...xTicks.upper, plotHeight: plotHeight)
    svg.line(
      from: Point(x: Self.left, y: Self.top), to: Point(x: Self.left, y: Self.top + plotHeight),
      style: "stroke=\"#999999\" stroke-width=\"1\"")
    if reduced.isEmpty {
      svg.text(
        "no data", at: Point(x: Self.left + plotWidth / 2, y: Self.top + plotHeight / 2),
        size: fontSize, anchor: "middle", style: "fill=\"#999\"")
    } else {
      svg.polyline(
        reduced.map(point),
        style: "class=\"series\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"",
        decimals: 1)
      if finite.count <= 40 {
        for sample in finite {
          svg.circle(
            center: point(sample), radius: 2.5, style: "class=\"sample\" fill=\"\(color)\"")
        }
      }
    }
    return svg
  }

  /// Tracking losses (shaded) and jumps (dashed) inside `range` (seconds after the origin).
  func drawEvents(
    into svg: inout SVGDocument, x: (Double) -> Double, range: ClosedRange<Double>,
    plotHeight: Double
  ) {
    for event in events {
      let start = event.timestampSeconds - originSeconds
      switch event.kind {
      case .trackingLost:
        let end = (event.endTimestampSeconds ?? event.timestampSeconds) - originSeconds
        let a = max(start, range.lowerBound)
        let b = min(end, range.upperBound)
        guard b > a else { continue }
        svg.rect(
          Rect(x: x(a), y: Self.top, width: max(x(b) - x(a), 1), height: plotHeight),
          style: "class=\"event-loss\" fill=\"\(OverviewChart.lossFill)\" fill-opacity=\"0.5\"")
      case .trackingJump, .trackingCorrection:
        guard range.contains(start) else { continue }
        let name = event.kind == .trackingJump ? "event-jump" : "event-correction"
        svg.line(
          from: Point(x: x(start), y: Self.top), to: Point(x: x(start), y: Self.top + plotHeight),
          style:
            "class=\"\(name)\" stroke=\"\(OverviewChart.jumpStroke)\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\"",
          title: event.description(relativeTo: originSeconds))
      case .planeAdded, .planeRemoved:
        continue
      }
    }
  }

  /// At most about `maximumPoints` samples: per bucket of consecutive samples, its minimum and
  /// maximum in time order (the first of equal values); unchanged when short enough.
  static func envelope(_ samples: [Sample], maximumPoints: Int) -> [Sample] {
    let buckets = max(maximumPoints / 2, 1)
    guard samples.count > max(maximumPoints, 2) else { return samples }
    var result: [Sample] = []
    result.reserveCapacity(2 * buckets)
    for b in 0..<buckets {
      let start = b * samples.count / buckets
      let end = (b + 1) * samples.count / buckets
      guard start < end else { continue }
      var low = start
      var high = start
      for i in start..<end {
        if samples[i].value < samples[low].value { low = i }
        if samples[i].value > samples[high].value { high = i }
      }
      result.append(samples[min(low, high)])
      if low != high { result.append(samples[max(low, high)]) }
    }
    return result
  }
}
