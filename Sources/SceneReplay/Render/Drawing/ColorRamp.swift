/// A colour map from a value in `0...1` to an sRGB colour: control points ("stops") at increasing
/// positions, linearly interpolated in sRGB between neighbours, as an SVG `linearGradient` with the
/// same stops interpolates (so the picture's scale bar shows exactly the colours of the data).
///
/// ``viridis`` is perceptually ordered: its lightness rises monotonically from dark purple to
/// yellow, so larger values always look lighter, also in grey print and to colour-blind readers.
struct ColorRamp: Sendable, Hashable {
  /// One control point: a position in `0...1` and its colour (0...255 per channel).
  struct Stop: Sendable, Hashable {
    var position: Double
    var red: Double
    var green: Double
    var blue: Double
  }

  /// The stops, at strictly increasing positions from 0 to 1.
  let stops: [Stop]

  /// Creates a ramp.
  ///
  /// - Precondition: at least two stops, the first at 0 and the last at 1, positions strictly
  ///   increasing, channels in `0...255`.
  init(stops: [Stop]) {
    precondition(stops.count >= 2 && stops.first?.position == 0 && stops.last?.position == 1)
    precondition(zip(stops, stops.dropFirst()).allSatisfy { $0.position < $1.position })
    precondition(
      stops.allSatisfy { s in [s.red, s.green, s.blue].allSatisfy { (0...255).contains($0) } })
    self.stops = stops
  }

  /// A viridis-like ramp: nine stops, the colours of the viridis map sampled at every eighth of
  /// its range (dark purple 0x440154 at 0 to yellow 0xfde725 at 1).
  static let viridis = ColorRamp(
    stops: [
      (0x44, 0x01, 0x54), (0x47, 0x2D, 0x7B), (0x3B, 0x52, 0x8B), (0x2C, 0x72, 0x8E),
      (0x21, 0x90, 0x8C), (0x27, 0xAD, 0x81), (0x5D, 0xC8, 0x63), (0xAA, 0xDC, 0x32),
      (0xFD, 0xE7, 0x25),
    ].enumerated().map { i, rgb in
      Stop(position: Double(i) / 8, red: Double(rgb.0), green: Double(rgb.1), blue: Double(rgb.2))
    })

  /// The colour at `t` (clamped to `0...1`; NaN counts as 0), each channel rounded to the
  /// nearest integer.
  func color(at t: Double) -> PNGEncoder.Color {
    let t = t.isNaN ? 0 : min(max(t, 0), 1)
    let upper = stops.firstIndex { $0.position >= t } ?? (stops.count - 1)
    guard upper > 0 else { return Self.rounded(stops[0]) }
    let a = stops[upper - 1]
    let b = stops[upper]
    let f = (t - a.position) / (b.position - a.position)
    return Self.rounded(
      Stop(
        position: t, red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
        blue: a.blue + (b.blue - a.blue) * f))
  }

  /// The colour at `t` as `#rrggbb`.
  func hex(at t: Double) -> String { Self.hex(color(at: t)) }

  /// `#rrggbb` (lower-case) of an opaque colour.
  static func hex(_ color: PNGEncoder.Color) -> String {
    let digits = Array("0123456789abcdef")
    return "#"
      + [color.red, color.green, color.blue].map {
        String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]])
      }.joined()
  }

  static func rounded(_ stop: Stop) -> PNGEncoder.Color {
    PNGEncoder.Color(
      red: UInt8(stop.red.rounded()), green: UInt8(stop.green.rounded()),
      blue: UInt8(stop.blue.rounded()))
  }
}
