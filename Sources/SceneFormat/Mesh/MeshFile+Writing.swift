extension MeshFile {
  /// The mesh as Wavefront OBJ text: one `v x y z` line per vertex (each `Float` written in its
  /// shortest form that reads back to the same value) and one `f i j k` line (1-based) per
  /// triangle.
  public func objBytes() -> [UInt8] {
    var text = "# \(vertices.count) vertices, \(triangleCount) triangles\n"
    text.reserveCapacity(40 * vertices.count + 24 * triangleCount)
    for v in vertices { text += "v \(v.x) \(v.y) \(v.z)\n" }
    for t in 0..<triangleCount {
      text += "f \(indices[3 * t] + 1) \(indices[3 * t + 1] + 1) \(indices[3 * t + 2] + 1)\n"
    }
    return Array(text.utf8)
  }

  /// The mesh as PLY, binary little-endian (`float` x, y, z per vertex; a `uchar` count and
  /// `int` indices per face) or, with `ascii`, the same as text.
  public func plyBytes(ascii: Bool = false) -> [UInt8] {
    var bytes = Array(
      """
      ply
      format \(ascii ? "ascii" : "binary_little_endian") 1.0
      element vertex \(vertices.count)
      property float x
      property float y
      property float z
      element face \(triangleCount)
      property list uchar int vertex_indices
      end_header

      """.utf8)
    if ascii {
      var text = ""
      for v in vertices { text += "\(v.x) \(v.y) \(v.z)\n" }
      for t in 0..<triangleCount {
        text += "3 \(indices[3 * t]) \(indices[3 * t + 1]) \(indices[3 * t + 2])\n"
      }
      return bytes + Array(text.utf8)
    }
    bytes.reserveCapacity(bytes.count + 12 * vertices.count + 13 * triangleCount)
    func append(_ word: UInt32) {
      withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }
    for v in vertices {
      append(v.x.bitPattern)
      append(v.y.bitPattern)
      append(v.z.bitPattern)
    }
    for t in 0..<triangleCount {
      bytes.append(3)
      for k in 0..<3 { append(indices[3 * t + k]) }
    }
    return bytes
  }
}
