import SceneFormat
import SpatialMath

/// A small line chart of one series over time for the HTML report: x is seconds over a fixed
/// range shared by every plot of a report, y runs from 0 to a round maximum, with axis ticks.
///
/// Long series are reduced to at most `maximumPoints` points by keeping, per bucket of
/// consecutive samples, the minimum and the maximum (in time order), so spikes stay visible.
struct TimeSeriesPlot {
  /// One sample: seconds and value (finite values only are drawn).
  typealias Sample = (seconds: Double, value: Double)

  var title: String
  var unit: String
  var color: String
  var secondsRange: ClosedRange<Double>
  var width: Double = 520
  var height: Double = 170
  var maximumPoints = 800

  static let left = 52.0
  static let right = 12.0
  static let top = 22.0
  static let bottom = 30.0

  func document(for samples: [Sample]) -> SVGDocument {
    let finite = samples.filter { $0.seconds.isFinite && $0.value.isFinite }
    let reduced = Self.envelope(finite, maximumPoints: maximumPoints)
    let plotWidth = width - Self.left - Self.right
    let plotHeight = height - Self.top - Self.bottom
    let maxValue = Self.roundUp(finite.map(\.value).max() ?? 0)
    let t0 = secondsRange.lowerBound
    let span = max(secondsRange.upperBound - t0, 1e-9)
    func point(_ s: Sample) -> Point {
      Point(
        x: Self.left + (s.seconds - t0) / span * plotWidth,
        y: Self.top + plotHeight - min(max(s.value, 0), maxValue) / maxValue * plotHeight)
    }
    var svg = SVGDocument(width: width, height: height)
    svg.text(
      title, at: Point(x: Self.left, y: 14), size: 12, style: "fill=\"#222\" font-weight=\"bold\"")
    let axis = "stroke=\"#999999\" stroke-width=\"1\""
    for k in 0...4 {
      let value = maxValue * Double(k) / 4
      let y = Self.top + plotHeight - Double(k) / 4 * plotHeight
      svg.line(
        from: Point(x: Self.left, y: y), to: Point(x: Self.left + plotWidth, y: y),
        style: k == 0 ? axis : "stroke=\"#eeeeee\" stroke-width=\"1\"")
      svg.text(
        SVGDocument.number(value), at: Point(x: Self.left - 4, y: y + 3), size: 9, anchor: "end",
        style: "fill=\"#666\"")
    }
    svg.line(
      from: Point(x: Self.left, y: Self.top), to: Point(x: Self.left, y: Self.top + plotHeight),
      style: axis)
    for k in 0...5 {
      let seconds = t0 + span * Double(k) / 5
      let x = Self.left + Double(k) / 5 * plotWidth
      svg.text(
        SVGDocument.number(seconds), at: Point(x: x, y: Self.top + plotHeight + 12), size: 9,
        anchor: "middle", style: "fill=\"#666\"")
    }
    svg.text(
      "time (s)", at: Point(x: Self.left + plotWidth, y: height - 4), size: 9, anchor: "end",
      style: "fill=\"#666\"")
    svg.text(unit, at: Point(x: 4, y: Self.top - 8), size: 9, style: "fill=\"#666\"")
    if reduced.isEmpty {
      svg.text(
        "no data", at: Point(x: Self.left + plotWidth / 2, y: Self.top + plotHeight / 2), size: 11,
        anchor: "middle", style: "fill=\"#999\"")
    } else if reduced.count == 1 {
      svg.circle(center: point(reduced[0]), radius: 2.5, style: "fill=\"\(color)\"")
    } else {
      svg.polyline(
        reduced.map(point),
        style: "class=\"series\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.2\"")
    }
    return svg
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

  /// The smallest of 1, 2, 2.5, 5 x 10^k not below `value` (at least 1: plots are in mm).
  static func roundUp(_ value: Double) -> Double {
    guard value.isFinite, value > 1 else { return 1 }
    var power = 1.0
    while power * 10 < value { power *= 10 }
    for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * power >= value { return factor * power }
    return 10 * power
  }
}
