/// A byte-level JSON parser (RFC 8259) producing ``JSONValue``.
///
/// Strict: no comments, no trailing commas, no NaN/Infinity, no duplicate keys, UTF-8 only.
/// Numbers are converted with an exact fast path (a decimal mantissa of at most 19 digits that fits
/// in 2^53 and a power of ten up to 10^22, which is exact in `Double`) and otherwise with the
/// correctly rounded `Double(String)`; a number whose magnitude overflows `Double` is an error.
/// Nesting is limited (by default to ``maximumDepth``, which is also the largest limit a caller
/// can ask for) so that hostile input cannot overflow the stack; deeper input is a `.syntax`
/// error at the bracket that goes too deep.
/// Errors are ``InputFileError`` of kind `.syntax` with the 1-based line and column.
///
/// - Complexity: O(n) in the input length.
public enum JSONParser {
  /// The deepest nesting of arrays and objects accepted (the outermost array or object is depth
  /// 1); the default and the cap of the `maximumDepth` parameters.
  public static let maximumDepth = 512

  /// Parses exactly one JSON value (surrounded by optional whitespace) from `bytes`.
  ///
  /// - Parameter maximumDepth: the deepest nesting accepted, clamped to 1...``maximumDepth``.
  public static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONParser.maximumDepth
  ) throws -> JSONValue {
    var cursor = JSONCursor(bytes)
    defer { cursor.scratch.release() }
    cursor.maximumDepth = min(max(1, maximumDepth), Self.maximumDepth)
    cursor.skipWhitespace()
    let value = try cursor.parseValue(depth: 0)
    cursor.skipWhitespace()
    if cursor.index != bytes.count {
      throw cursor.error("unexpected \(cursor.describeCurrent()) after the JSON value")
    }
    return value
  }

  /// Parses exactly one JSON value from `bytes`, nesting at most `maximumDepth` deep.
  public static func parse(
    _ bytes: [UInt8], maximumDepth: Int = JSONParser.maximumDepth
  ) throws -> JSONValue {
    try bytes.withUnsafeBufferPointer { try parse($0, maximumDepth: maximumDepth) }
  }

  /// Parses exactly one JSON value from the UTF-8 of `text`, nesting at most `maximumDepth` deep.
  public static func parse(
    _ text: String, maximumDepth: Int = JSONParser.maximumDepth
  ) throws -> JSONValue {
    try parse(Array(text.utf8), maximumDepth: maximumDepth)
  }
}

