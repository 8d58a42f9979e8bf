/// Number formatting for the `description`s of geometric types: rounded to a stated number of
/// fraction digits and printed in the shortest form, so `0.49999999999999994` reads `0.5`,
/// `2.0` reads `2` and `-0.0` reads `0`. `debugDescription`s print exact values instead.
package enum DescriptionFormat {
  /// `value` rounded to `digits` fraction digits (at most 9). Non-finite values and magnitudes of
  /// 1e15 or more print as Swift prints them.
  package static func number(_ value: Double, digits: Int) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<min(max(digits, 0), 9) { scale *= 10 }
    // k / 10^d is the Double nearest the decimal k·10^-d, whose shortest form is that decimal.
    let rounded = (value * scale).rounded() / scale
    if rounded == 0 { return "0" }
    let text = "\(rounded)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// `value` rounded to `digits` fraction digits (see `number(_:digits:)`).
  package static func number(_ value: Float, digits: Int) -> String {
    number(Double(value), digits: digits)
  }

  /// `(x, y, z)` with each component rounded to `digits` fraction digits.
  package static func vector(_ v: SIMD3<Float>, digits: Int) -> String {
    "(\(number(v.x, digits: digits)), \(number(v.y, digits: digits)), \(number(v.z, digits: digits)))"
  }

  /// A length in metres, rounded to the millimetre: `2.077 m`.
  package static func meters(_ value: Float) -> String { "\(number(value, digits: 3)) m" }

  /// A position in metres, rounded to the millimetre: `(0, 1.5, -2) m`.
  package static func position(_ v: SIMD3<Float>) -> String { "\(vector(v, digits: 3)) m" }

  /// A direction (usually unit), rounded to 3 fraction digits: `(0, 0, -1)`.
  package static func direction(_ v: SIMD3<Float>) -> String { vector(v, digits: 3) }
}
