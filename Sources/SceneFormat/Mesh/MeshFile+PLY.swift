extension MeshFile {
  /// A PLY scalar type.
  enum PLYType: String, CaseIterable {
    case int8, uint8, int16, uint16, int32, uint32, float32, float64

    /// The type of a header name (both the old `char`... and the sized `int8`... names).
    init?(name: String) {
      let aliases: [String: PLYType] = [
        "char": .int8, "uchar": .uint8, "short": .int16, "ushort": .uint16, "int": .int32,
        "uint": .uint32, "float": .float32, "double": .float64,
      ]
      guard let type = aliases[name] ?? PLYType(rawValue: name) else { return nil }
      self = type
    }

    var byteCount: Int {
      switch self {
      case .int8, .uint8: 1
      case .int16, .uint16: 2
      case .int32, .uint32, .float32: 4
      case .float64: 8
      }
    }

    /// The little-endian value at `offset` (bounds checked by the caller), as a Double.
    func load(_ p: UnsafeRawBufferPointer, _ offset: Int) -> Double {
      switch self {
      case .int8: Double(p.loadUnaligned(fromByteOffset: offset, as: Int8.self))
      case .uint8: Double(p.loadUnaligned(fromByteOffset: offset, as: UInt8.self))
      case .int16:
        Double(Int16(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: Int16.self)))
      case .uint16:
        Double(UInt16(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
      case .int32:
        Double(Int32(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
      case .uint32:
        Double(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      case .float32:
        Double(
          Float(
            bitPattern: UInt32(
              littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
      case .float64:
        Double(
          bitPattern: UInt64(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        )
      }
    }
  }

  /// A property of a PLY element: a scalar, or a list (count type, item type).
  struct PLYProperty {
    var name: String
    var type: PLYType
    var listCount: PLYType?
  }

  /// A PLY element declaration.
  struct PLYElement {
    var name: String
    var count: Int
    var properties: [PLYProperty] = []
  }

  /// Parses a PLY file (ASCII or binary little-endian): the `vertex` element's `x`, `y`, `z` and
  /// the `face` element's `vertex_indices` (or `vertex_index`) list; other elements and
  /// properties are skipped.
  static func readPLY(_ bytes: [UInt8], name: String) throws(MeshFileError) -> MeshFile {
    var position = 0
    var line = 0
    var elements: [PLYElement] = []
    var format: Format?
    func fail(_ problem: String, at location: MeshFileError.Location? = nil) -> MeshFileError {
      MeshFileError(file: name, location: location ?? .line(line), problem: problem)
    }
    // Header.
    while true {
      guard position < bytes.count else { throw fail("header has no end_header line", at: .file) }
      line += 1
      var end = position
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let words = String(decoding: bytes[position..<end], as: UTF8.self)
        .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      position = end + 1
      guard let keyword = words.first else { continue }
      switch keyword {
      case "ply", "comment", "obj_info": continue
      case "format":
        switch words.dropFirst().first {
        case "ascii": format = .plyASCII
        case "binary_little_endian": format = .plyBinaryLittleEndian
        default:
          throw fail(
            "format '\(words.dropFirst().joined(separator: " "))' is not supported (ascii or "
              + "binary_little_endian)")
        }
      case "element":
        guard words.count == 3, let count = Int(words[2]), count >= 0 else {
          throw fail("expected 'element NAME COUNT'")
        }
        elements.append(PLYElement(name: words[1], count: count))
      case "property":
        guard !elements.isEmpty else { throw fail("property before any element") }
        if words.count == 5, words[1] == "list", let countType = PLYType(name: words[2]),
          let itemType = PLYType(name: words[3])
        {
          elements[elements.count - 1].properties.append(
            PLYProperty(name: words[4], type: itemType, listCount: countType))
        } else if words.count == 3, let type = PLYType(name: words[1]) {
          elements[elements.count - 1].properties.append(
            PLYProperty(name: words[2], type: type, listCount: nil))
        } else {
          throw fail("expected 'property TYPE NAME' or 'property list TYPE TYPE NAME'")
        }
      case "end_header":
        guard let format else { throw fail("end_header before a format line") }
        return try readPLYBody(
          bytes, from: position, headerLines: line, format: format, elements: elements,
          name: name)
      default:
        throw fail("unknown header keyword '\(keyword)'")
      }
    }
  }

  /// The body after the header.
  private static func readPLYBody(
    _ bytes: [UInt8], from start: Int, headerLines: Int, format: Format,
    elements: [PLYElement], name: String
  ) throws(MeshFileError) -> MeshFile {
    var mesh = MeshFile(vertices: [], indices: [])
    guard let vertexElement = elements.first(where: { $0.name == "vertex" }) else {
      throw MeshFileError(file: name, location: .file, problem: "no vertex element")
    }
    let xyz = ["x", "y", "z"].map { axis in
      vertexElement.properties.firstIndex { $0.name == axis && $0.listCount == nil }
    }
    guard xyz.allSatisfy({ $0 != nil }) else {
      throw MeshFileError(
        file: name, location: .file, problem: "vertex element needs scalar x, y and z properties")
    }
    mesh.vertices.reserveCapacity(vertexElement.count)
    var reader = PLYBodyReader(
      bytes: bytes, position: start, line: headerLines + 1, isASCII: format == .plyASCII,
      file: name)
    var values: [Double] = []
    var polygon: [UInt32] = []
    for element in elements {
      let faceList =
        element.name == "face"
        ? element.properties.firstIndex {
          $0.listCount != nil && ($0.name == "vertex_indices" || $0.name == "vertex_index")
        } : nil
      if element.name == "face" && faceList == nil {
        throw MeshFileError(
          file: name, location: .file, problem: "face element has no vertex_indices list")
      }
      for index in 0..<element.count {
        reader.startElement(element.name, index: index)
        for (p, property) in element.properties.enumerated() {
          values.removeAll(keepingCapacity: true)
          if let countType = property.listCount {
            let count = try reader.value(countType)
            guard count >= 0, count == count.rounded(), count <= Double(1 << 20) else {
              throw reader.error("list length \(count) is not a count")
            }
            for _ in 0..<Int(count) { values.append(try reader.value(property.type)) }
          } else {
            values.append(try reader.value(property.type))
          }
          if element.name == "vertex", let axis = xyz.firstIndex(of: p) {
            guard Float(values[0]).isFinite else {
              throw reader.error("coordinate \(property.name) \(values[0]) is not finite in Float")
            }
            if axis == 0 { mesh.vertices.append(SIMD3(Float(values[0]), 0, 0)) }
            mesh.vertices[mesh.vertices.count - 1][axis] = Float(values[0])
          } else if p == faceList {
            guard values.count >= 3 else {
              throw reader.error("face needs at least 3 vertices, got \(values.count)")
            }
            polygon.removeAll(keepingCapacity: true)
            for v in values {
              guard v >= 0, v == v.rounded(), v < Double(vertexElement.count) else {
                throw reader.error(
                  "vertex index \(v) is out of range (\(vertexElement.count) vertices)")
              }
              polygon.append(UInt32(v))
            }
            mesh.appendFan(polygon)
          }
        }
        try reader.endElement()
      }
    }
    return mesh
  }
}

/// Reads the values of a PLY body in order, ASCII or binary little-endian, keeping the place for
/// errors (the line in ASCII, the element in binary).
struct PLYBodyReader {
  let bytes: [UInt8]
  var position: Int
  var line: Int
  let isASCII: Bool
  let file: String
  var element = ""
  var elementIndex = 0
  var field = [CChar](repeating: 0, count: 64)

  mutating func startElement(_ name: String, index: Int) {
    element = name
    elementIndex = index
  }

  func error(_ problem: String) -> MeshFileError {
    MeshFileError(
      file: file, location: isASCII ? .line(line) : .element(element, index: elementIndex),
      problem: problem)
  }

  /// In ASCII, the rest of the element's line must be blank; the next element starts on the
  /// next line.
  mutating func endElement() throws(MeshFileError) {
    guard isASCII else { return }
    while position < bytes.count && bytes[position] != UInt8(ascii: "\n") {
      guard [0x20, 0x09, 0x0D].contains(bytes[position]) else {
        throw error("more values than the element's properties")
      }
      position += 1
    }
    position += 1
    line += 1
  }

  mutating func value(_ type: MeshFile.PLYType) throws(MeshFileError) -> Double {
    if isASCII {
      while position < bytes.count && (bytes[position] == 0x20 || bytes[position] == 0x09) {
        position += 1
      }
      let start = position
      while position < bytes.count && ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
        position += 1
      }
      guard start < position else { throw error("fewer values than the element's properties") }
      guard let value = MeshFile.double(bytes, start..<position, &field) else {
        throw error("'\(MeshFile.text(bytes, start..<position))' is not a number")
      }
      return value
    }
    guard position + type.byteCount <= bytes.count else {
      throw error("the file ends inside this element")
    }
    defer { position += type.byteCount }
    return bytes.withUnsafeBytes { type.load($0, position) }
  }
}
