import SpatialMath
import Testing

@testable import SceneFormat

/// The accessors and member reading are written once (`JSONReadable`, `JSONMemberReading`) for
/// both forms of a value: a parsed `JSONValue` and an element of a `JSONDocument`. The same
/// text read both ways gives the same values and the same errors (messages and paths worked
/// out by hand).
@Suite struct JSONReadableTests {
  private static let text =
    #"{"n":2.5,"s":"é","b":true,"z":null,"v":[1,2,3],"r":[0.5,0.25,0.125,1],"w":[1,"x",3],"#
    + #""c":7,"f":7.5,"a":[{"k":1},{"k":"no"}],"e":"extra"}"#

  /// What one form gives.
  private struct Results: Equatable {
    var number: Double
    var string: String
    var bool: Bool
    var absent: Double?
    var null: Double?
    var vector: SIMD3<Double>
    var rect: Rect
    var count: Int
    var errors: [String]
    var extras: [String: JSONValue]
  }

  /// The same reads on either form, through the shared accessors; `reader` makes a member
  /// reader of that form.
  private static func read<Reader: JSONMemberReading>(
    _ root: Reader.Value, _ reader: (Reader.Value, Bool) throws -> Reader
  ) throws -> Results {
    var object = try reader(root, false)
    var errors: [String] = []
    func record(_ body: () throws -> Void) {
      do {
        try body()
        errors.append("no error")
      } catch let error as InputFileError {
        errors.append("\(error.jsonPath): \(error.message)")
      } catch {
        errors.append("\(error)")
      }
    }
    let number = try object.required("n") { try $0.number() }
    let string = try object.required("s") { try $0.string() }
    let bool = try object.required("b") { try $0.bool() }
    let absent = try object.optional("missing") { try $0.number() }
    let null = try object.optional("z") { try $0.number() }
    let vector = try object.required("v") { try $0.vector3() }
    let rect = try object.required("r") { try $0.rect() }
    let count = try object.required("c") { try $0.count() }
    record { _ = try object.required("b") { try $0.number() } }
    record { _ = try object.required("w") { try $0.numbers(count: nil) } }
    record { _ = try object.required("v") { try $0.rect() } }
    record { _ = try object.required("f") { try $0.count() } }
    record {
      _ = try object.required("a") {
        try $0.array { element in
          var inner = try reader(element, false)
          return try inner.required("k") { try $0.number() }
        }
      }
    }
    record { _ = try object.required("missing") { try $0.number() } }
    record { _ = try object.required("n") { try $0.array { $0 } } }
    record { _ = try object.required("s") { try $0.size() } }
    record { _ = try reader(object.required("v") { $0 }, false) }
    var strict = try reader(root, true)
    _ = try strict.required("n") { try $0.number() }
    record { _ = try strict.extras() }
    return Results(
      number: number, string: string, bool: bool, absent: absent, null: null, vector: vector,
      rect: rect, count: count, errors: errors, extras: try object.extras())
  }

  @Test func sameValuesAndErrorsInBothForms() throws {
    let fromValue = try Self.read(try JSONParser.parse(Self.text)) {
      try JSONObjectDecoder($0, strict: $1)
    }
    let fromTape = try Array(Self.text.utf8).withUnsafeBufferPointer { bytes in
      try JSONDocument.parse(bytes) { root in
        try Self.read(root) { try JSONObjectReader($0, strict: $1) }
      }
    }
    let expected = Results(
      number: 2.5, string: "é", bool: true, absent: nil, null: nil, vector: SIMD3(1, 2, 3),
      rect: Rect(x: 0.5, y: 0.25, width: 0.125, height: 1), count: 7,
      errors: [
        "b: expected a number, got boolean",
        "w[1]: expected a number, got string",
        "v: expected 4 numbers, got 3",
        "f: expected a whole number >= 0, got 7.5",
        "a[1].k: expected a number, got string",
        ": missing required member \"missing\"",
        "n: expected an array, got number",
        "s: expected an array of numbers, got string",
        ": expected an object, got array",
        "a: unknown member (strict mode)",
      ],
      extras: ["e": .string("extra")])
    #expect(fromValue == expected)
    #expect(fromTape == expected)
  }
}
