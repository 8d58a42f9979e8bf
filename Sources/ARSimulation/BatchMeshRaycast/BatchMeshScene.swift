import SpatialMath

/// Triangle meshes in world space with a bounding volume hierarchy, packed once for the batched
/// raycast (``raycast(grid:engine:threadCount:barycentrics:)`` for a pinhole camera's full frame,
/// ``raycast(rays:engine:threadCount:barycentrics:)`` for any ray batch).
///
/// Triangles are numbered in input order: the triangles of the first mesh, then the second's, and
/// so on (``meshAndTriangle(ofTriangle:)`` maps back). Both faces of every triangle are surface,
/// as for ``TriangleMesh``; the winding only orients ``normal(ofTriangle:)``.
///
/// Hit rule (world space, metres; see <doc:BatchRaycastKernels>): with the corners translated to
/// the ray origin `A = P0 - o`, `B = P1 - o`, `C = P2 - o`, the three edge functions are
/// `w0 = d·(B×C)`, `w1 = d·(C×A)`, `w2 = d·(A×B)`; the ray hits when all three have the same sign
/// (a zero takes the sign of the tie rule below), `det = (w0 + w1) + w2` is not zero and
/// `t = (A·N) / (d·N)`, with the triangle's normal `N = (P1 - P0) × (P2 - P0)`, is finite and
/// positive. `w1/det` and `w2/det` are the barycentric weights of `P1` and `P2`. (`det` equals
/// `d·N` in exact arithmetic; `t` takes `N` from the corners alone because the sum of the
/// origin-relative products cancels on small triangles far from the origin: for 1 mm triangles
/// 3 m away it is typically 1 % off, where `d·N` keeps `t` within a few units in the last place.) The edge function of an edge depends only on its two corners, computed the
/// same way for both triangles that share it, and is exactly negated when the edge is traversed
/// the other way, so a ray can never pass between two triangles sharing an edge (watertight).
/// A ray exactly on an edge (`w == 0`) takes the sign of the first non-zero component of
/// `(Pi - Pj) × d` for the edge `Pi -> Pj`: the sign the edge function takes when the ray origin
/// moves by an infinitesimal `(ε, ε², ε³)`, so exactly one of two triangles sharing the edge is
/// hit. Each ray reports its nearest hit; equal `t` goes to the lowest triangle index. Every
/// engine and thread count gives the same bits.
public struct BatchMeshScene: Sendable {
  /// One mesh placed in the world.
  public struct Instance: Sendable, Hashable {
    /// The mesh in its own local space (metres).
    public var mesh: TriangleMesh
    /// The mesh's pose: local metres to world metres.
    public var worldFromMesh: RigidTransform

    /// A mesh at a pose.
    public init(mesh: TriangleMesh, worldFromMesh: RigidTransform = .identity) {
      self.mesh = mesh
      self.worldFromMesh = worldFromMesh
    }
  }

  /// The number of triangles (over all meshes).
  public let triangleCount: Int
  /// The index of each mesh's first triangle, and the total at the end (`meshCount + 1` entries).
  public let meshTriangleOffsets: [Int]
  /// Wall-clock seconds the build of the hierarchy took (timed apart from any raycast).
  public let buildSeconds: Double
  /// The hierarchy and the triangles in its leaf order.
  let bvh: BatchMeshBVH

  /// Places `instances` in the world and builds the hierarchy over their triangles.
  ///
  /// Vertices are transformed to world space once (`worldFromMesh.transformPoint`, in `Float`).
  /// - Complexity: O(n log n) for n triangles (binned surface-area heuristic).
  public init(instances: [Instance]) {
    var corners: [Float] = []
    corners.reserveCapacity(9 * instances.reduce(0) { $0 + $1.mesh.triangleCount })
    var offsets = [0]
    for instance in instances {
      let world = instance.mesh.vertices.map(instance.worldFromMesh.transformPoint)
      for index in instance.mesh.indices {
        let p = world[Int(index)]
        corners.append(contentsOf: [p.x, p.y, p.z])
      }
      offsets.append(corners.count / 9)
    }
    self.init(unchecked: corners, meshTriangleOffsets: offsets)
  }

