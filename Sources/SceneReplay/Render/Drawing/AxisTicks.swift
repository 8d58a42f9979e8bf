/// Round tick values for a plot axis ("nice numbers"): the step is 1, 2 or 5 x 10^k, the axis
/// runs between multiples of the step that enclose the data, and every label is written with the
/// same number of decimals (those of the step), so an axis over 0...9.983 s reads 0, 2, 4, 6, 8,
/// 10 and never 3.99, 5.99.
struct AxisTicks: Equatable {
  /// The distance between ticks (1, 2 or 5 x 10^k), > 0.
  let step: Double
  /// The axis' lower end: a multiple of `step` at or below the data.
  let lower: Double
  /// The axis' upper end: a multiple of `step` at or above the data, > `lower`.
  let upper: Double

  /// Ticks for data in `low...high` with about `targetCount` intervals (at least 1): the
  /// smallest nice step not below `(high - low) / targetCount`. A range narrower than
  /// `minimumSpan` is widened to it about its centre, but not below 0 when `low >= 0` (so
  /// `0...0` becomes `0...minimumSpan`); non-finite bounds are replaced by `0...1`.
  init(covering low: Double, _ high: Double, targetCount: Int = 5, minimumSpan: Double = 1) {
    var low = low
    var high = high
    if !low.isFinite || !high.isFinite || high < low { (low, high) = (0, 1) }
    let minimum = minimumSpan > 0 && minimumSpan.isFinite ? minimumSpan : 1
    if high - low < minimum {
      let center = (low + high) / 2
      let floor = low >= 0 ? 0 : -Double.infinity
      low = max(center - minimum / 2, floor)
      high = low + minimum
    }
    let step = Self.niceStep(atLeast: (high - low) / Double(max(targetCount, 1)))
    self.step = step
    // A quotient within rounding of a whole number is that number (0.4 / 0.05 may be 7.999...).
    func snapped(_ q: Double, _ rule: FloatingPointRoundingRule) -> Double {
      let whole = q.rounded()
      return abs(q - whole) < 1e-9 * max(1, abs(q)) ? whole : q.rounded(rule)
    }
    let lower = snapped(low / step, .down) * step
    var upper = snapped(high / step, .up) * step
    if upper <= lower { upper = lower + step }
    self.lower = lower + 0  // no -0
    self.upper = upper + 0
  }

  /// Ticks from 0 up to at least `maximum` (values below 0 count as 0) and at least
  /// `minimumMaximum`, about `targetCount` intervals: the usual value axis of a plot of
  /// distances.
  init(zeroTo maximum: Double, targetCount: Int = 4, minimumMaximum: Double = 1) {
    let top = maximum.isFinite ? max(maximum, 0) : 0
    self.init(covering: 0, top, targetCount: targetCount, minimumSpan: minimumMaximum)
  }

  /// The smallest 1, 2 or 5 x 10^k not below `value` (1e-9 for values that small or not finite).
  static func niceStep(atLeast value: Double) -> Double {
    guard value.isFinite, value > 1e-9 else { return 1e-9 }
    var power = 1.0
    while power > value { power /= 10 }
    while power * 10 <= value { power *= 10 }
    // Now power <= value < 10 power.
    for factor in [1.0, 2.0, 5.0] where factor * power >= value * (1 - 1e-12) {
      return factor * power
    }
    return 10 * power
  }

  /// The tick values from `lower` to `upper`, computed as integer multiples of the step (so
  /// they do not accumulate rounding).
  var values: [Double] {
    let first = (lower / step).rounded()
    let count = Int(((upper - lower) / step).rounded())
    return (0...max(count, 0)).map { (first + Double($0)) * step + 0 }
  }

  /// Decimals that write every tick exactly: those of the step (0 for steps >= 1).
  var decimals: Int {
    var decimals = 0
    var scaled = step
    while decimals < 9, abs(scaled - scaled.rounded()) > 1e-6 * max(scaled, 1) {
      scaled *= 10
      decimals += 1
    }
    return decimals
  }

  /// `value` written with ``decimals`` decimals (`0.5`, `1.0`; `-0` written `0`).
  func label(_ value: Double) -> String { Self.fixed(value, decimals: decimals) }

  /// `value` with exactly `decimals` decimals, rounded half away from zero, no `-0`.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 1e15 else { return "\(value)" }
    let n = Int64(scaled)
    let magnitude = n.magnitude
    let divisor = UInt64(scale)
    let whole = magnitude / divisor
    let sign = n < 0 ? "-" : ""
    guard decimals > 0 else { return "\(sign)\(whole)" }
    let fraction = String(magnitude % divisor)
    return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }
}
