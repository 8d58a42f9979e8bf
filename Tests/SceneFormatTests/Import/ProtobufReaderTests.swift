import Testing
import _TestSupport

@testable import SceneFormat

/// The wire-format reader against the encoding guide's own examples and the test encoder.
@Suite struct ProtobufReaderTests {
  /// protobuf.dev's example: field 1 = 150 is `08 96 01`.
  @Test func readsTheEncodingGuidesVarintExample() throws {
    var reader = ProtobufReader([0x08, 0x96, 0x01], range: 0..<3)
    let field = try #require(try reader.nextField())
    #expect(field.number == 1 && field.wireType == .varint)
    #expect(try reader.varint() == 150)
    #expect(try reader.nextField() == nil)
  }

  /// 1.0 as a float is 0x3F800000, little-endian; -1 as int32 is ten bytes of varint.
  @Test func readsFloatsDoublesAndNegativeInt32s() throws {
    var writer = ProtobufWriter()
    writer.float(1, 1)
    writer.double(2, -2.5)
    writer.int32(3, -1)
    #expect(Array(writer.bytes.prefix(5)) == [0x0D, 0x00, 0x00, 0x80, 0x3F])
    var reader = ProtobufReader(writer.bytes, range: 0..<writer.bytes.count)
    var field = try #require(try reader.nextField())
    #expect(try reader.float(field.wireType, field: field.number) == 1)
    field = try #require(try reader.nextField())
    #expect(try reader.double(field.wireType, field: field.number) == -2.5)
    field = try #require(try reader.nextField())
    #expect(try reader.int32(field.wireType, field: field.number) == -1)
    #expect(reader.isAtEnd)
  }

  /// Repeated floats packed and unpacked read the same; packed int64s too.
  @Test func readsRepeatedFloatsPackedOrNot() throws {
    let values: [Float] = [1, -2, 0.5, 3e8]
    for packed in [true, false] {
      var writer = ProtobufWriter()
      if packed { writer.packedFloats(4, values) } else { writer.unpackedFloats(4, values) }
      writer.packedInt64s(5, [1, -1, 300])
      var reader = ProtobufReader(writer.bytes, range: 0..<writer.bytes.count)
      var floats: [Float] = []
      var integers: [Int64] = []
      while let (field, type) = try reader.nextField() {
        if field == 4 { try reader.appendFloats(type, field: field, to: &floats) }
        if field == 5 { try reader.appendInt64s(type, field: field, to: &integers) }
      }
      #expect(floats == values)
      #expect(integers == [1, -1, 300])
    }
  }

  @Test func skipsUnknownFieldsOfEveryWireType() throws {
    var writer = ProtobufWriter()
    writer.int32(9, 5)
    writer.double(10, 1)
    writer.string(11, "skip me")
    writer.float(12, 2)
    writer.int32(1, 42)
    var reader = ProtobufReader(writer.bytes, range: 0..<writer.bytes.count)
    var found: Int32?
    while let (field, type) = try reader.nextField() {
      if field == 1 { found = try reader.int32(type, field: field) } else { try reader.skip(type) }
    }
    #expect(found == 42)
  }

  /// Truncated and malformed input: named errors with the byte offset where the value starts.
  @Test(arguments: [
    ([0x08, 0x96] as [UInt8], ProtobufError.Kind.truncated, 1),
    ([0x0A, 0x05, 0x01], .truncated, 1),
    ([0x0D, 0x00, 0x00], .truncated, 1),
    ([0x0B, 0x00], .malformed, 0),
    ([0x07], .malformed, 0),
    ([0x08] + [UInt8](repeating: 0xFF, count: 10) + [0x01], .malformed, 1),
  ])
  func refusesBadInputAtItsOffset(bytes: [UInt8], kind: ProtobufError.Kind, offset: Int) throws {
    var reader = ProtobufReader(bytes, range: 0..<bytes.count)
    let error = #expect(throws: ProtobufError.self) {
      while let (_, type) = try reader.nextField() { try reader.skip(type) }
    }
    #expect(error?.kind == kind)
    #expect(error?.offset == offset, "\(String(describing: error))")
  }

  @Test func refusesAFloatFieldWithAnotherWireType() throws {
    var reader = ProtobufReader([0x08, 0x01], range: 0..<2)
    let field = try #require(try reader.nextField())
    #expect(throws: ProtobufError.self) { try reader.float(field.wireType, field: field.number) }
  }
}