  /// A scene of one mesh given as world-space vertices and three indices per triangle, as a mesh
  /// file stores it. Unlike ``TriangleMesh``, triangles of zero area are allowed (no ray hits
  /// them), so every face of a file keeps its index.
  ///
  /// - Throws: `BatchMeshError.vertexNotFinite`, `.indexCount` (not a multiple of 3) or
  ///   `.indexOutOfRange`, naming the first bad element.
  /// - Complexity: O(n log n) for n triangles.
  public init(worldVertices: [SIMD3<Float>], indices: [UInt32]) throws(BatchMeshError) {
    if let bad = worldVertices.firstIndex(where: { !$0.isFinite }) {
      throw .vertexNotFinite(vertex: bad)
    }
    guard indices.count % 3 == 0 else { throw .indexCount(indices.count) }
    if let bad = indices.firstIndex(where: { Int($0) >= worldVertices.count }) {
      throw .indexOutOfRange(position: bad, index: indices[bad], vertexCount: worldVertices.count)
    }
    var corners = [Float](repeating: 0, count: 3 * indices.count)
    for (i, index) in indices.enumerated() {
      let p = worldVertices[Int(index)]
      (corners[3 * i], corners[3 * i + 1], corners[3 * i + 2]) = (p.x, p.y, p.z)
    }
    self.init(unchecked: corners, meshTriangleOffsets: [0, indices.count / 3])
  }

  /// A scene from nine finite floats per triangle (`P0`, `P1`, `P2`, world metres).
  init(unchecked corners: [Float], meshTriangleOffsets: [Int]) {
    let clock = ContinuousClock()
    var built: BatchMeshBVH?
    let elapsed = clock.measure { built = BatchMeshBVH(corners: corners) }
    bvh = built!
    triangleCount = corners.count / 9
    self.meshTriangleOffsets = meshTriangleOffsets
    buildSeconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// The corners of triangle `index` (world metres), in its winding order.
  ///
  /// - Precondition: `index` is in `0..<triangleCount`.
  public func triangle(_ index: Int) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
    precondition((0..<triangleCount).contains(index), "triangle index \(index) out of range")
    let slot = Int(bvh.slotOfTriangle[index]) * 9
    let c = bvh.corners
    return (
      SIMD3(c[slot], c[slot + 1], c[slot + 2]), SIMD3(c[slot + 3], c[slot + 4], c[slot + 5]),
      SIMD3(c[slot + 6], c[slot + 7], c[slot + 8])
    )
  }

  /// The unit geometric normal of triangle `index` (world space): `(P1 - P0) × (P2 - P0)`
  /// normalized (counter-clockwise seen from the front); `nil` for a triangle of zero area.
  ///
  /// - Precondition: `index` is in `0..<triangleCount`.
  public func normal(ofTriangle index: Int) -> SIMD3<Float>? {
    let (a, b, c) = triangle(index)
    return (b - a).cross(c - a).normalized()
  }

  /// The mesh (its position in the instances) and the triangle within it of a scene triangle
  /// index, or `nil` when `index` is out of range (a miss's `-1`).
  public func meshAndTriangle(ofTriangle index: Int) -> (mesh: Int, triangle: Int)? {
    guard (0..<triangleCount).contains(index) else { return nil }
    var lo = 0
    var hi = meshTriangleOffsets.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if meshTriangleOffsets[mid] <= index { lo = mid } else { hi = mid }
    }
    return (lo, index - meshTriangleOffsets[lo])
  }

  /// The number of hierarchy nodes (for figures and tests).
  public var nodeCount: Int { bvh.nodeCount }
}
