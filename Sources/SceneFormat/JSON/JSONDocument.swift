/// A parsed JSON document as one flat array of nodes (a "tape"), read by the recording types'
/// decoders through ``JSONElement`` without building a ``JSONValue`` tree. Internal.
///
/// Every value is one node, in document order. An array's node is followed by its elements; an
/// object's node by its members, each a key node (a string) followed by the value's nodes. A
/// container's node records its element or member count and the index of the node after its
/// last descendant, so a decoder skips any value in O(1). Objects keep their members in
/// document order with no hash table: decoders look keys up by comparing bytes, which for the
/// handful of members of a recording object is cheaper than hashing every key twice.
///
/// Strings without escapes are byte ranges of the input (which the caller keeps alive while the
/// document is used); strings with escapes are decoded into ``decoded``. This is the package's
/// only JSON scanner: ``JSONParser`` builds its ``JSONValue``s from a document.
package struct JSONDocument {
  /// What a node holds.
  package enum Kind: UInt8 {
    case null, `false`, `true`, number, string, array, object
  }

  /// One value: 16 bytes.
  package struct Node {
    package var kind: Kind
    /// For strings: whether the bytes are in ``JSONDocument/decoded`` rather than the input.
    package var isDecoded: Bool
    /// For strings: whether every byte is ASCII.
    package var isASCII: Bool
    /// Strings: the byte count; arrays and objects: the element or member count.
    package var count: UInt32
    /// Numbers: the `Double`'s bit pattern; strings: the byte offset; arrays and objects: the
    /// index of the node after the last descendant.
    package var payload: UInt64

    @inline(__always)
    init(_ kind: Kind, count: UInt32 = 0, payload: UInt64 = 0) {
      self.kind = kind
      self.isDecoded = false
      self.isASCII = true
      self.count = count
      self.payload = payload
    }
  }

  /// The nodes, in manually managed storage (appending is the parser's innermost step: no
  /// uniqueness check, no copy-on-write).
  package final class Nodes {
    private(set) var base: UnsafeMutablePointer<Node>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
      self.capacity = max(16, capacity)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    func append(_ node: Node) {
      if count == capacity { grow() }
      (base + count).initialize(to: node)
      count += 1
    }

    private func grow() {
      let storage = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
      storage.moveInitialize(from: base, count: count)
      base.deallocate()
      base = storage
      capacity *= 2
    }

    @inline(__always)
    subscript(index: Int) -> Node {
      get { base[index] }
      set { base[index] = newValue }
    }
  }

  package let nodes: Nodes
  /// The bytes of strings that had escapes, decoded.
  package var decoded: [UInt8] = []
  /// The input the string nodes point into (empty for a document built from a ``JSONValue``).
  package let input: UnsafeBufferPointer<UInt8>

  /// Parses exactly one JSON value (surrounded by optional whitespace) from `bytes`, which must
  /// stay valid while the document is used.
  ///
  /// - Throws: ``InputFileError`` of kind `.syntax` (with line and column) for input that is not
  ///   one JSON value, `.limitExceeded` for nesting deeper than `maximumDepth`.
  package init(parsing bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws {
    input = bytes
    var cursor = JSONCursor(bytes)
    cursor.maximumDepth = min(max(1, maximumDepth), JSONParser.maximumDepth)
    // A recording spends about 8 bytes of text per node.
    nodes = Nodes(capacity: bytes.count / 8 + 16)
    cursor.skipWhitespace()
    try cursor.parseNode(depth: 0, into: &self)
    cursor.skipWhitespace()
    if cursor.index != bytes.count {
      throw cursor.error("unexpected \(cursor.describeCurrent()) after the JSON value")
    }
  }

  /// The document of an already parsed value (every string copied into ``decoded``).
  package init(_ value: JSONValue) {
    input = UnsafeBufferPointer(start: nil, count: 0)
    nodes = Nodes(capacity: 64)
    append(value)
  }

  private mutating func append(_ value: JSONValue) {
    switch value {
    case .null: nodes.append(Node(.null))
    case .bool(let flag): nodes.append(Node(flag ? .true : .false))
    case .number(let number): nodes.append(Node(.number, payload: number.bitPattern))
    case .string(let text): appendDecodedString(text)
    case .array(let elements):
      let index = nodes.count
      nodes.append(Node(.array, count: UInt32(elements.count)))
      for element in elements { append(element) }
      nodes[index].payload = UInt64(nodes.count)
    case .object(let members):
      let index = nodes.count
      nodes.append(Node(.object, count: UInt32(members.count)))
      // Sorted, so that the document (and an error naming its first extra member) never
      // depends on dictionary order.
      for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        appendDecodedString(key)
        append(members[key]!)
      }
      nodes[index].payload = UInt64(nodes.count)
    }
  }

  private mutating func appendDecodedString(_ text: String) {
    var node = Node(.string, count: UInt32(text.utf8.count), payload: UInt64(decoded.count))
    node.isDecoded = true
    node.isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    decoded.append(contentsOf: text.utf8)
    nodes.append(node)
  }

  /// The bytes of string node `node` (valid only inside `body`).
  @inline(__always)
  func withBytes<T>(of node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    let offset = Int(node.payload)
    let count = Int(node.count)
    if node.isDecoded {
      return decoded.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[offset..<offset + count]))
      }
    }
    return body(UnsafeBufferPointer(rebasing: input[offset..<offset + count]))
  }

  /// One bit of 64 for a member name, from its length and first and last bytes: equal names
  /// have equal bits, so a name whose bit is not in an object's union of bits is not among its
  /// members. Names that are not ASCII compare as strings, so they get every bit.
  @inline(__always)
  static func nameSignature(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> UInt64 {
    guard isASCII else { return .max }
    guard let first = bytes.first, let last = bytes.last else { return 1 }
    return 1 << UInt64((bytes.count &* 7 &+ Int(first) &* 3 &+ Int(last)) & 63)
  }

  /// ``nameSignature(_:isASCII:)`` of the string at node `index`.
  @inline(__always)
  func keySignature(_ index: Int) -> UInt64 {
    let node = nodes[index]
    return withBytes(of: node) { Self.nameSignature($0, isASCII: node.isASCII) }
  }

  /// The string at node `index`.
  package func string(at index: Int) -> String {
    withBytes(of: nodes[index]) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether the strings at nodes `a` and `b` are equal as `String`s (canonical equivalence:
  /// byte equality for ASCII, which is what object keys nearly always are).
  func stringsEqual(_ a: Int, _ b: Int) -> Bool {
    let first = nodes[a]
    let second = nodes[b]
    guard first.isASCII && second.isASCII else { return string(at: a) == string(at: b) }
    guard first.count == second.count else { return false }
    return withBytes(of: first) { x in withBytes(of: second) { y in JSONElement.bytesEqual(x, y) } }
  }

  /// Calls `body` with the root value; elements are valid only inside `body`.
  package func withRoot<T>(_ body: (JSONElement) throws -> T) rethrows -> T {
    try decoded.withUnsafeBufferPointer { decoded in
      let nodes = UnsafeBufferPointer(start: nodes.base, count: nodes.count)
      return try body(
        JSONElement(JSONElement.Storage(nodes: nodes, input: input, decoded: decoded), 0))
    }
  }

  /// Parses `bytes` and calls `body` with the root value.
  package static func parse<T>(
    _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONParser.maximumDepth,
    _ body: (JSONElement) throws -> T
  ) throws -> T {
    try JSONDocument(parsing: bytes, maximumDepth: maximumDepth).withRoot(body)
  }

  /// Calls `body` with `value` as an element (for the decoders' ``JSONValue`` entry points).
  package static func withElement<T>(of value: JSONValue, _ body: (JSONElement) throws -> T)
    rethrows -> T
  {
    try JSONDocument(value).withRoot(body)
  }
}

extension JSONCursor {
  /// Parses one value into `document`'s nodes: the JSON grammar, the nesting limit and the
  /// syntax errors of every parse (``JSONParser`` builds its values from these nodes).
  mutating func parseNode(depth: Int, into document: inout JSONDocument) throws {
    guard index < bytes.count else { throw error("expected a value, got end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try parseObjectNode(depth: depth + 1, into: &document)
    case UInt8(ascii: "["): try parseArrayNode(depth: depth + 1, into: &document)
    case UInt8(ascii: "\""): document.nodes.append(try parseStringNode(into: &document.decoded))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      document.nodes.append(JSONDocument.Node(.number, payload: try parseNumber().bitPattern))
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      document.nodes.append(JSONDocument.Node(.true))
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      document.nodes.append(JSONDocument.Node(.false))
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      document.nodes.append(JSONDocument.Node(.null))
    default: throw error("expected a value, got \(describeCurrent())")
    }
  }

  /// An array element or member value: numbers (most of a recording) directly, anything else
  /// through ``parseNode(depth:into:)``.
  @inline(__always)
  mutating func parseElementNode(depth: Int, into document: inout JSONDocument) throws {
    if index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "-") || Self.isDigit(byte) {
        document.nodes.append(JSONDocument.Node(.number, payload: try parseNumber().bitPattern))
        return
      }
    }
    try parseNode(depth: depth, into: &document)
  }

  mutating func parseArrayNode(
    depth: Int, into document: inout JSONDocument
  ) throws {
    guard depth <= maximumDepth else { throw depthError() }
    index += 1  // [
    let node = document.nodes.count
    document.nodes.append(JSONDocument.Node(.array))
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      document.nodes[node].payload = UInt64(document.nodes.count)
      return
    }
    var count: UInt32 = 0
    while true {
      skipWhitespace()
      try parseElementNode(depth: depth, into: &document)
      count += 1
      // Compact text (as JSONWriter writes it): the comma right after the element.
      if index < bytes.count && bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      skipWhitespace()
      guard index < bytes.count else { throw error("expected ',' or ']', got end of input") }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: ",") { continue }
      if byte == UInt8(ascii: "]") {
        document.nodes[node].count = count
        document.nodes[node].payload = UInt64(document.nodes.count)
        return
      }
      index -= 1
      throw error("expected ',' or ']', got \(describeCurrent())")
    }
  }

  mutating func parseObjectNode(
    depth: Int, into document: inout JSONDocument
  ) throws {
    guard depth <= maximumDepth else { throw depthError() }
    index += 1  // {
    let node = document.nodes.count
    document.nodes.append(JSONDocument.Node(.object))
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      document.nodes[node].payload = UInt64(document.nodes.count)
      return
    }
    // Duplicates are found as each member is read (the first error in the text is the one
    // reported), with the parser's notion of equal keys (`String` equality): a key is compared
    // with the earlier keys of the object (their nodes, found by skipping values) only when
    // their 64-bit signature (length and first and last bytes of ASCII keys; all bits once a
    // key is not ASCII) says it may repeat one, and large objects use a set.
    var memberCount = 0
    var signature: UInt64 = 0
    var seen: Set<String>?
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a member name in double quotes, got \(describeCurrent())")
      }
      let keyOffset = index
      let key = try parseStringNode(into: &document.decoded)
      let keyIndex = document.nodes.count
      document.nodes.append(key)
      if memberCount < 16 {
        let bit = document.keySignature(keyIndex)
        if signature & bit != 0 {
          var earlier = node + 1
          while earlier < keyIndex {
            if document.stringsEqual(earlier, keyIndex) {
              throw error("duplicate member \"\(document.string(at: keyIndex))\"", at: keyOffset)
            }
            let value = document.nodes[earlier + 1]
            earlier =
              value.kind == .array || value.kind == .object ? Int(value.payload) : earlier + 2
          }
        }
        signature |= bit
      } else {
        let text = document.string(at: keyIndex)
        if seen == nil {
          var keys = Set<String>()
          var earlier = node + 1
          while earlier < keyIndex {
            keys.insert(document.string(at: earlier))
            let value = document.nodes[earlier + 1]
            earlier =
              value.kind == .array || value.kind == .object ? Int(value.payload) : earlier + 2
          }
          seen = keys
        }
        if seen!.insert(text).inserted == false {
          throw error("duplicate member \"\(text)\"", at: keyOffset)
        }
      }
      memberCount += 1
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after member name, got \(describeCurrent())")
      }
      index += 1
      skipWhitespace()
      try parseElementNode(depth: depth, into: &document)
      skipWhitespace()
      guard index < bytes.count else { throw error("expected ',' or '}', got end of input") }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: ",") { continue }
      if byte == UInt8(ascii: "}") {
        document.nodes[node].count = UInt32(memberCount)
        document.nodes[node].payload = UInt64(document.nodes.count)
        return
      }
      index -= 1
      throw error("expected ',' or '}', got \(describeCurrent())")
    }
  }

  /// A string node: a range of the input, or (with escapes) of `decoded`.
  mutating func parseStringNode(into decoded: inout [UInt8]) throws -> JSONDocument.Node {
    let span = try scanString(decodingEscapesInto: &decoded)
    var node = JSONDocument.Node(
      .string, count: UInt32(span.count), payload: UInt64(span.offset))
    node.isDecoded = span.isDecoded
    node.isASCII = span.isASCII
    return node
  }
}
