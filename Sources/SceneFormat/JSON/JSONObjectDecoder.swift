import ARSimulation
import SpatialMath

/// Reads the members of one JSON object for a recording type, keeping track of the members it has
/// not consumed (they become the type's `extras`). Internal.
///
/// Errors thrown inside `required`/`optional` get the member's key put in front of their path.
/// `null` for an optional member means absent.
package struct JSONObjectDecoder {
  /// The object's members, read without copying (a mutated copy would cost an allocation and a
  /// rehash per object).
  package let members: [String: JSONValue]
  /// The keys read so far, in order; `extras()` is every other member.
  private var consumedKeys: [String] = []
  package let strict: Bool

  package init(_ value: JSONValue, strict: Bool) throws {
    guard case .object(let members) = value else {
      throw InputFileError(.typeMismatch, "expected an object, got \(value.typeName)")
    }
    self.members = members
    self.strict = strict
    consumedKeys.reserveCapacity(members.count)
  }

  /// The members not read yet.
  package var remaining: [String: JSONValue] {
    guard consumedKeys.count < members.count else { return [:] }
    return members.filter { !consumedKeys.contains($0.key) }
  }

  package mutating func required<T>(_ key: String, _ body: (JSONValue) throws -> T) throws -> T {
    guard let value = members[key] else {
      throw InputFileError(.missingField, "missing required member \"\(key)\"")
    }
    consumedKeys.append(key)
    do {
      return try body(value)
    } catch let error as InputFileError {
      throw error.prefixed(.key(key))
    }
  }

  package mutating func optional<T>(_ key: String, _ body: (JSONValue) throws -> T) throws -> T? {
    guard let value = members[key] else { return nil }
    consumedKeys.append(key)
    if case .null = value { return nil }
    do {
      return try body(value)
    } catch let error as InputFileError {
      throw error.prefixed(.key(key))
    }
  }

  /// The members not consumed; in strict mode the first of them (sorted) is an error.
  package func extras() throws -> [String: JSONValue] {
    let remaining = self.remaining
    if strict, let key = remaining.keys.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      throw InputFileError(.unknownField, "unknown member (strict mode)", path: [.key(key)])
    }
    return remaining
  }
}

extension JSONValue {
  /// The number, or a type error.
  package func number() throws -> Double {
    guard case .number(let value) = self else {
      throw InputFileError(.typeMismatch, "expected a number, got \(typeName)")
    }
    return value
  }

  /// The string, or a type error.
  package func string() throws -> String {
    guard case .string(let value) = self else {
      throw InputFileError(.typeMismatch, "expected a string, got \(typeName)")
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
    guard case .bool(let value) = self else {
      throw InputFileError(.typeMismatch, "expected a boolean, got \(typeName)")
    }
    return value
  }

  /// The elements decoded by `body`, with the index put in front of errors' paths.
  package func array<T>(_ body: (JSONValue) throws -> T) throws -> [T] {
    guard case .array(let elements) = self else {
      throw InputFileError(.typeMismatch, "expected an array, got \(typeName)")
    }
    var result: [T] = []
    result.reserveCapacity(elements.count)
    for (offset, element) in elements.enumerated() {
      do {
        result.append(try body(element))
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset))
      }
    }
    return result
  }

  /// An array of exactly `count` numbers (any count when `nil`).
  package func numbers(count: Int?) throws -> [Double] {
    guard case .array(let elements) = self else {
      throw InputFileError(.typeMismatch, "expected an array of numbers, got \(typeName)")
    }
    if let count, elements.count != count {
      throw InputFileError(.typeMismatch, "expected \(count) numbers, got \(elements.count)")
    }
    var result: [Double] = []
    result.reserveCapacity(elements.count)
    for (offset, element) in elements.enumerated() {
      guard case .number(let value) = element else {
        throw InputFileError(
          .typeMismatch, "expected a number, got \(element.typeName)", path: [.index(offset)])
      }
      result.append(value)
    }
    return result
  }

  /// The raw value of a string-named enum, or an error listing the valid names.
  package func named<E: CaseNameCodable>(_ type: E.Type, what: String) throws -> E {
    let name = try string()
    guard let value = E(name: name) else {
      let valid = E.allNames.joined(separator: ", ")
      throw InputFileError(.invalidValue, "unknown \(what) \"\(name)\"; valid: \(valid)")
    }
    return value
  }

  /// `[w, h]` as a size.
  package func size() throws -> Size {
    let values = try numbers(count: 2)
    return Size(width: values[0], height: values[1])
  }

  /// `[x, y, w, h]` as a rect.
  package func rect() throws -> Rect {
    let values = try numbers(count: 4)
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  /// `[x, y, z]` as a vector.
  package func vector3() throws -> SIMD3<Double> {
    let values = try numbers(count: 3)
    return SIMD3(values[0], values[1], values[2])
  }

  package static func numbers(_ values: [Double]) -> JSONValue {
    .array(values.map { .number($0) })
  }
  package static func size(_ size: Size) -> JSONValue { numbers([size.width, size.height]) }
  package static func rect(_ rect: Rect) -> JSONValue {
    numbers([rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
  }
  package static func vector3(_ v: SIMD3<Double>) -> JSONValue { numbers([v.x, v.y, v.z]) }
}
