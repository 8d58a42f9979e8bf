#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MeshFile {
  /// Parses Wavefront OBJ text: `v` and `f` lines (other statements are skipped).
  static func readOBJ(_ bytes: [UInt8], name: String) throws(MeshFileError) -> MeshFile {
    var mesh = MeshFile(vertices: [], indices: [])
    var line = 0
    var start = 0
    var polygon: [UInt32] = []
    // The number fields of one line, NUL-terminated for strtof/strtol.
    var field = [CChar](repeating: 0, count: 64)
    while start < bytes.count {
      line += 1
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      defer { start = end + 1 }
      var tokens = OBJTokens(bytes: bytes, range: start..<end)
      guard let keyword = tokens.next() else { continue }
      func fail(_ problem: String) -> MeshFileError {
        MeshFileError(file: name, location: .line(line), problem: problem)
      }
      if keyword.count == 1 && bytes[keyword.lowerBound] == UInt8(ascii: "v") {
        var xyz = SIMD3<Float>()
        for k in 0..<3 {
          guard let token = tokens.next() else {
            throw fail("vertex needs 3 coordinates, got \(k)")
          }
          guard let value = Self.number(bytes, token, &field), value.isFinite else {
            throw fail("vertex coordinate '\(Self.text(bytes, token))' is not a finite number")
          }
          xyz[k] = value
        }
        mesh.vertices.append(xyz)
      } else if keyword.count == 1 && bytes[keyword.lowerBound] == UInt8(ascii: "f") {
        polygon.removeAll(keepingCapacity: true)
        while let token = tokens.next() {
          // `i`, `i/t`, `i//n`, `i/t/n`: the vertex index is the part before the first slash.
          var indexEnd = token.lowerBound
          while indexEnd < token.upperBound && bytes[indexEnd] != UInt8(ascii: "/") {
            indexEnd += 1
          }
          let part = token.lowerBound..<indexEnd
          guard let raw = Self.integer(bytes, part, &field), raw != 0 else {
            throw fail("face vertex '\(Self.text(bytes, token))' is not a non-zero integer index")
          }
          let index = raw > 0 ? raw - 1 : mesh.vertices.count + raw
          guard index >= 0, index < mesh.vertices.count, index <= Int(UInt32.max) else {
            throw fail(
              "face vertex index \(raw) is out of range (\(mesh.vertices.count) vertices so far)")
          }
          polygon.append(UInt32(index))
        }
        guard polygon.count >= 3 else {
          throw fail("face needs at least 3 vertices, got \(polygon.count)")
        }
        mesh.appendFan(polygon)
      }
    }
    return mesh
  }

  /// The text of a token, for messages (at most 40 bytes).
  static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    String(decoding: bytes[range.prefix(40)], as: UTF8.self)
  }

  /// A token as a `Float` (C `strtof` syntax, the whole token), or `nil`.
  static func number(_ bytes: [UInt8], _ range: Range<Int>, _ field: inout [CChar]) -> Float? {
    guard copy(bytes, range, &field) else { return nil }
    return field.withUnsafeBufferPointer { p -> Float? in
      var end: UnsafeMutablePointer<CChar>?
      let value = strtof(p.baseAddress!, &end)
      guard let end, end - UnsafeMutablePointer(mutating: p.baseAddress!) == range.count else {
        return nil
      }
      return value
    }
  }

  /// A token as a `Double` (C `strtod` syntax, the whole token), or `nil`.
  static func double(_ bytes: [UInt8], _ range: Range<Int>, _ field: inout [CChar]) -> Double? {
    guard copy(bytes, range, &field) else { return nil }
    return field.withUnsafeBufferPointer { p -> Double? in
      var end: UnsafeMutablePointer<CChar>?
      let value = strtod(p.baseAddress!, &end)
      guard let end, end - UnsafeMutablePointer(mutating: p.baseAddress!) == range.count else {
        return nil
      }
      return value
    }
  }

  /// A token as a decimal integer (the whole token), or `nil`.
  static func integer(_ bytes: [UInt8], _ range: Range<Int>, _ field: inout [CChar]) -> Int? {
    guard copy(bytes, range, &field) else { return nil }
    return field.withUnsafeBufferPointer { p -> Int? in
      var end: UnsafeMutablePointer<CChar>?
      errno = 0
      let value = strtol(p.baseAddress!, &end, 10)
      guard errno == 0, let end,
        end - UnsafeMutablePointer(mutating: p.baseAddress!) == range.count
      else { return nil }
      return value
    }
  }

  /// Copies a token NUL-terminated into `field`; `false` for an empty or over-long token.
  private static func copy(_ bytes: [UInt8], _ range: Range<Int>, _ field: inout [CChar]) -> Bool {
    guard !range.isEmpty, range.count < field.count else { return false }
    for (k, i) in range.enumerated() { field[k] = CChar(bitPattern: bytes[i]) }
    field[range.count] = 0
    return true
  }
}

/// The whitespace-separated tokens of one line (a `#` starts a comment).
struct OBJTokens {
  let bytes: [UInt8]
  var position: Int
  let end: Int

  init(bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    position = range.lowerBound
    end = range.upperBound
  }

  mutating func next() -> Range<Int>? {
    func isSpace(_ b: UInt8) -> Bool {
      b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C
    }
    while position < end && isSpace(bytes[position]) { position += 1 }
    guard position < end, bytes[position] != UInt8(ascii: "#") else { return nil }
    let start = position
    while position < end && !isSpace(bytes[position]) && bytes[position] != UInt8(ascii: "#") {
      position += 1
    }
    return start..<position
  }
}
