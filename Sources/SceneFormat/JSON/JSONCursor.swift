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

  package mutating func expectLiteral(_ literal: StaticString) throws {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("invalid literal") }
    let start = literal.utf8Start
    for k in 0..<count where bytes[index + k] != start[k] {
      throw error("invalid literal")
    }
    index += count
  }

  /// The high bit of each byte of `word` that is `"`, `\\`, below 0x20 or above 0x7F: the
  /// lowest bit set marks the first such byte exactly (a byte after one of those may be flagged
  /// too; none before it is); zero when there is none.
  @inline(__always)
  static func stringSpecialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroInQuote = (quote &- ones) & ~quote
    let zeroInBackslash = (backslash &- ones) & ~backslash
    let belowSpace = (word &- ones &* 0x20) & ~word
    return (zeroInQuote | zeroInBackslash | belowSpace | word) & highBits
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
    // control character or non-ASCII; the byte loop goes on from the first such byte (the
    // bytes before it are plain ASCII).
    if let base = bytes.baseAddress {
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let special = Self.stringSpecialBytes(word)
        if special != 0 {
          index += special.trailingZeroBitCount >> 3
          break
        }
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
