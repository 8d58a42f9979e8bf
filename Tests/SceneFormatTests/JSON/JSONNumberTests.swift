import Foundation
import SpatialMath
import Testing

@testable import SceneFormat

/// Numbers read by the tape parser against the correctly rounded `Double(String)` (strtod),
/// bit for bit: hand-picked boundaries of each conversion path and seeded random numbers of
/// every shape (sign, digit counts, exponents).
@Suite struct JSONNumberTests {
  /// The parsed number of `text`, or `nil` when the parser refuses it; the same with 64 spaces
  /// after it (the eight-digits-at-a-time path needs 48 bytes of input left; without them the
  /// general scan reads every number).
  private static func parsed(_ text: String) -> Double? {
    let short = parsed(text, padding: 0)
    let long = parsed(text, padding: 64)
    return short?.bitPattern == long?.bitPattern ? short : .nan
  }

  private static func parsed(_ text: String, padding: Int) -> Double? {
    let document = "[\(text)\(String(repeating: " ", count: padding))]"
    return try? Array(document.utf8).withUnsafeBufferPointer { bytes in
      try JSONDocument.parse(bytes) { try $0.element(afterNumbers: 0).number() }
    }
  }

  /// What the parser must give: `Double(String)`'s value, or a refusal when that overflows.
  private static func expected(_ text: String) -> Double? {
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  private static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let got = parsed(text)
    let want = expected(text)
    #expect(
      got?.bitPattern == want?.bitPattern, "\(text): \(String(describing: got))",
      sourceLocation: sourceLocation)
  }

  /// The edges of the exact one-operation conversion (15/16/17/19/20 significant digits,
  /// mantissas around 2^53, powers of ten 10^±22 and one past them, fractions of 22 and 23
  /// digits, integers with 0 to 22 trailing zeros), and of the range of `Double`.
  @Test(arguments: [
    "0", "-0", "0.0", "-0.0", "1", "9", "10", "0.5", "-0.25", "0.1", "0.2", "0.3",
    "123456789012345", "1234567890123456", "12345678901234567", "1234567890123456789",
    "12345678901234567890", "0.123456789012345", "0.1234567890123456", "1.2345678901234567",
    "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994",
    "9007199254740995", "0.9007199254740993", "900719925474099.3", "-9007199254740993",
    "1e22", "1e23", "1e-22", "1e-23", "9007199254740991e22", "9007199254740991e-22",
    "9007199254740993e-22", "4.5e15", "0.0000000000000000000001", "0.00000000000000000000001",
    "1.0000000000000000000001", "123.4567890123456789012", "1000000000000000000000",
    "10000000000000000000000", "100000000000000000000000", "-0.8546", "0.98933715",
    "-0.019569159", "1460", "3302", "0.000001", "2.2250738585072014e-308",
    "2.2250738585072011e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "1e308", "1e309", "-1e309", "1e-400", "0e999999", "7.0e+0",
    "7E-0", "12.5e1", "0.00123e5", "1.5e-7", "99999999999999999999e-20",
  ])
  func boundaryNumbersMatchStrtod(text: String) {
    Self.check(text)
  }

  /// 20,000 random numbers (seeded): a sign, 1–20 integer digits (a single 0 a quarter of the
  /// time), no fraction or 1–24 fraction digits, no exponent or one of -330...330.
  @Test func randomNumbersMatchStrtod() {
    var generator = SplitMix64(seed: 0x4A53_4F4E)
    func digits(_ count: Int, leading nonZero: Bool) -> String {
      var text = ""
      for k in 0..<count {
        let low = nonZero && k == 0 ? 1 : 0
        text.append(String(low + Int(generator.next() % UInt64(10 - low))))
      }
      return text
    }
    for _ in 0..<20_000 {
      var text = generator.next() % 3 == 0 ? "-" : ""
      text +=
        generator.next() % 4 == 0
        ? "0" : digits(1 + Int(generator.next() % 20), leading: true)
      if generator.next() % 4 != 0 {
        text += "." + digits(1 + Int(generator.next() % 24), leading: false)
      }
      if generator.next() % 3 == 0 {
        let exponent = Int(generator.next() % 661) - 330
        text += (generator.next() % 2 == 0 ? "e" : "E") + String(exponent)
      }
      Self.check(text)
    }
  }

  /// Numbers as a recording writes them: a few fraction digits, numbers within ±10, printed by
  /// Swift's shortest round-trip form, all read back to the same `Double`.
  @Test func shortestFormsRoundTrip() {
    var generator = SplitMix64(seed: 15)
    for _ in 0..<20_000 {
      let value = generator.uniform(-10...10)
      let rounded = (value * 1e4).rounded() / 1e4
      for candidate in [value, rounded, Double(Float(value))] {
        let text = "\(candidate)"
        #expect(Self.parsed(text)?.bitPattern == candidate.bitPattern, "\(text)")
      }
    }
  }
}

extension JSONNumberTests {
  /// Malformed numbers with plenty of input after them (where the eight-digits-at-a-time path
  /// looks first) get the general scan's errors, at the same column as without the padding.
  @Test(arguments: [
    ("[01", "line 1:3: leading zero in number"),
    ("[-01", "line 1:4: leading zero in number"),
    ("[-", "line 1:3: expected a digit in number"),
    ("[-x", "line 1:3: expected a digit in number"),
    ("[1.", "line 1:4: expected a digit after '.' in number"),
    ("[1.x", "line 1:4: expected a digit after '.' in number"),
    ("[1.5e", "line 1:6: expected a digit in the exponent of number"),
    ("[1e+", "line 1:5: expected a digit in the exponent of number"),
    ("[1.5.5", "line 1:5: expected ',' or ']', got '.'"),
    ("[0.12345678x", "line 1:12: expected ',' or ']', got 'x'"),
  ])
  func malformedNumbersBeforeLongInput(text: String, expected: String) {
    let padded = text + String(repeating: " ", count: 64) + "]"
    let error = #expect(throws: InputFileError.self) {
      try Array(padded.utf8).withUnsafeBufferPointer { bytes in
        try JSONDocument.parse(bytes) { _ in () }
      }
    }
    #expect(error?.description == expected)
  }

  /// A long compact array of numbers in the forms a recording has (what the fast path reads
  /// element after element) holds every number as `Double(String)` reads it.
  @Test func compactNumberArraysMatchStrtod() throws {
    var generator = SplitMix64(seed: 7)
    let texts = (0..<2_000).map { _ -> String in
      let digits = 1 + Int(generator.next() % 17)
      let scaled = Int64(bitPattern: generator.next() % 2_000_000_000) - 1_000_000_000
      let value = Double(scaled) / Double(generator.next() % 2 == 0 ? 1e4 : 1e9)
      return digits > 12 ? "\(value)" : String(format: "%.\(digits % 9)f", value)
    }
    let numbers = try Array("[\(texts.joined(separator: ","))]".utf8).withUnsafeBufferPointer {
      try JSONDocument.parse($0) { try $0.numbers(count: texts.count) }
    }
    #expect(numbers.map(\.bitPattern) == texts.map { Double($0)!.bitPattern })
  }
}
