extension JSONCursor {
  /// 10^exponent for 0...22, the powers of ten that are exact in `Double`.
  @inline(__always)
  static func exactPowerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: return 1e0
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    default: return 1e22
    }
  }

  @inline(__always)
  package static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// 10^exponent for 0...15 as an integer.
  @inline(__always)
  static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: return 1
    case 1: return 10
    case 2: return 100
    case 3: return 1000
    case 4: return 10000
    case 5: return 100_000
    case 6: return 1_000_000
    case 7: return 10_000_000
    case 8: return 100_000_000
    case 9: return 1_000_000_000
    case 10: return 10_000_000_000
    case 11: return 100_000_000_000
    case 12: return 1_000_000_000_000
    case 13: return 10_000_000_000_000
    case 14: return 100_000_000_000_000
    default: return 1_000_000_000_000_000
    }
  }

  /// The number of leading decimal digits (0...8) in the eight bytes of `word` (the first byte
  /// in the lowest bits), and the word with each byte XORed with `'0'` (a digit's value).
  @inline(__always)
  static func digitRun(_ word: UInt64) -> (count: Int, values: UInt64) {
    let values = word ^ 0x3030_3030_3030_3030
    // A byte is a digit when its value is below 10: adding 0x76 sets its high bit otherwise
    // (the lowest such byte is exact; carries only reach bytes above it).
    let nonDigit = ((values &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080
    return (nonDigit.trailingZeroBitCount >> 3, values)
  }

  /// The value of the first `count` (1...8) digit values of `values` (as ``digitRun(_:)``
  /// returns them): the digits are moved to the top bytes (zeros in front) and combined in
  /// pairs, fours and eights with three multiplications.
  @inline(__always)
  static func digitsValue(_ values: UInt64, count: Int) -> UInt64 {
    var v = values << UInt64((8 - count) * 8)
    v = v &* 10 &+ (v >> 8)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    let hundredsAndMillions: UInt64 = 100 + (1_000_000 << 32)
    let onesAndTenThousands: UInt64 = 1 + (10_000 << 32)
    return ((v & mask) &* hundredsAndMillions &+ ((v >> 16) & mask) &* onesAndTenThousands) >> 32
  }

  /// Reads a number (the cursor at its `-` or first digit): ``fastNumber()`` for the common
  /// form, else the general scan of ``parseAnyNumber()``; both give the same `Double`.
  @inline(__always)
  package mutating func parseNumber() throws -> Double {
    if let value = fastNumber() { return value }
    return try parseAnyNumber()
  }

  /// The number at the cursor when it is `-?(0|[1-9][0-9]*)(\.[0-9]{1,15})?` with no exponent,
  /// at most 19 digits, a mantissa (all digits as one integer) of at most 2^53 and at least 48
  /// bytes of input left; `nil` (the cursor unmoved) for anything else, which
  /// ``parseAnyNumber()`` reads or reports. The value is the mantissa divided by 10^(fraction
  /// digits), both exact in `Double`: one correctly rounded division (Clinger's fast path), the
  /// same operation as the general scan's. The fraction's digits are read eight at a time.
  @inline(__always)
  mutating func fastNumber() -> Double? {
    guard let base = bytes.baseAddress, bytes.count &- index >= 48 else { return nil }
    var i = index
    let negative = base[i] == UInt8(ascii: "-")
    if negative { i &+= 1 }
    var mantissa = UInt64(base[i] &- UInt8(ascii: "0"))
    guard mantissa < 10 else { return nil }
    i &+= 1
    let integerStart = i
    if mantissa != 0 {
      while true {
        let digit = base[i] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        i &+= 1
        guard i &- integerStart < 16 else { return nil }
      }
    } else if Self.isDigit(base[i]) {
      return nil  // a leading zero: reported by the general scan
    }
    let integerDigits = i &- integerStart &+ 1
    var fractionDigits = 0
    if base[i] == UInt8(ascii: ".") {
      i &+= 1
      let first = Self.digitRun(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
      guard first.count > 0 else { return nil }
      var fraction: UInt64
      if first.count < 8 {
        fraction = Self.digitsValue(first.values, count: first.count)
        fractionDigits = first.count
      } else {
        fraction = Self.digitsValue(first.values, count: 8)
        let second = Self.digitRun(
          UnsafeRawPointer(base + i + 8).loadUnaligned(as: UInt64.self))
        guard second.count < 8 else { return nil }
        if second.count > 0 {
          fraction =
            fraction &* Self.integerPowerOfTen(second.count)
            &+ Self.digitsValue(second.values, count: second.count)
        }
        fractionDigits = 8 &+ second.count
      }
      guard integerDigits &+ fractionDigits <= 19 else { return nil }
      mantissa = mantissa &* Self.integerPowerOfTen(fractionDigits) &+ fraction
      i &+= fractionDigits
    }
    guard base[i] | 0x20 != UInt8(ascii: "e"), mantissa <= 1 << 53 else { return nil }
    index = i
    let value = Double(Int64(bitPattern: mantissa)) / Self.exactPowerOfTen(fractionDigits)
    return negative ? -value : value
  }

  /// Reads a number of any form, or reports what is wrong with it. The scan works on a local
  /// position (written back before every error and at the end). A number of at most 19 digits
  /// in all uses the mantissa accumulated during the scan, anything longer the digit-by-digit
  /// rules of ``significand(integer:fraction:)``. Both give the same mantissa and exponent.
  @inline(never)
  mutating func parseAnyNumber() throws -> Double {
    let start = index
    let end = bytes.count
    var i = index
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    guard i < end, Self.isDigit(bytes[i]) else { throw numberError(at: i, .missingDigit) }
    // Every digit is accumulated (wrapping); the result is used only when there are at most
    // 19 digits in all, where leading zeros add nothing and nothing wraps.
    var mantissa = UInt64(bytes[i] &- UInt8(ascii: "0"))
    let integerStart = i
    i += 1
    while i < end {
      let digit = bytes[i] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      i += 1
    }
    let integer = integerStart..<i
    if bytes[integerStart] == UInt8(ascii: "0") && integer.count > 1 {
      throw numberError(at: integerStart + 1, .leadingZero)
    }
    var fraction = i..<i
    if i < end && bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard i < end, Self.isDigit(bytes[i]) else { throw numberError(at: i, .missingFraction) }
      let fractionStart = i
      while i < end {
        let digit = bytes[i] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        i += 1
      }
      fraction = fractionStart..<i
    }
    var exponent = 0
    if i < end && (bytes[i] | 0x20) == UInt8(ascii: "e") {
      i += 1
      var exponentNegative = false
      if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        exponentNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      guard i < end, Self.isDigit(bytes[i]) else { throw numberError(at: i, .missingExponent) }
      while i < end && Self.isDigit(bytes[i]) {
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - UInt8(ascii: "0")) }
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    index = i
    var significantDigits: Int
    var decimalExponent: Int
    if integer.count + fraction.count <= 19 {
      significantDigits = 0  // at most 19, which is all the check below needs
      decimalExponent = exponent - fraction.count
    } else {
      (mantissa, significantDigits, decimalExponent) = significand(
        integer: integer, fraction: fraction)
      decimalExponent += exponent
    }
    // Exact fast path (Clinger): an integer mantissa below 2^53 times or divided by an exact
    // power of ten is correctly rounded by one IEEE operation.
    if significantDigits <= 19 && mantissa <= (1 << 53) && decimalExponent >= -22
      && decimalExponent <= 22
    {
      var value = Double(mantissa)
      if decimalExponent < 0 {
        value /= Self.exactPowerOfTen(-decimalExponent)
      } else {
        value *= Self.exactPowerOfTen(decimalExponent)
      }
      if value.isFinite { return negative ? -value : value }
    }
    return try parseNumberToken(from: start)
  }

  /// The mantissa of the first 19 significant digits, the count of significant digits and the
  /// power of ten that the mantissa is scaled by (before the exponent part), for any number of
  /// digits.
  private func significand(integer: Range<Int>, fraction: Range<Int>) -> (UInt64, Int, Int) {
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var decimalExponent = 0
    if bytes[integer.lowerBound] != UInt8(ascii: "0") {
      for k in integer {
        if significantDigits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[k] - UInt8(ascii: "0"))
        } else {
          decimalExponent += 1
        }
        significantDigits += 1
      }
    }
    for k in fraction {
      let digit = UInt64(bytes[k] - UInt8(ascii: "0"))
      if mantissa == 0 && digit == 0 {
        decimalExponent -= 1  // leading zeros of the fraction are not significant
      } else if significantDigits < 19 {
        mantissa = mantissa &* 10 &+ digit
        significantDigits += 1
        decimalExponent -= 1
      } else {
        significantDigits += 1
      }
    }
    return (mantissa, significantDigits, decimalExponent)
  }

  /// The correctly rounded value of the number from `start` to the cursor, through
  /// `Double(String)`; a value out of `Double`'s range is an error.
  private func parseNumberToken(from start: Int) throws -> Double {
    let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(token), value.isFinite else {
      // A number may be megabytes of digits: quote its start and say how long it is.
      let shown =
        token.utf8.count <= 40 ? token : "\(token.prefix(24))... (\(token.utf8.count) characters)"
      throw error("number \(shown) is out of the range of a 64-bit float", at: start)
    }
    return value
  }

  /// What is wrong with a malformed number.
  enum NumberProblem {
    case missingDigit, leadingZero, missingFraction, missingExponent
  }

  /// The syntax error for a malformed number at `offset` (kept out of line: the scan keeps its
  /// registers).
  @inline(never)
  func numberError(at offset: Int, _ problem: NumberProblem) -> InputFileError {
    switch problem {
    case .missingDigit: return error("expected a digit in number", at: offset)
    case .leadingZero: return error("leading zero in number", at: offset)
    case .missingFraction: return error("expected a digit after '.' in number", at: offset)
    case .missingExponent: return error("expected a digit in the exponent of number", at: offset)
    }
  }
}
