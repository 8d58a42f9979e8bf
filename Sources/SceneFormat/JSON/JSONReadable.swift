import ARSimulation
import SpatialMath

/// A JSON value as the decoders read it: a parsed ``JSONValue`` or an element of a
/// ``JSONDocument``'s tape. The accessors (`number()`, `array(_:)`, `vector3()`, ...) and their
/// errors are written once, here, for both forms. Internal.
package protocol JSONReadable {
  /// The array elements, in order.
  associatedtype Elements: Sequence where Elements.Element == Self

  /// The value's JSON type.
  var kind: JSONDocument.Kind { get }
  /// The number, when the value is one.
  var numberValue: Double? { get }
  /// The string, when the value is one.
  var stringValue: String? { get }
  /// The number of elements when this is an array, else `nil`.
  var arrayCount: Int? { get }
  /// The elements of an array (empty for anything else).
  var elements: Elements { get }
  /// Element `offset` of an array whose elements before `offset` are all numbers (O(1) in both
  /// forms; what reading a number array in order needs).
  func element(afterNumbers offset: Int) -> Self
  /// Whether this is a string equal to `text` as a `String`.
  func stringEquals(_ text: String) -> Bool
}

extension JSONDocument.Kind {
  /// A short name of the JSON type ("number", "string", ...), used in error messages.
  package var typeName: String {
    switch self {
    case .null: return "null"
    case .false, .true: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

extension JSONReadable {
  /// Whether the value is `null` (which optional members treat as absent).
  package var isNull: Bool { kind == .null }

  /// The number, or a type error.
  @inline(__always)
  package func number() throws -> Double {
    guard let value = numberValue else {
      throw InputFileError(.typeMismatch, "expected a number, got \(kind.typeName)")
    }
    return value
  }

  /// The string, or a type error.
  package func string() throws -> String {
    guard let value = stringValue else {
      throw InputFileError(.typeMismatch, "expected a string, got \(kind.typeName)")
    }
    return value
  }

  /// A whole number >= 0 (at most 2^53), or an error.
  package func count() throws -> Int {
    let n = try number()
    guard n >= 0, n <= 9_007_199_254_740_992, n == n.rounded() else {
      throw InputFileError(
        .invalidValue, "expected a whole number >= 0, got \(JSONWriter.text(of: n))")
    }
    return Int(n)
  }

  /// The Boolean, or a type error.
  package func bool() throws -> Bool {
    switch kind {
    case .true: return true
    case .false: return false
    default: throw InputFileError(.typeMismatch, "expected a boolean, got \(kind.typeName)")
    }
  }

  /// The elements decoded by `body`, with the index put in front of errors' paths.
  package func array<T>(_ body: (Self) throws -> T) throws -> [T] {
    guard let count = arrayCount else {
      throw InputFileError(.typeMismatch, "expected an array, got \(kind.typeName)")
    }
    var result: [T] = []
    result.reserveCapacity(count)
    for (offset, element) in elements.enumerated() {
      do {
        result.append(try body(element))
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset))
      }
    }
    return result
  }

  /// Checks that this is an array of exactly `count` numbers (any count when `nil`) and
  /// returns its element count; then ``number(at:)`` reads them.
  @inline(__always)
  package func checkNumbers(count: Int?) throws -> Int {
    guard let elementCount = arrayCount else {
      throw InputFileError(.typeMismatch, "expected an array of numbers, got \(kind.typeName)")
    }
    if let count, elementCount != count {
      throw InputFileError(.typeMismatch, "expected \(count) numbers, got \(elementCount)")
    }
    // In order, so that every element before the one looked at is a number.
    for offset in 0..<elementCount {
      let element = element(afterNumbers: offset)
      if element.kind != .number {
        throw InputFileError(
          .typeMismatch, "expected a number, got \(element.kind.typeName)",
          path: [.index(offset)])
      }
    }
    return elementCount
  }

  /// Element `offset` of an array that ``checkNumbers(count:)`` accepted.
  @inline(__always)
  package func number(at offset: Int) -> Double {
    element(afterNumbers: offset).numberValue ?? .nan
  }

  /// An array of exactly `count` numbers (any count when `nil`).
  package func numbers(count: Int?) throws -> [Double] {
    let elementCount = try checkNumbers(count: count)
    return (0..<elementCount).map { number(at: $0) }
  }

  /// The raw value of a string-named enum, or an error listing the valid names.
  package func named<E: CaseNameCodable>(_ type: E.Type, what: String) throws -> E {
    guard kind == .string else {
      throw InputFileError(.typeMismatch, "expected a string, got \(kind.typeName)")
    }
    // The cases are compared first (a tape string is compared as bytes, no string is made).
    for value in E.allCases where stringEquals(value.name) { return value }
    let name = stringValue ?? ""
    guard let value = E(name: name) else {
      let valid = E.allNames.joined(separator: ", ")
      throw InputFileError(.invalidValue, "unknown \(what) \"\(name)\"; valid: \(valid)")
    }
    return value
  }

  /// `[w, h]` as a size.
  package func size() throws -> Size {
    _ = try checkNumbers(count: 2)
    return Size(width: number(at: 0), height: number(at: 1))
  }

  /// `[x, y, w, h]` as a rect.
  package func rect() throws -> Rect {
    _ = try checkNumbers(count: 4)
    return Rect(x: number(at: 0), y: number(at: 1), width: number(at: 2), height: number(at: 3))
  }

  /// `[x, y, z]` as a vector.
  package func vector3() throws -> SIMD3<Double> {
    _ = try checkNumbers(count: 3)
    return SIMD3(number(at: 0), number(at: 1), number(at: 2))
  }
}
