import ARSimulation
import Foundation
import SpatialMath

/// One value of a ``JSONDocument``, as the recording types' decoders read it: the same
/// accessors and errors as ``JSONValue``'s (`number()`, `array(_:)`, `vector3()`, ...) without
/// building the value. Valid only inside the ``JSONDocument/withRoot(_:)`` call that produced
/// it (it points into the document). Internal.
package struct JSONElement {
  /// Where the document's nodes and string bytes are.
  package struct Storage {
    let nodes: UnsafeBufferPointer<JSONDocument.Node>
    let input: UnsafeBufferPointer<UInt8>
    let decoded: UnsafeBufferPointer<UInt8>
  }

  package let storage: Storage
  /// The node's index.
  package let index: Int

  @inline(__always)
  package init(_ storage: Storage, _ index: Int) {
    self.storage = storage
    self.index = index
  }

  @inline(__always)
  var node: JSONDocument.Node { storage.nodes[index] }

  /// The node's kind.
  package var kind: JSONDocument.Kind { node.kind }

  /// The index of the node after this value (and its descendants).
  @inline(__always)
  var end: Int {
    let node = self.node
    return node.kind == .array || node.kind == .object ? Int(node.payload) : index + 1
  }

  /// A short name of the value's JSON type, as ``JSONValue/typeName``.
  package var typeName: String {
    switch node.kind {
    case .null: return "null"
    case .false, .true: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// Whether the value is `null`.
  package var isNull: Bool { node.kind == .null }

  /// The string's bytes (the element must be a string).
  @inline(__always)
  func withStringBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
    let node = self.node
    let offset = Int(node.payload)
    let buffer = node.isDecoded ? storage.decoded : storage.input
    return try body(UnsafeBufferPointer(rebasing: buffer[offset..<offset + Int(node.count)]))
  }

  /// The string's text (the element must be a string).
  var decodedString: String { withStringBytes { String(decoding: $0, as: UTF8.self) } }

  /// Whether this string equals `key` as a `String` (bytes compared when both are ASCII).
  @inline(__always)
  func stringEquals(_ key: String) -> Bool {
    let node = self.node
    guard node.isASCII else { return decodedString == key }
    var key = key
    return key.withUTF8 { keyBytes in
      guard keyBytes.count == Int(node.count) else { return false }
      return withStringBytes { JSONElement.bytesEqual($0, keyBytes) }
    }
  }

  /// Whether two byte ranges of the same length are equal.
  @inline(__always)
  static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.isEmpty || (a[0] == b[0] && memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
  }

  /// The elements of an array (the element must be an array), in order.
  package var elements: Elements { Elements(storage: storage, start: index + 1, end: end) }

  /// An array's elements, visited in order by skipping each one's descendants.
  package struct Elements: Sequence {
    let storage: Storage
    let start: Int
    let end: Int

    package struct Iterator: IteratorProtocol {
      let storage: Storage
      var position: Int
      let end: Int

      @inline(__always)
      package mutating func next() -> JSONElement? {
        guard position < end else { return nil }
        let element = JSONElement(storage, position)
        position = element.end
        return element
      }
    }

    package func makeIterator() -> Iterator {
      Iterator(storage: storage, position: start, end: end)
    }
  }

  /// The value as a ``JSONValue`` (for `extras`; objects keep their members).
  package var value: JSONValue {
    switch node.kind {
    case .null: return .null
    case .false: return .bool(false)
    case .true: return .bool(true)
    case .number: return .number(Double(bitPattern: node.payload))
    case .string: return .string(decodedString)
    case .array: return .array(elements.map(\.value))
    case .object:
      var members = [String: JSONValue](minimumCapacity: Int(node.count))
      var member = index + 1
      while member < end {
        let key = JSONElement(storage, member)
        let value = JSONElement(storage, member + 1)
        members[key.decodedString] = value.value
        member = value.end
      }
      return .object(members)
    }
  }

  /// The value of the member named `key` of an object, or `nil` (also when not an object).
  package func member(_ key: String) -> JSONElement? {
    guard node.kind == .object else { return nil }
    var member = index + 1
    let end = self.end
    while member < end {
      let value = JSONElement(storage, member + 1)
      if JSONElement(storage, member).stringEquals(key) { return value }
      member = value.end
    }
    return nil
  }

  /// The number of elements when this is an array, else `nil`.
  package var arrayCount: Int? { node.kind == .array ? Int(node.count) : nil }
}

extension JSONElement {
  /// The number, or a type error.
  @inline(__always)
  package func number() throws -> Double {
    let node = self.node
    guard node.kind == .number else {
      throw InputFileError(.typeMismatch, "expected a number, got \(typeName)")
    }
    return Double(bitPattern: node.payload)
  }

  /// The string, or a type error.
  package func string() throws -> String {
    guard node.kind == .string else {
      throw InputFileError(.typeMismatch, "expected a string, got \(typeName)")
    }
    return decodedString
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
    switch node.kind {
    case .true: return true
    case .false: return false
    default: throw InputFileError(.typeMismatch, "expected a boolean, got \(typeName)")
    }
  }

  /// The elements decoded by `body`, with the index put in front of errors' paths.
  package func array<T>(_ body: (JSONElement) throws -> T) throws -> [T] {
    guard node.kind == .array else {
      throw InputFileError(.typeMismatch, "expected an array, got \(typeName)")
    }
    var result: [T] = []
    result.reserveCapacity(Int(node.count))
    for (offset, element) in elements.enumerated() {
      do {
        result.append(try body(element))
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset))
      }
    }
    return result
  }

  /// Checks that this is an array of exactly `count` numbers (any count when `nil`) and returns
  /// the index of its first element's node (numbers are consecutive nodes).
  @inline(__always)
  func checkNumbers(count: Int?) throws -> Int {
    let node = self.node
    guard node.kind == .array else {
      throw InputFileError(.typeMismatch, "expected an array of numbers, got \(typeName)")
    }
    let elementCount = Int(node.count)
    if let count, elementCount != count {
      throw InputFileError(.typeMismatch, "expected \(count) numbers, got \(elementCount)")
    }
    // Elements are consecutive nodes while they are numbers: the first non-number is reported.
    for offset in 0..<elementCount where storage.nodes[index + 1 + offset].kind != .number {
      let element = JSONElement(storage, index + 1 + offset)
      throw InputFileError(
        .typeMismatch, "expected a number, got \(element.typeName)", path: [.index(offset)])
    }
    return index + 1
  }

  @inline(__always)
  func number(atNode node: Int) -> Double { Double(bitPattern: storage.nodes[node].payload) }

  /// An array of exactly `count` numbers (any count when `nil`).
  package func numbers(count: Int?) throws -> [Double] {
    let first = try checkNumbers(count: count)
    return (0..<Int(node.count)).map { number(atNode: first + $0) }
  }

  /// The raw value of a string-named enum, or an error listing the valid names.
  package func named<E: CaseNameCodable>(_ type: E.Type, what: String) throws -> E {
    guard node.kind == .string else {
      throw InputFileError(.typeMismatch, "expected a string, got \(typeName)")
    }
    // The cases are compared with the bytes (no string is made unless the name is unknown).
    for value in E.allCases where stringEquals(value.name) { return value }
    let name = decodedString
    guard let value = E(name: name) else {
      let valid = E.allNames.joined(separator: ", ")
      throw InputFileError(.invalidValue, "unknown \(what) \"\(name)\"; valid: \(valid)")
    }
    return value
  }

  /// `[w, h]` as a size.
  package func size() throws -> Size {
    let first = try checkNumbers(count: 2)
    return Size(width: number(atNode: first), height: number(atNode: first + 1))
  }

  /// `[x, y, w, h]` as a rect.
  package func rect() throws -> Rect {
    let first = try checkNumbers(count: 4)
    return Rect(
      x: number(atNode: first), y: number(atNode: first + 1), width: number(atNode: first + 2),
      height: number(atNode: first + 3))
  }

  /// `[x, y, z]` as a vector.
  package func vector3() throws -> SIMD3<Double> {
    let first = try checkNumbers(count: 3)
    return SIMD3(number(atNode: first), number(atNode: first + 1), number(atNode: first + 2))
  }
}
