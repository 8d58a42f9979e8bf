import Testing

@testable import SceneFormat

@Suite struct JSONWriterTests {
  @Test func sortsKeysByBytesAndWritesCompactly() throws {
    let value = JSONValue.object([
      "b": .number(2), "a": .array([.number(0.5), .null, .bool(true)]), "B": .string("q\"\n\u{1}"),
      "aa": .object(["z": .number(-3), "y": .number(1e-5)]),
    ])
    let text = String(decoding: try JSONWriter.bytes(of: value), as: UTF8.self)
    // Uppercase sorts before lowercase in UTF-8; "a" < "aa" < "b".
    #expect(text == #"{"B":"q\"\n\u0001","a":[0.5,null,true],"aa":{"y":1e-05,"z":-3},"b":2}"#)
  }

  @Test(arguments: [
    0.1, 1.0 / 3.0, -2.5e-8, 1e-300, Double.leastNonzeroMagnitude, 1.7976931348623157e308,
    9007199254740993.0, -0.0, 42.0,
    123456.789, 0.30000000000000004,
  ])
  func numbersRoundTripBitForBit(number: Double) throws {
    let bytes = try JSONWriter.bytes(of: .number(number))
    guard case .number(let parsed) = try JSONParser.parse(bytes) else {
      Issue.record("not a number")
      return
    }
    #expect(parsed.bitPattern == number.bitPattern)
  }

  @Test func refusesNonFiniteNumbersNamingThePath() {
    let value = JSONValue.object(["camera": .array([.number(1), .number(.nan)])])
    let error = #expect(throws: InputFileError.self) { try JSONWriter.bytes(of: value) }
    #expect(error?.jsonPath == "camera[1]")
  }
}
