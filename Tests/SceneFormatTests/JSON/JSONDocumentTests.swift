import Testing

@testable import SceneFormat

/// The node-tape parser that the recording decoders read (`JSONDocument`, `JSONElement`,
/// `JSONObjectReader`): the same values and the same errors at the same places as
/// `JSONParser`, with expectations worked out by hand.
@Suite struct JSONDocumentTests {
  private static func parse<T>(_ text: String, _ body: (JSONElement) throws -> T) throws -> T {
    try Array(text.utf8).withUnsafeBufferPointer { try JSONDocument.parse($0, body) }
  }

  /// `{"a":[1,-2.5e3,"x"],"b":{"c":null,"d":true}}`: node 0 is the object (2 members, end 10);
  /// 1 `a`, 2 the array (3 elements, end 6), 3..5 its elements; 6 `b`, 7 the inner object
  /// (end 12)... every accessor gives the value written.
  @Test func tapeHoldsEveryValueInDocumentOrder() throws {
    try Self.parse(#"{"a":[1,-2.5e3,"x\u00e9"],"b":{"c":null,"d":true}}"#) { root in
      #expect(root.kind == .object)
      #expect(root.storage.nodes.count == 12)
      #expect(root.end == 12)
      let a = try #require(root.member("a"))
      #expect(a.index == 2 && a.end == 6 && a.arrayCount == 3)
      #expect(a.elements.map(\.index) == [3, 4, 5])
      #expect(a.elements.map(\.kind) == [.number, .number, .string])
      #expect(try JSONElement(a.storage, 3).number() == 1)
      #expect(try JSONElement(a.storage, 4).number() == -2500)
      #expect(try JSONElement(a.storage, 5).string() == "xé")
      let b = try #require(root.member("b"))
      #expect(b.index == 7 && b.end == 12)
      #expect(b.member("c")?.isNull == true)
      #expect(try b.member("d")?.bool() == true)
      #expect(root.member("z") == nil)
      #expect(
        root.value
          == .object([
            "a": .array([.number(1), .number(-2500), .string("xé")]),
            "b": .object(["c": .null, "d": .bool(true)]),
          ]))
    }
  }

  /// A document of more nodes than its first estimate (two bytes per number here, eight
  /// assumed) grows its storage and keeps every node.
  @Test func storageGrowsPastItsEstimate() throws {
    let text = "[" + (0..<1000).map { "\($0 % 10)" }.joined(separator: ",") + "]"
    try Self.parse(text) { root in
      #expect(root.arrayCount == 1000)
      let numbers = try root.elements.map { try $0.number() }
      #expect(numbers == (0..<1000).map { Double($0 % 10) })
    }
  }

  /// Numbers as `JSONParser` reads them (its hand-checked table): up to 19 digits from the
  /// mantissa gathered during the scan, longer ones digit by digit, out-of-range ones through
  /// `Double(String)`. Expected values are Swift literals, which the compiler rounds correctly.
  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("0.1", 0.1), ("1e-5", 1e-5), ("1E+2", 100.0),
    ("0.000123", 0.000123), ("123456789012345678901234", 123456789012345678901234.0),
    ("1.7976931348623157e308", 1.7976931348623157e308),
    ("5e-324", Double.leastNonzeroMagnitude), ("9007199254740993", 9007199254740993.0),
    ("0.30000000000000004", 0.30000000000000004), ("1e23", 1e23), ("-959.5", -959.5),
    // 19 digits in all (the last the fast rule takes), 20 with leading zeros that are not
    // significant (digit by digit, still exact), 18 digits above 2^53.
    ("1234567890.123456789", 1234567890.123456789), ("0.00000000000000000012", 1.2e-19),
    ("123456789012345678", 123456789012345678.0), ("1e22", 1e22), ("-0.5e-3", -0.0005),
    // Digit runs of 8, 9, 16 and 17 digits in the integer part and in the fraction.
    ("12345678", 12345678.0), ("123456789", 123456789.0), ("0.12345678", 0.12345678),
    ("0.123456789", 0.123456789), ("98765432.1234567", 98765432.1234567),
    ("1234567812345678", 1234567812345678.0), ("12345678123456789", 12345678123456789.0),
    ("-0.00001234", -0.00001234), ("7.0000000e+1", 70.0),
  ])
  func numbersMatchTheParser(text: String, expected: Double) throws {
    let number = try Self.parse("[\(text)]") { root in
      try JSONElement(root.storage, 1).number()
    }
    #expect(number.bitPattern == expected.bitPattern, "\(text)")
  }

  /// Strings are scanned eight bytes at a time until a quote, backslash, control character or
  /// non-ASCII byte: each such byte at every offset of a 17-byte string is found.
  @Test func stringsWithSpecialBytesAtEveryOffset() throws {
    for offset in 0..<17 {
      let prefix = String(repeating: "a", count: offset)
      let suffix = String(repeating: "b", count: 16 - offset)
      #expect(
        try Self.parse("\"\(prefix)\\n\(suffix)\"") { try $0.string() } == prefix + "\n" + suffix)
      #expect(
        try Self.parse("\"\(prefix)é\(suffix)\"") { try $0.string() } == prefix + "é" + suffix)
      #expect(try Self.parse("\"\(prefix)\"") { try $0.string() } == prefix)
      // A tab inside the string: the column is the tab's (the quote is column 1).
      let error = #expect(throws: InputFileError.self) {
        try Self.parse("\"\(prefix)\t\(suffix)\"") { _ in () }
      }
      #expect(error?.description == "line 1:\(offset + 2): unescaped control character in string")
    }
  }

  /// The parser's error table, and the errors of the new paths: duplicates found by the
  /// signature scan (same length and first and last bytes, a different middle is not one), by
  /// an escape spelling the same name, and past 16 members.
  @Test(arguments: [
    ("{\n  \"a\": 1,\n}", "line 3:1: expected a member name in double quotes, got '}'"),
    ("[1, 2", "line 1:6: expected ',' or ']', got end of input"),
    ("[01]", "line 1:3: leading zero in number"),
    ("[-]", "line 1:3: expected a digit in number"),
    ("[1.]", "line 1:4: expected a digit after '.' in number"),
    ("[1e+]", "line 1:5: expected a digit in the exponent of number"),
    ("1e400", "line 1:1: number 1e400 is out of the range of a 64-bit float"),
    ("{\"a\":1,\"a\":2}", "line 1:8: duplicate member \"a\""),
    ("{\"ab\":1,\"a\\u0062\":2}", "line 1:9: duplicate member \"ab\""),
    ("{\"axb\":1,\"ayb\":2,\"axb\":3}", "line 1:18: duplicate member \"axb\""),
    ("[1] x", "line 1:5: unexpected 'x' after the JSON value"),
    ("\"abc", "line 1:1: unterminated string"),
    ("\"\\ud800\"", "line 1:8: unpaired surrogate in \\u escape"),
    ("tru", "line 1:1: invalid literal"),
  ])
  func reportsTheParsersErrors(text: String, expected: String) {
    let error = #expect(throws: InputFileError.self) { try Self.parse(text) { _ in () } }
    #expect(error?.kind == .syntax)
    #expect(error?.description == expected)
    let parser = #expect(throws: InputFileError.self) { try JSONParser.parse(text) }
    #expect(parser?.description == expected)
  }

  /// A digit run of any length stops at the first byte that is not a digit (`/` and `:` border
  /// the digits in ASCII); that byte is then a syntax error at its column.
  @Test func digitRunsStopAtTheFirstNonDigit() throws {
    for length in 1...9 {
      let digits = String(repeating: "7", count: length)
      for border in ["/", ":", "x"] {
        let error = #expect(throws: InputFileError.self) {
          try Self.parse("[\(digits)\(border)0000000000]") { _ in () }
        }
        #expect(error?.description == "line 1:\(length + 2): expected ',' or ']', got '\(border)'")
      }
      let expected = Double(digits)!
      #expect(
        try Self.parse("[\(digits),1111111111]") { try $0.numbers(count: 2) } == [
          expected, 1_111_111_111,
        ])
    }
  }

  /// Names that differ only in the middle share a signature bit and are told apart by their
  /// bytes; a duplicate after 16 members is found with a set, at its name (column 2 + the
  /// members' length + 1 for the comma).
  @Test func keysWithTheSameSignatureAndLargeObjects() throws {
    try Self.parse(#"{"axb":1,"ayb":2,"azb":3}"#) { root in
      let ayb = try #require(root.member("ayb"))
      let azb = try #require(root.member("azb"))
      #expect(try ayb.number() == 2)
      #expect(try azb.number() == 3)
      #expect(root.member("awb") == nil)
    }
    let members = (0..<20).map { "\"m\($0)\":\($0)" }.joined(separator: ",")
    let error = #expect(throws: InputFileError.self) {
      try Self.parse("{\(members),\"m3\":0}") { _ in () }
    }
    #expect(error?.description == "line 1:\(members.utf8.count + 3): duplicate member \"m3\"")
  }

  /// The object reader finds members asked for in any order, treats `null` as absent for
  /// optional members, keeps the rest as extras and names the first unknown one (by UTF-8
  /// order) in strict mode; missing required members and wrong types carry the key.
  @Test func objectReaderLookupsExtrasAndErrors() throws {
    let text = #"{"b":2,"a":1,"n":null,"x":"extra","c":[1,2,3]}"#
    try Self.parse(text) { root in
      var reader = try JSONObjectReader(root, strict: false)
      #expect(try reader.required("c") { try $0.numbers(count: 3) } == [1, 2, 3])
      #expect(try reader.required("a") { try $0.number() } == 1)
      #expect(try reader.optional("n") { try $0.number() } == nil)
      #expect(try reader.optional("missing") { try $0.number() } == nil)
      #expect(try reader.required("b") { try $0.number() } == 2)
      #expect(try reader.extras() == ["x": .string("extra")])
      var strict = try JSONObjectReader(root, strict: true)
      _ = try strict.required("a") { try $0.number() }
      let unknown = #expect(throws: InputFileError.self) { try strict.extras() }
      #expect(unknown?.kind == .unknownField)
      #expect(unknown?.jsonPath == "b")
      var other = try JSONObjectReader(root, strict: false)
      let missing = #expect(throws: InputFileError.self) {
        try other.required("d") { try $0.number() }
      }
      #expect(missing?.message == "missing required member \"d\"")
      let wrongType = #expect(throws: InputFileError.self) {
        try other.required("x") { try $0.vector3() }
      }
      #expect(wrongType?.message == "expected an array of numbers, got string")
      #expect(wrongType?.jsonPath == "x")
      let wrongCount = #expect(throws: InputFileError.self) {
        try other.required("c") { try $0.rect() }
      }
      #expect(wrongCount?.message == "expected 4 numbers, got 3")
    }
    let notObject = #expect(throws: InputFileError.self) {
      try Self.parse("[1]") { try JSONObjectReader($0, strict: false) }
    }
    #expect(notObject?.message == "expected an object, got array")
  }

  /// A non-number element of a number array is named by its index.
  @Test func numberArraysNameTheBadElement() {
    let error = #expect(throws: InputFileError.self) {
      try Self.parse(#"[1,2,"3"]"#) { try $0.vector3() }
    }
    #expect(error?.message == "expected a number, got string")
    #expect(error?.jsonPath == "[2]")
  }
}
