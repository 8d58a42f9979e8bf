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

/// A string read by ``JSONCursor/scanString(decodingEscapesInto:)``: `count` bytes at `offset`
/// of the input, or of the decoded-escapes buffer when `isDecoded`. Internal.
package struct JSONStringSpan {
  package var offset: Int
  package var count: Int
  package var isDecoded: Bool
  package var isASCII: Bool
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
    var decoded: [UInt8] = []
    let span = try scanString(decodingEscapesInto: &decoded)
    if span.isDecoded { return String(decoding: decoded, as: UTF8.self) }
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[span.offset..<span.offset + span.count]),
      as: UTF8.self)
  }

  /// Whether any byte of `word` is `"`, `\\`, below 0x20 or above 0x7F (no false negatives;
  /// a byte after one of those may be flagged too).
  @inline(__always)
  static func hasStringSpecialByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroInQuote = (quote &- ones) & ~quote
    let zeroInBackslash = (backslash &- ones) & ~backslash
    let belowSpace = (word &- ones &* 0x20) & ~word
    return (zeroInQuote | zeroInBackslash | belowSpace | word) & highBits != 0
  }

  /// Reads a string (the cursor at its opening quote) and checks it: a range of the input when
  /// it has no escapes, else its decoded bytes appended to `decoded`. Non-ASCII text is
  /// validated as UTF-8 (ASCII needs no validation).
  package mutating func scanString(decodingEscapesInto decoded: inout [UInt8]) throws
    -> JSONStringSpan
  {
    let open = index
    index += 1  // opening quote
    let start = index
    // Fast path: no escapes. Eight bytes at a time while none is a quote, a backslash, a
    // control character or non-ASCII (a word with any of them goes to the byte loop).
    if let base = bytes.baseAddress {
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if Self.hasStringSpecialByte(word) { break }
        index += 8
      }
    }
    var union: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        if union >= 0x80 && String(validating: slice, as: UTF8.self) == nil {
          throw error("string is not valid UTF-8", at: open)
        }
        return JSONStringSpan(
          offset: start, count: slice.count, isDecoded: false, isASCII: union < 0x80)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("unescaped control character in string") }
      union |= byte
      index += 1
    }
    guard index < bytes.count else { throw error("unterminated string", at: open) }
    // Slow path: decode escapes after the bytes read so far.
    let decodedStart = decoded.count
    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        let isASCII = decoded[decodedStart...].allSatisfy { $0 < 0x80 }
        if !isASCII && String(validating: decoded[decodedStart...], as: UTF8.self) == nil {
          throw error("string is not valid UTF-8", at: open)
        }
        return JSONStringSpan(
          offset: decodedStart, count: decoded.count - decodedStart, isDecoded: true,
          isASCII: isASCII)
      }
      if byte < 0x20 { throw error("unescaped control character in string") }
      if byte != UInt8(ascii: "\\") {
        decoded.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): decoded.append(0x22)
      case UInt8(ascii: "\\"): decoded.append(0x5C)
      case UInt8(ascii: "/"): decoded.append(0x2F)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
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
        decoded.append(contentsOf: UTF8.encode(unicode)!)
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
}
