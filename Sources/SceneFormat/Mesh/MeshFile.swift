import Foundation

/// A triangle mesh read from (or to be written as) a Wavefront OBJ or PLY file: vertex positions
/// and three indices per triangle, polygons split into fans in order.
///
/// A face `v0 v1 ... vn` becomes the triangles `(v0, v1, v2), (v0, v2, v3), ...`, so triangle `k`
/// of the mesh is the `k`-th triangle of the file's faces in file order after that split (the
/// numbering `arsim raycast --mesh` reports). Only positions and faces are read: normals, texture
/// coordinates, colours, groups and materials are skipped, and an OBJ `w` coordinate is ignored.
/// Coordinates are taken as given (metres, in whatever frame the file uses).
public struct MeshFile: Sendable, Hashable {
  /// The mesh file formats read.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// Wavefront OBJ (text): `v x y z` and `f i j k ...` lines, 1-based or negative indices.
    case obj
    /// PLY, ASCII.
    case plyASCII = "ply-ascii"
    /// PLY, binary little-endian.
    case plyBinaryLittleEndian = "ply-binary-le"
  }

  /// Vertex positions (the file's units and frame, taken as metres).
  public var vertices: [SIMD3<Float>]
  /// Three vertex indices (0-based) per triangle.
  public var indices: [UInt32]

  /// A mesh from positions and triangle indices.
  public init(vertices: [SIMD3<Float>], indices: [UInt32]) {
    self.vertices = vertices
    self.indices = indices
  }

  /// The number of triangles.
  public var triangleCount: Int { indices.count / 3 }

  /// Reads `bytes` as OBJ or PLY: PLY when it starts with the line `ply`, else OBJ.
  /// `name` is the file's name for errors.
  ///
  /// - Throws: `MeshFileError` naming the line (OBJ, ASCII PLY, a PLY header) or the element
  ///   (binary PLY) of the first problem: a malformed or non-finite number, an index out of
  ///   range, a face of fewer than 3 vertices, an unsupported PLY format or property, a
  ///   truncated file.
  public init(bytes: [UInt8], name: String) throws(MeshFileError) {
    if bytes.starts(with: Array("ply\n".utf8)) || bytes.starts(with: Array("ply\r\n".utf8)) {
      self = try Self.readPLY(bytes, name: name)
    } else {
      self = try Self.readOBJ(bytes, name: name)
    }
  }

  /// Appends the fan of one polygon's vertex indices (already validated).
  mutating func appendFan(_ polygon: [UInt32]) {
    for k in 1..<(polygon.count - 1) {
      indices.append(polygon[0])
      indices.append(polygon[k])
      indices.append(polygon[k + 1])
    }
  }
}
