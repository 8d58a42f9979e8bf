/// A reader of the protocol buffer wire format (protobuf.dev/programming-guides/encoding) over
/// a byte range of one buffer: tags, varints, fixed 32- and 64-bit values, length-delimited
/// fields (strings, bytes, nested messages, packed repeated scalars). Unknown fields are skipped
/// with ``skip(_:)``; groups (wire types 3 and 4, deprecated) are refused.
///
/// Offsets in errors are absolute byte offsets in the buffer (a file's bytes), so a message can
/// name where the input went wrong.
package struct ProtobufReader {
  /// A field's wire type.
  package enum WireType: UInt8, Sendable {
    /// A varint (int32, int64, uint32, uint64, bool, enum).
    case varint = 0
    /// 8 bytes little-endian (double, fixed64, sfixed64).
    case fixed64 = 1
    /// A varint length, then that many bytes (string, bytes, message, packed repeated).
    case lengthDelimited = 2
    /// 4 bytes little-endian (float, fixed32, sfixed32).
    case fixed32 = 5
  }

  let bytes: [UInt8]
  /// The next byte to read (absolute offset in ``bytes``).
  package private(set) var offset: Int
  /// The end of the range (exclusive).
  package let end: Int

  /// A reader over `bytes[range]`.
  package init(_ bytes: [UInt8], range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
    self.bytes = bytes
    offset = range.lowerBound
    end = range.upperBound
  }

  /// Whether the range is used up.
  package var isAtEnd: Bool { offset >= end }

  /// The next field's number and wire type, or `nil` at the end of the range.
  ///
  /// - Throws: ``ProtobufError`` for a truncated tag, field number 0 or an unknown or group wire
  ///   type.
  package mutating func nextField() throws(ProtobufError) -> (number: Int, wireType: WireType)? {
    guard !isAtEnd else { return nil }
    let start = offset
    let key = try varint()
    let number = key >> 3
    guard number >= 1, number <= 0x1FFF_FFFF else {
      throw ProtobufError(.malformed, "field number \(number) is out of range", offset: start)
    }
    guard let type = WireType(rawValue: UInt8(key & 7)) else {
      let raw = key & 7
      let what =
        raw == 3 || raw == 4
        ? "a group (wire type \(raw)), which is not supported"
        : "wire type \(raw), which does not exist"
      throw ProtobufError(.malformed, "field \(number) is \(what)", offset: start)
    }
    return (Int(number), type)
  }

  /// A base-128 varint (at most 10 bytes).
  package mutating func varint() throws(ProtobufError) -> UInt64 {
    let start = offset
    var result: UInt64 = 0
    for shift in stride(from: 0, to: 70, by: 7) {
      guard offset < end else {
        throw ProtobufError(.truncated, "the varint runs past the end", offset: start)
      }
      let byte = bytes[offset]
      offset += 1
      guard shift < 63 || byte <= 1 else {
        throw ProtobufError(.malformed, "the varint is longer than 64 bits", offset: start)
      }
      result |= UInt64(byte & 0x7F) << UInt64(shift)
      if byte < 0x80 { return result }
    }
    throw ProtobufError(.malformed, "the varint is longer than 10 bytes", offset: start)
  }

  /// 4 bytes little-endian.
  package mutating func fixed32() throws(ProtobufError) -> UInt32 {
    guard end - offset >= 4 else {
      throw ProtobufError(.truncated, "a 4-byte value runs past the end", offset: offset)
    }
    var value: UInt32 = 0
    for i in 0..<4 { value |= UInt32(bytes[offset + i]) << UInt32(8 * i) }
    offset += 4
    return value
  }

  /// 8 bytes little-endian.
  package mutating func fixed64() throws(ProtobufError) -> UInt64 {
    guard end - offset >= 8 else {
      throw ProtobufError(.truncated, "an 8-byte value runs past the end", offset: offset)
    }
    var value: UInt64 = 0
    for i in 0..<8 { value |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
    offset += 8
    return value
  }

  /// The byte range of a length-delimited field's payload (the reader moves past it).
  package mutating func lengthDelimited() throws(ProtobufError) -> Range<Int> {
    let start = offset
    let length = try varint()
    guard length <= UInt64(end - offset) else {
      throw ProtobufError(
        .truncated,
        "a length-delimited field of \(length) bytes runs past the end (\(end - offset) left)",
        offset: start)
    }
    let range = offset..<(offset + Int(length))
    offset = range.upperBound
    return range
  }

  /// A reader over a nested message's bytes.
  package mutating func message() throws(ProtobufError) -> ProtobufReader {
    ProtobufReader(bytes, range: try lengthDelimited())
  }

  /// A UTF-8 string (invalid sequences become U+FFFD, as the format does not check them).
  package mutating func string() throws(ProtobufError) -> String {
    String(decoding: bytes[try lengthDelimited()], as: UTF8.self)
  }

  /// Skips a field's value of wire type `type`.
  package mutating func skip(_ type: WireType) throws(ProtobufError) {
    switch type {
    case .varint: _ = try varint()
    case .fixed64: _ = try fixed64()
    case .lengthDelimited: _ = try lengthDelimited()
    case .fixed32: _ = try fixed32()
    }
  }

  /// A `float` field's value.
  package mutating func float(_ type: WireType, field: Int) throws(ProtobufError) -> Float {
    try require(type, .fixed32, field: field)
    return Float(bitPattern: try fixed32())
  }

  /// A `double` field's value.
  package mutating func double(_ type: WireType, field: Int) throws(ProtobufError) -> Double {
    try require(type, .fixed64, field: field)
    return Double(bitPattern: try fixed64())
  }

  /// An `int32` or enum field's value (negative values are 10-byte varints; the low 32 bits
  /// count, as in every protobuf runtime).
  package mutating func int32(_ type: WireType, field: Int) throws(ProtobufError) -> Int32 {
    try require(type, .varint, field: field)
    return Int32(truncatingIfNeeded: try varint())
  }

  /// Appends a repeated `float` field's values: packed (one length-delimited run) or not (one
  /// fixed32 per occurrence); parsers must accept both.
  package mutating func appendFloats(
    _ type: WireType, field: Int, to values: inout [Float]
  ) throws(ProtobufError) {
    guard type == .lengthDelimited else {
      values.append(try float(type, field: field))
      return
    }
    let range = try lengthDelimited()
    guard range.count % 4 == 0 else {
      throw ProtobufError(
        .malformed, "field \(field): packed floats of \(range.count) bytes, not a multiple of 4",
        offset: range.lowerBound)
    }
    var packed = ProtobufReader(bytes, range: range)
    while !packed.isAtEnd { values.append(Float(bitPattern: try packed.fixed32())) }
  }

  /// Appends a repeated `int64` field's values: packed varints or one varint per occurrence.
  package mutating func appendInt64s(
    _ type: WireType, field: Int, to values: inout [Int64]
  ) throws(ProtobufError) {
    guard type == .lengthDelimited else {
      try require(type, .varint, field: field)
      values.append(Int64(bitPattern: try varint()))
      return
    }
    var packed = ProtobufReader(bytes, range: try lengthDelimited())
    while !packed.isAtEnd { values.append(Int64(bitPattern: try packed.varint())) }
  }

  private func require(
    _ type: WireType, _ expected: WireType, field: Int
  ) throws(ProtobufError) {
    guard type == expected else {
      throw ProtobufError(
        .wrongWireType,
        "field \(field) has wire type \(type.rawValue), expected \(expected.rawValue)",
        offset: offset)
    }
  }
}
