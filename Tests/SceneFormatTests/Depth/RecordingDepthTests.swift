import Foundation
import Testing

@testable import SceneFormat

/// The depth encoding of recording frames: binary16 little-endian and one confidence byte per
/// pixel, both base64; round trips and the named refusals.
@Suite struct RecordingDepthTests {
  /// A 3 x 2 map, values exactly representable in binary16.
  static let sample = RecordingDepth(
    width: 3, height: 2, depthMeters: [0, 0.5, 1, 1.25, 2, 4.5], confidence: [0, 1, 2, 2, 1, 0])

  static func decode(_ json: String) throws -> RecordingDepth {
    let bytes = Array(json.utf8)
    return try JSONDocument.withElement(of: try JSONParser.parse(bytes)) {
      try RecordingDepth(json: $0, strict: true)
    }
  }

  static func text(_ width: Int, _ height: Int, _ depth: [UInt8], _ confidence: [UInt8])
    -> String
  {
    "{\"width\": \(width), \"height\": \(height), \"depthFloat16LE\": \""
      + Data(depth).base64EncodedString() + "\", \"confidenceUInt8\": \""
      + Data(confidence).base64EncodedString() + "\"}"
  }

  @Test func encodesBinary16LittleEndian() throws {
    guard case .object(let members) = Self.sample.jsonValue,
      case .string(let depth)? = members["depthFloat16LE"],
      case .string(let confidence)? = members["confidenceUInt8"]
    else {
      Issue.record("not an object with strings")
      return
    }
    // binary16: 0.5 = 0x3800, 1 = 0x3C00, 1.25 = 0x3D00, 2 = 0x4000, 4.5 = 0x4480.
    let expected: [UInt8] = [0, 0, 0x00, 0x38, 0x00, 0x3C, 0x00, 0x3D, 0x00, 0x40, 0x80, 0x44]
    #expect([UInt8](Data(base64Encoded: depth)!) == expected)
    #expect([UInt8](Data(base64Encoded: confidence)!) == [0, 1, 2, 2, 1, 0])
  }

  @Test func roundTrips() throws {
    let text = String(decoding: try JSONWriter.bytes(of: Self.sample.jsonValue), as: UTF8.self)
    #expect(try Self.decode(text) == Self.sample)
    let data = try Self.sample.depthData()
    #expect(data.depthMap.depthMeters(column: 0, row: 0) == nil)
    #expect(data.depthMap.depthMeters(column: 2, row: 1) == 4.5)
    #expect(data.confidence(column: 2, row: 0) == .high)
  }

  @Test func refusesWrongSizes() {
    #expect {
      try Self.decode(Self.text(3, 2, [UInt8](repeating: 0, count: 10), [0, 0, 0, 0, 0, 0]))
    } throws: { error in
      let e = error as? InputFileError
      return e?.path == [.key("depthFloat16LE")] && e!.message.contains("wrong size")
    }
    #expect {
      try Self.decode(Self.text(3, 2, [UInt8](repeating: 0, count: 12), [0, 0, 0]))
    } throws: { error in
      (error as? InputFileError)?.path == [.key("confidenceUInt8")]
    }
    #expect {
      try Self.decode(Self.text(0, 2, [], []))
    } throws: { error in
      (error as? InputFileError)?.path == [.key("width")]
    }
  }

  @Test func refusesNegativeAndNonFiniteDepth() {
    // -1 = 0xBC00, +inf = 0x7C00, NaN = 0x7E00.
    for (bits, word) in [
      ((0xBC00 as UInt16), "negative"), (0x7C00, "not finite"),
      (0x7E00, "not finite"),
    ] {
      var depth = [UInt8](repeating: 0, count: 12)
      depth[8] = UInt8(bits & 0xFF)
      depth[9] = UInt8(bits >> 8)
      #expect {
        try Self.decode(Self.text(3, 2, depth, [0, 0, 0, 0, 0, 0]))
      } throws: { error in
        let e = error as? InputFileError
        return e?.path == [.key("depthFloat16LE")] && e!.message.contains("pixel 4")
          && e!.message.contains(word)
      }
    }
  }

  @Test func refusesBadConfidenceAndBadBase64() {
    #expect {
      try Self.decode(Self.text(3, 2, [UInt8](repeating: 0, count: 12), [0, 0, 3, 0, 0, 0]))
    } throws: { error in
      let e = error as? InputFileError
      return e?.path == [.key("confidenceUInt8")]
        && e!.message.contains("pixel 2 (column 2, row 0) is 3")
    }
    #expect {
      try Self.decode(
        "{\"width\": 1, \"height\": 1, \"depthFloat16LE\": \"!!!!\", \"confidenceUInt8\": \"AA==\"}"
      )
    } throws: { error in
      (error as? InputFileError)?.message.contains("not base64") ?? false
    }
  }

  @Test func truthSurfaceRefusesBadIndices() {
    let surface = RecordingTruthSurface(
      identifier: "s", vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0)],
      indices: [0, 1, 3])
    #expect {
      try surface.validate()
    } throws: { error in
      (error as? InputFileError)?.path == [.key("indices"), .index(2)]
    }
    var fewer = surface
    fewer.indices = [0, 1]
    #expect(throws: InputFileError.self) { try fewer.validate() }
  }
}