/// The parser's position in its input; internal.
package struct JSONCursor {
  package let bytes: UnsafeBufferPointer<UInt8>
  package var index = 0
  package var maximumDepth = JSONParser.maximumDepth
  /// The elements and members of the arrays and objects still open, moved into storage of their
  /// exact size when each closes (one allocation per array, no regrowth; objects are hashed
  /// into a dictionary of their final size). Released by the owner of the cursor.
  var scratch = JSONParseScratch()

  package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// A syntax error at the current position, with line and column computed from the offset.
  package func error(_ message: String, at offset: Int? = nil) -> InputFileError {
    let stop = min(offset ?? index, bytes.count)
    var line = 1
    var lineStart = 0
    var i = 0
    while i < stop {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    return InputFileError(.syntax, message, line: line, column: stop - lineStart + 1)
  }

  /// The `.limitExceeded` error for an array or object nested deeper than ``maximumDepth``.
  package func depthError() -> InputFileError {
    var failure = error("nesting deeper than \(maximumDepth) (maximumNestingDepth)")
    failure.kind = .limitExceeded
    return failure
  }

  package func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  @inline(__always)
  package mutating func skipWhitespace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      index += 1
    }
  }

  package mutating func parseValue(depth: Int) throws -> JSONValue {
    guard index < bytes.count else { throw error("expected a value, got end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    default: throw error("expected a value, got \(describeCurrent())")
    }
  }

  package mutating func expectLiteral(_ literal: StaticString) throws {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("invalid literal") }
    let start = literal.utf8Start
    for k in 0..<count where bytes[index + k] != start[k] {
      throw error("invalid literal")
    }
    index += count
  }

  package mutating func parseArray(depth: Int) throws -> JSONValue {
    guard depth <= maximumDepth else { throw depthError() }
    index += 1  // [
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array([])
    }
    let base = scratch.valueCount
    while true {
      skipWhitespace()
      scratch.push(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error("expected ',' or ']', got end of input") }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: ",") { continue }
      if byte == UInt8(ascii: "]") { return .array(scratch.popValues(from: base)) }
      index -= 1
      throw error("expected ',' or ']', got \(describeCurrent())")
    }
  }

  package mutating func parseObject(depth: Int) throws -> JSONValue {
    guard depth <= maximumDepth else { throw depthError() }
    index += 1  // {
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object([:])
    }
    let base = scratch.valueCount
    let keyBase = scratch.keys.count
    // Duplicates are found as each member is read (so the first error in the text is the one
    // reported): by comparing with the earlier keys of small objects, with a set for large ones.
    var seen: Set<String>?
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a member name in double quotes, got \(describeCurrent())")
      }
      let keyOffset = index
      let key = try parseString()
      let count = scratch.keys.count - keyBase
      if count < 16 {
        if scratch.keys[keyBase...].contains(key) {
          throw error("duplicate member \"\(key)\"", at: keyOffset)
        }
      } else {
        if seen == nil { seen = Set(scratch.keys[keyBase...]) }
        if seen!.insert(key).inserted == false {
          throw error("duplicate member \"\(key)\"", at: keyOffset)
        }
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after member name, got \(describeCurrent())")
      }
      index += 1
      skipWhitespace()
      scratch.keys.append(key)
      scratch.push(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error("expected ',' or '}', got end of input") }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: ",") { continue }
      if byte == UInt8(ascii: "}") {
        return .object(scratch.popMembers(from: base, keysFrom: keyBase))
      }
      index -= 1
      throw error("expected ',' or '}', got \(describeCurrent())")
    }
  }

  package mutating func parseString() throws -> String {
    let open = index
    index += 1  // opening quote
    let start = index
    // Fast path: no escapes; ASCII needs no UTF-8 validation.
    var union: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        if union < 0x80 { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw error("string is not valid UTF-8", at: open)
        }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("unescaped control character in string") }
      union |= byte
      index += 1
    }
    guard index < bytes.count else { throw error("unterminated string", at: open) }
    // Slow path: decode escapes into a byte buffer.
    var buffer = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        guard let text = String(validating: buffer, as: UTF8.self) else {
          throw error("string is not valid UTF-8", at: open)
        }
        return text
      }
      if byte < 0x20 { throw error("unescaped control character in string") }
      if byte != UInt8(ascii: "\\") {
        buffer.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): buffer.append(0x22)
      case UInt8(ascii: "\\"): buffer.append(0x5C)
      case UInt8(ascii: "/"): buffer.append(0x2F)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try parseHex4()
        if scalar >= 0xD800 && scalar < 0xDC00 {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else { throw error("unpaired surrogate in \\u escape") }
          index += 2
          let low = try parseHex4()
          guard low >= 0xDC00 && low < 0xE000 else {
            throw error("unpaired surrogate in \\u escape")
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if scalar >= 0xDC00 && scalar < 0xE000 {
          throw error("unpaired surrogate in \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
        buffer.append(contentsOf: UTF8.encode(unicode)!)
      default:
        index -= 1
        throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
      }
    }
    throw error("unterminated string", at: open)
  }

  package mutating func parseHex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit in \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Exact powers of ten representable in `Double` (10^0 ... 10^22).
  package static let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  @inline(__always)
  package static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  package mutating func parseNumber() throws -> Double {
    let start = index
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard index < bytes.count, Self.isDigit(bytes[index]) else {
      throw error("expected a digit in number")
    }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var decimalExponent = 0
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count && Self.isDigit(bytes[index]) {
        throw error("leading zero in number")
      }
    } else {
      while index < bytes.count && Self.isDigit(bytes[index]) {
        if significantDigits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
          significantDigits += 1
        } else {
          decimalExponent += 1
          significantDigits += 1
        }
        index += 1
      }
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw error("expected a digit after '.' in number")
      }
      while index < bytes.count && Self.isDigit(bytes[index]) {
        let digit = UInt64(bytes[index] - UInt8(ascii: "0"))
        if mantissa == 0 && digit == 0 {
          decimalExponent -= 1  // leading zeros of the fraction are not significant
        } else if significantDigits < 19 {
          mantissa = mantissa &* 10 &+ digit
          significantDigits += 1
          decimalExponent -= 1
        } else {
          significantDigits += 1
        }
        index += 1
      }
    }
    if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw error("expected a digit in the exponent of number")
      }
      var exponent = 0
      while index < bytes.count && Self.isDigit(bytes[index]) {
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
        index += 1
      }
      decimalExponent += exponentNegative ? -exponent : exponent
    }
    // Exact fast path (Clinger): an integer mantissa below 2^53 times or divided by an exact
    // power of ten is correctly rounded by one IEEE operation.
    if significantDigits <= 19 && mantissa <= (1 << 53) && decimalExponent >= -22
      && decimalExponent <= 22
    {
      var value = Double(mantissa)
      if decimalExponent < 0 {
        value /= Self.exactPowersOfTen[-decimalExponent]
      } else {
        value *= Self.exactPowersOfTen[decimalExponent]
      }
      if value.isFinite { return negative ? -value : value }
    }
    let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(token), value.isFinite else {
      // A number may be megabytes of digits: quote its start and say how long it is.
      let shown =
        token.utf8.count <= 40 ? token : "\(token.prefix(24))... (\(token.utf8.count) characters)"
      throw error("number \(shown) is out of the range of a 64-bit float", at: start)
    }
    return value
  }
}
