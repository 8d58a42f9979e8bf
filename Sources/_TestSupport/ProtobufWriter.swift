/// A tiny protocol buffer wire-format encoder for test fixtures (the inverse of the package's
/// reader, written from the encoding guide, protobuf.dev/programming-guides/encoding): tags,
/// varints, fixed 32/64-bit values, length-delimited fields and packed repeated floats.
public struct ProtobufWriter {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty message.
  public init() {}

  /// A base-128 varint.
  public mutating func varint(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      bytes.append(UInt8(v & 0x7F) | 0x80)
      v >>= 7
    }
    bytes.append(UInt8(v))
  }

  /// A field key: `(number << 3) | wireType`.
  public mutating func tag(_ field: Int, _ wireType: UInt8) {
    varint(UInt64(field) << 3 | UInt64(wireType))
  }

  /// An `int32`/enum field (negative values as 10-byte varints, as protobuf writes them).
  public mutating func int32(_ field: Int, _ value: Int32) {
    tag(field, 0)
    varint(UInt64(bitPattern: Int64(value)))
  }

  /// A `float` field.
  public mutating func float(_ field: Int, _ value: Float) {
    tag(field, 5)
    appendLittleEndian(UInt64(value.bitPattern), count: 4)
  }

  /// A `double` field.
  public mutating func double(_ field: Int, _ value: Double) {
    tag(field, 1)
    appendLittleEndian(value.bitPattern, count: 8)
  }

  /// A `string` field.
  public mutating func string(_ field: Int, _ value: String) {
    bytesField(field, Array(value.utf8))
  }

  /// A nested message field.
  public mutating func message(_ field: Int, _ body: (inout ProtobufWriter) -> Void) {
    var nested = ProtobufWriter()
    body(&nested)
    bytesField(field, nested.bytes)
  }

  /// A packed repeated `float` field.
  public mutating func packedFloats(_ field: Int, _ values: [Float]) {
    var payload = ProtobufWriter()
    for value in values { payload.appendLittleEndian(UInt64(value.bitPattern), count: 4) }
    bytesField(field, payload.bytes)
  }

  /// A repeated `float` field, one fixed32 per value (the proto2 default without `packed`).
  public mutating func unpackedFloats(_ field: Int, _ values: [Float]) {
    for value in values { float(field, value) }
  }

  /// A packed repeated `int64` field.
  public mutating func packedInt64s(_ field: Int, _ values: [Int64]) {
    var payload = ProtobufWriter()
    for value in values { payload.varint(UInt64(bitPattern: value)) }
    bytesField(field, payload.bytes)
  }

  /// A length-delimited field of raw bytes.
  public mutating func bytesField(_ field: Int, _ payload: [UInt8]) {
    tag(field, 2)
    varint(UInt64(payload.count))
    bytes += payload
  }

  /// `count` bytes of `value`, least significant first.
  public mutating func appendLittleEndian(_ value: UInt64, count: Int) {
    for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * i))) }
  }
}
