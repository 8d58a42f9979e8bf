/// Reads the members of one JSON object of a ``JSONDocument`` for a recording type; the
/// accessors and errors are ``JSONMemberReading``'s, shared with ``JSONObjectDecoder``. Keys are found by comparing bytes with the
/// members in document order, starting after the member found last (decoders usually ask in
/// an order close to the document's). A 64-bit signature of the member names (one bit per name,
/// from its length and first and last bytes) answers most lookups of absent optional members
/// without a scan. Keys asked for must be ASCII (they are the decoders' literals). Internal.
package struct JSONObjectReader: JSONMemberReading {
  package let object: JSONElement
  package let strict: Bool
  /// The member count.
  private let count: Int
  /// Which members were read: bit `i` for member `i` < 64, then `consumedBeyond64`.
  private var consumed: UInt64 = 0
  private var consumedBeyond64: [Bool] = []
  /// Where the next search starts: the node index and ordinal of a member.
  private var cursorNode: Int
  private var cursorOrdinal = 0
  /// The union of ``JSONDocument/nameSignature(_:isASCII:)`` of the member names.
  private var signature: UInt64 = 0

  package init(_ element: JSONElement, strict: Bool) throws {
    guard element.kind == .object else { throw Self.notAnObject(element.typeName) }
    object = element
    self.strict = strict
    count = Int(element.node.count)
    cursorNode = element.index + 1
    let storage = element.storage
    var node = cursorNode
    for _ in 0..<count {
      let isASCII = storage.nodes[node].isASCII
      signature |= JSONElement(storage, node).withStringBytes {
        JSONDocument.nameSignature($0, isASCII: isASCII)
      }
      node = JSONElement(storage, node + 1).end
    }
  }

  /// Finds the member named `key` and marks it consumed.
  @inline(__always)
  package mutating func take(_ key: String) -> JSONElement? {
    guard count > 0 else { return nil }
    var key = key
    return key.withUTF8 { take(keyBytes: $0) }
  }

  /// Finds the member whose name has the UTF-8 `keyBytes` (a scan of at most every member,
  /// from the one after the last found, comparing lengths first).
  private mutating func take(keyBytes: UnsafeBufferPointer<UInt8>) -> JSONElement? {
    guard signature & JSONDocument.nameSignature(keyBytes, isASCII: true) != 0 else {
      return nil
    }
    let storage = object.storage
    let nodes = storage.nodes
    var node = cursorNode
    var ordinal = cursorOrdinal
    for _ in 0..<count {
      let name = nodes[node]
      let value = nodes[node + 1]
      var next = value.kind == .array || value.kind == .object ? Int(value.payload) : node + 2
      var nextOrdinal = ordinal + 1
      if nextOrdinal == count {
        next = object.index + 1
        nextOrdinal = 0
      }
      let matches: Bool
      if name.isASCII {
        matches =
          Int(name.count) == keyBytes.count
          && JSONElement(storage, node).withStringBytes { JSONElement.bytesEqual($0, keyBytes) }
      } else {
        // Names compare as `String`s (canonical equivalence), as a dictionary's keys would.
        matches =
          JSONElement(storage, node).decodedString == String(decoding: keyBytes, as: UTF8.self)
      }
      if matches {
        cursorNode = next
        cursorOrdinal = nextOrdinal
        markConsumed(ordinal)
        return JSONElement(storage, node + 1)
      }
      node = next
      ordinal = nextOrdinal
    }
    return nil
  }

  @inline(__always)
  private mutating func markConsumed(_ ordinal: Int) {
    if ordinal < 64 {
      consumed |= 1 << UInt64(ordinal)
    } else {
      if consumedBeyond64.isEmpty { consumedBeyond64 = Array(repeating: false, count: count - 64) }
      consumedBeyond64[ordinal - 64] = true
    }
  }

  private func isConsumed(_ ordinal: Int) -> Bool {
    if ordinal < 64 { return consumed & (1 << UInt64(ordinal)) != 0 }
    return !consumedBeyond64.isEmpty && consumedBeyond64[ordinal - 64]
  }

  package func unconsumedMembers() -> [String: JSONValue] {
    let allConsumed =
      count <= 64
      ? consumed == (count == 64 ? UInt64.max : (1 << UInt64(count)) - 1)
      : consumed == UInt64.max && !consumedBeyond64.isEmpty && consumedBeyond64.allSatisfy { $0 }
    if allConsumed { return [:] }
    var remaining: [String: JSONValue] = [:]
    var node = object.index + 1
    for ordinal in 0..<count {
      let value = JSONElement(object.storage, node + 1)
      if !isConsumed(ordinal) {
        remaining[JSONElement(object.storage, node).decodedString] = value.value
      }
      node = value.end
    }
    return remaining
  }
}
