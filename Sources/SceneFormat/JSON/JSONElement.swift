import ARSimulation
import Foundation
import SpatialMath

/// One value of a ``JSONDocument``, as the recording types' decoders read it: the same
/// accessors and errors as ``JSONValue``'s (`number()`, `array(_:)`, `vector3()`, ...) without
/// building the value. Valid only inside the ``JSONDocument/withRoot(_:)`` call that produced
/// it (it points into the document). Internal.
package struct JSONElement: JSONReadable {
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
  package var typeName: String { node.kind.typeName }

  /// The number, when the value is one.
  @inline(__always)
  package var numberValue: Double? {
    let node = self.node
    return node.kind == .number ? Double(bitPattern: node.payload) : nil
  }

  /// The string, when the value is one.
  package var stringValue: String? { node.kind == .string ? decodedString : nil }

  /// Element `offset` of an array whose earlier elements are numbers: their nodes are
  /// consecutive, so it is the node `offset` after the array's.
  @inline(__always)
  package func element(afterNumbers offset: Int) -> JSONElement {
    JSONElement(storage, index + 1 + offset)
  }

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
  package func stringEquals(_ key: String) -> Bool {
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

  /// The elements of an array, in order (none for a value that is not an array).
  package var elements: Elements {
    Elements(storage: storage, start: index + 1, end: node.kind == .array ? end : index + 1)
  }

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

  /// The value as a ``JSONValue`` (for `extras`, and what ``JSONParser`` returns: the parser
  /// has already refused duplicate member names).
  package var value: JSONValue {
    switch node.kind {
    case .null: return .null
    case .false: return .bool(false)
    case .true: return .bool(true)
    case .number: return .number(Double(bitPattern: node.payload))
    case .string: return .string(decodedString)
    case .array:
      var values: [JSONValue] = []
      values.reserveCapacity(Int(node.count))
      for element in elements { values.append(element.value) }
      return .array(values)
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
  @inline(__always)
  package var arrayCount: Int? { node.kind == .array ? Int(node.count) : nil }
}
