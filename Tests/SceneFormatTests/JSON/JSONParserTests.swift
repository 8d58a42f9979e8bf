import Testing

@testable import SceneFormat

@Suite struct JSONParserTests {
  @Test func parsesLiteralsAndContainers() throws {
    let value = try JSONParser.parse(#" { "a" : [true, false, null, "x"], "b": {} , "c": [] } "#)
    #expect(
      value
        == .object([
          "a": .array([.bool(true), .bool(false), .null, .string("x")]), "b": .object([:]),
          "c": .array([]),
        ]))
  }

  /// Expected values are Swift literals, which the compiler rounds correctly.
  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("1", 1.0), ("-12", -12.0), ("0.1", 0.1), ("3.14159", 3.14159),
    ("1e-5", 1e-5), ("1E+2", 100.0), ("2.5e-3", 0.0025), ("0.000123", 0.000123),
    ("123456789012345678901234", 123456789012345678901234.0),
    ("1.7976931348623157e308", 1.7976931348623157e308),
    ("5e-324", Double.leastNonzeroMagnitude), ("9007199254740993", 9007199254740993.0),
    ("0.30000000000000004", 0.30000000000000004),
    ("105230.574092166", 105230.574092166), ("1e23", 1e23), ("-959.5", -959.5),
  ])
  func parsesNumbersCorrectlyRounded(text: String, expected: Double) throws {
    let value = try JSONParser.parse(text)
    guard case .number(let number) = value else {
      Issue.record("not a number: \(value)")
      return
    }
    #expect(number.bitPattern == expected.bitPattern, "\(text)")
  }

  /// Containers larger than the parser's initial scratch, nested in each other, keep every
  /// element in order; objects keep every member.
  @Test func largeAndNestedContainersKeepEveryElement() throws {
    let inner = (0..<100).map { "[\($0), \"s\($0)\"]" }.joined(separator: ",")
    let members = (0..<40).map { "\"k\($0)\": [\(inner)]" }.joined(separator: ",")
    let value = try JSONParser.parse("{\(members)}")
    guard case .object(let object) = value else {
      Issue.record("not an object")
      return
    }
    #expect(object.count == 40)
    let expectedArray = JSONValue.array(
      (0..<100).map { .array([.number(Double($0)), .string("s\($0)")]) })
    #expect((0..<40).allSatisfy { object["k\($0)"] == expectedArray })
  }

  /// Non-ASCII text is validated (and kept); invalid UTF-8 is refused at the string.
  @Test func nonASCIIStringsAreValidated() throws {
    #expect(
      try JSONParser.parse("[\"caf\u{e9}\", \"\u{1F600}\"]")
        == .array([.string("café"), .string("😀")]))
    let invalid: [UInt8] = Array("[\"ok\", \"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
    let error = #expect(throws: InputFileError.self) { try JSONParser.parse(invalid) }
    #expect(error?.description == "line 1:8: string is not valid UTF-8")
  }

  /// A duplicate in an object of more than 16 members (found with a set) is reported at the
  /// duplicate's name, as in a small object; an error after many open values does not trap.
  @Test func duplicateInLargeObjectAndErrorWithOpenValues() {
    let members = (0..<20).map { "\"m\($0)\":\($0)" }.joined(separator: ",")
    // `{` + members, then `,"m3":0}`: the duplicate name starts after the 20 members.
    let text = "{\(members),\"m3\":0}"
    let error = #expect(throws: InputFileError.self) { try JSONParser.parse(text) }
    #expect(error?.description == "line 1:\(members.utf8.count + 3): duplicate member \"m3\"")
    let open = "[" + String(repeating: "[1,2,3,{\"a\":[4,5]},", count: 50) + "x"
    let late = #expect(throws: InputFileError.self) { try JSONParser.parse(open) }
    #expect(late?.description == "line 1:\(open.utf8.count): expected a value, got 'x'")
  }

  @Test func decodesEscapes() throws {
    let value = try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#)
    #expect(value == .string("a\"b\\c/d\n\té😀"))
  }

  @Test(arguments: [
    ("{\n  \"a\": 1,\n}", "line 3:1: expected a member name in double quotes, got '}'"),
    ("[1, 2", "line 1:6: expected ',' or ']', got end of input"),
    ("[01]", "line 1:3: leading zero in number"),
    ("1e400", "line 1:1: number 1e400 is out of the range of a 64-bit float"),
    // A number of a million digits is quoted by its first 24 and its length.
    (
      String(repeating: "9", count: 1_000_000),
      "line 1:1: number 999999999999999999999999... (1000000 characters) is out of the range of "
        + "a 64-bit float"
    ),
    ("{\"a\":1,\"a\":2}", "line 1:8: duplicate member \"a\""),
    ("[1] x", "line 1:5: unexpected 'x' after the JSON value"),
    ("NaN", "line 1:1: expected a value, got 'N'"),
    ("\"abc", "line 1:1: unterminated string"),
    ("\"\\ud800\"", "line 1:8: unpaired surrogate in \\u escape"),
    ("tru", "line 1:1: invalid literal"),
  ])
  func reportsSyntaxErrorsWithLineAndColumn(text: String, expected: String) {
    let error = #expect(throws: InputFileError.self) { try JSONParser.parse(text) }
    #expect(error?.kind == .syntax)
    #expect(error?.description == expected)
  }

  @Test func refusesNestingBeyondTheLimitWithoutTrapping() {
    let deep =
      String(repeating: "[", count: JSONParser.maximumDepth + 1)
      + String(repeating: "]", count: JSONParser.maximumDepth + 1)
    let error = #expect(throws: InputFileError.self) { try JSONParser.parse(deep) }
    #expect(error?.kind == .limitExceeded)
    let depth = JSONParser.maximumDepth
    #expect(error?.message == "nesting deeper than \(depth) (maximumNestingDepth)")
    // The first bracket past the limit is the (maximumDepth + 1)th, at column maximumDepth + 1.
    #expect(error?.column == JSONParser.maximumDepth + 1)
    let ok =
      String(repeating: "[", count: JSONParser.maximumDepth)
      + String(repeating: "]", count: JSONParser.maximumDepth)
    #expect(throws: Never.self) { try JSONParser.parse(ok) }
  }

  /// `[[{"a":[]}]]` nests four deep: accepted at a limit of 4, refused at 3 at the fourth
  /// opening bracket (column 8); limits outside 1...maximumDepth are clamped.
  @Test func nestingLimitIsConfigurable() {
    let text = #"[[{"a":[]}]]"#
    #expect(throws: Never.self) { try JSONParser.parse(text, maximumDepth: 4) }
    let error = #expect(throws: InputFileError.self) { try JSONParser.parse(text, maximumDepth: 3) }
    #expect(error?.kind == .limitExceeded)
    #expect(error?.column == 8)
    #expect(throws: Never.self) { try JSONParser.parse("[]", maximumDepth: 0) }
    #expect(throws: InputFileError.self) { try JSONParser.parse("[[]]", maximumDepth: -7) }
  }
}
