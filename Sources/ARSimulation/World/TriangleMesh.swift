import SpatialMath

/// A triangle mesh in its own local space (metres): vertices and index triples. Both faces of each
/// triangle count as surface; the winding only orients `normal(ofTriangle:)` (counter-clockwise
/// seen from the front, right-hand rule).
///
/// The initializer validates: finite vertices, index count a multiple of 3 with every index in
/// range, and no triangle with zero area.
public struct TriangleMesh: Sendable, Hashable {
  /// The vertex positions (local metres).
  public let vertices: [SIMD3<Float>]
  /// Three vertex indices per triangle.
  public let indices: [UInt32]

  /// Creates a mesh.
  ///
  /// - Throws: the first problem as a `WorldError`: `.meshVertexNotFinite`, `.meshIndexCount`
  ///   (zero or not a multiple of 3), `.meshIndexOutOfRange`, `.meshTriangleDegenerate`.
  public init(vertices: [SIMD3<Float>], indices: [UInt32]) throws(WorldError) {
    if let bad = vertices.firstIndex(where: { !$0.isFinite }) {
      throw .meshVertexNotFinite(index: bad)
    }
    guard indices.count % 3 == 0, !indices.isEmpty else { throw .meshIndexCount(indices.count) }
    if let bad = indices.firstIndex(where: { Int($0) >= vertices.count }) {
      throw .meshIndexOutOfRange(position: bad, index: indices[bad])
    }
    self.vertices = vertices
    self.indices = indices
    for i in 0..<triangleCount where triangleArea(i) <= 0 {
      throw .meshTriangleDegenerate(triangle: i)
    }
  }

  /// The number of triangles.
  public var triangleCount: Int { indices.count / 3 }

  /// The corners of triangle `i` (local metres).
  public func triangle(_ i: Int) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
    (
      vertices[Int(indices[3 * i])], vertices[Int(indices[3 * i + 1])],
      vertices[Int(indices[3 * i + 2])]
    )
  }

  /// The area of triangle `i` (square metres).
  public func triangleArea(_ i: Int) -> Float {
    let (a, b, c) = triangle(i)
    return (b - a).cross(c - a).length / 2
  }

  /// The unit normal of triangle `i` by its winding, `(b - a) × (c - a)` normalized.
  public func normal(ofTriangle i: Int) -> SIMD3<Float> {
    let (a, b, c) = triangle(i)
    return (b - a).cross(c - a).normalized() ?? SIMD3(0, 1, 0)
  }

  /// The nearest hit of a local-space ray with either face of any triangle (Möller–Trumbore): the
  /// distance along the ray and the triangle's index, or `nil` when the ray misses every triangle
  /// or is parallel to those it meets.
  ///
  /// - Complexity: O(triangles).
  public func intersection(with ray: Ray) -> (distance: Float, triangle: Int)? {
    var best: (distance: Float, triangle: Int)?
    for i in 0..<triangleCount {
      let (a, b, c) = triangle(i)
      let e1 = b - a
      let e2 = c - a
      let p = ray.direction.cross(e2)
      let det = e1.dot(p)
      guard abs(det) > 1e-12 else { continue }
      let s = ray.origin - a
      let u = s.dot(p) / det
      guard u >= 0, u <= 1 else { continue }
      let q = s.cross(e1)
      let v = ray.direction.dot(q) / det
      guard v >= 0, u + v <= 1 else { continue }
      let t = e2.dot(q) / det
      guard t > 0, t.isFinite else { continue }
      if best == nil || t < best!.distance { best = (t, i) }
    }
    return best
  }
}

extension TriangleMesh: Codable {
  private enum CodingKeys: String, CodingKey { case vertices, indices }

  /// Decodes `{"vertices": [[x, y, z], ...], "indices": [i, j, k, ...]}`; throws
  /// `DecodingError.dataCorrupted` naming the problem (the `WorldError`'s description) when the
  /// mesh is not valid.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let raw = try c.decode([[Float]].self, forKey: .vertices)
    let indices = try c.decode([UInt32].self, forKey: .indices)
    guard raw.allSatisfy({ $0.count == 3 }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .vertices, in: c, debugDescription: "mesh vertices must be [x, y, z]")
    }
    do {
      self = try TriangleMesh(vertices: raw.map { SIMD3($0[0], $0[1], $0[2]) }, indices: indices)
    } catch {
      let key: CodingKeys = if case .meshVertexNotFinite = error { .vertices } else { .indices }
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: error.description)
    }
  }

  /// Encodes the same fields and layout that `init(from:)` reads.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(vertices.map { [$0.x, $0.y, $0.z] }, forKey: .vertices)
    try c.encode(indices, forKey: .indices)
  }
}
