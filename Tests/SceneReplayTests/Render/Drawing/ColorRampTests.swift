import Foundation
import Testing

@testable import SceneReplay

@Suite("ColorRamp")
struct ColorRampTests {
  /// viridis runs from 0x440154 (dark purple) to 0xfde725 (yellow) through 0x21908c (teal) at its
  /// middle; values outside 0...1 and NaN clamp to the ends.
  @Test func theEndsAndTheMiddleAreViridisColours() {
    let ramp = ColorRamp.viridis
    #expect(ramp.hex(at: 0) == "#440154")
    #expect(ramp.hex(at: 1) == "#fde725")
    #expect(ramp.hex(at: 0.5) == "#21908c")
    #expect(ramp.hex(at: -3) == "#440154" && ramp.hex(at: 7) == "#fde725")
    #expect(ramp.hex(at: .nan) == "#440154")
  }

  /// Halfway between the first two stops (t = 1/16): the channel means of 0x440154 and 0x472d7b,
  /// (68 + 71) / 2 = 69.5 -> 70, (1 + 45) / 2 = 23, (84 + 123) / 2 = 103.5 -> 104.
  @Test func betweenStopsTheColourIsInterpolatedLinearly() {
    let c = ColorRamp.viridis.color(at: 1.0 / 16)
    #expect(c == PNGEncoder.Color(red: 70, green: 23, blue: 104))
  }

  /// CIE L* (D65) of the ramp's colour rises strictly over 201 samples: sRGB decoded to linear
  /// light (IEC 61966-2-1), luminance Y = 0.2126 R + 0.7152 G + 0.0722 B, L* = 116 f(Y) - 16.
  @Test func lightnessRisesMonotonically() {
    func lightness(_ c: PNGEncoder.Color) -> Double {
      func linear(_ v: UInt8) -> Double {
        let s = Double(v) / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
      }
      let y = 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
      let f = y > 216.0 / 24389 ? cbrt(y) : (24389.0 / 27 * y + 16) / 116
      return 116 * f - 16
    }
    let values = (0...200).map { lightness(ColorRamp.viridis.color(at: Double($0) / 200)) }
    for (a, b) in zip(values, values.dropFirst()) { #expect(b > a) }
    // From about 16 to about 92: a wide lightness range.
    #expect(values[0] < 20 && values[200] > 85)
  }
}
