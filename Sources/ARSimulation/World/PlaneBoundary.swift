import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A plane anchor's boundary (ARKit's `ARPlaneGeometry.boundaryVertices`): a convex polygon in the
/// plane-local xz plane, vertices `(x, 0, z)` in metres, in either winding.
///
/// The initializer validates: at least 3 finite vertices, `|y|` at most `PlaneBoundary.yTolerance`
/// (then set to exactly 0), no repeated consecutive vertex, every turn the same way (collinear
/// vertices allowed, a turn back on an edge is not), and one full turn in total (which rejects
/// self-intersecting stars). The vertex order is kept as given, so encoding reproduces the input.
public struct PlaneBoundary: Sendable, Hashable {
  /// The vertices in plane-local coordinates (metres), `y == 0`, in the order given.
  public let vertices: [SIMD3<Float>]
  /// The sign of the 2D cross product `e1.x * e2.z - e1.z * e2.x` of consecutive edges: -1 when
  /// the vertices run counter-clockwise seen from +y (looking down the normal), +1 clockwise.
  @usableFromInline let windingSign: Float

  /// The largest `|y|` (metres) accepted for a boundary vertex.
  public static let yTolerance: Float = 1e-3

  /// Creates a boundary.
  ///
  /// - Throws: the first problem found as a `WorldError` (`.boundaryTooFewVertices`,
  ///   `.boundaryVertexNotFinite`, `.boundaryVertexOffPlane`, `.boundaryRepeatedVertex`,
  ///   `.boundaryNotConvex`, `.boundarySelfIntersecting`; see the type's documentation).
  public init(vertices: [SIMD3<Float>]) throws(WorldError) {
    let n = vertices.count
    guard n >= 3 else { throw .boundaryTooFewVertices(count: n) }
    for (i, v) in vertices.enumerated() {
      guard v.isFinite else { throw .boundaryVertexNotFinite(index: i) }
      guard abs(v.y) <= PlaneBoundary.yTolerance else { throw .boundaryVertexOffPlane(index: i) }
    }
    let flat = vertices.map { SIMD2<Double>(Double($0.x), Double($0.z)) }
    for i in 0..<n where flat[i] == flat[(i + n - 1) % n] {
      throw .boundaryRepeatedVertex(index: i)
    }
    var sign: Double = 0
    var turning: Double = 0
    for i in 0..<n {
      let a = flat[(i + n - 1) % n]
      let b = flat[i]
      let c = flat[(i + 1) % n]
      let e1 = b - a
      let e2 = c - b
      let cross = e1.x * e2.y - e1.y * e2.x
      let dot = (e1 * e2).sum()
      let scale = (e1 * e1).sum().squareRoot() * (e2 * e2).sum().squareRoot()
      if abs(cross) <= 1e-9 * scale {
        // Collinear: fine when the polygon goes on, a spike when it turns back.
        guard dot > 0 else { throw .boundaryNotConvex(index: i) }
        continue
      }
      if sign == 0 { sign = cross > 0 ? 1 : -1 }
      guard (cross > 0 ? 1 : -1) == sign else { throw .boundaryNotConvex(index: i) }
      turning += atan2(cross, dot)
    }
    // A simple convex polygon turns exactly once (±2π); a pentagram turns twice.
    guard sign != 0, abs(abs(turning) - 2 * .pi) < 1e-3 else { throw .boundarySelfIntersecting }
    self.vertices = vertices.map { SIMD3($0.x, 0, $0.z) }
    self.windingSign = Float(sign)
  }

  /// The axis-aligned rectangle `[-halfWidth, halfWidth] x [-halfHeight, halfHeight]` in local xz,
  /// counter-clockwise seen from +y (the order (-x,-z), (-x,+z), (+x,+z), (+x,-z)).
  ///
  /// - Throws: `WorldError.extentSizeNotPositive` (with the full width and height) unless both
  ///   half sizes are finite and positive.
  public init(rectangleHalfWidth halfWidth: Float, halfHeight: Float) throws(WorldError) {
    guard halfWidth.isFinite, halfHeight.isFinite, halfWidth > 0, halfHeight > 0 else {
      throw .extentSizeNotPositive(width: 2 * halfWidth, height: 2 * halfHeight)
    }
    try self.init(vertices: [
      SIMD3(-halfWidth, 0, -halfHeight), SIMD3(-halfWidth, 0, halfHeight),
      SIMD3(halfWidth, 0, halfHeight), SIMD3(halfWidth, 0, -halfHeight),
    ])
  }

  /// Whether a plane-local point lies inside the polygon or on its edges, ignoring its y.
  ///
  /// - Complexity: O(vertex count).
  @inlinable
  public func contains(localPoint p: SIMD3<Float>) -> Bool {
    let n = vertices.count
    var previous = vertices[n - 1]
    for v in vertices {
      let ex = v.x - previous.x
      let ez = v.z - previous.z
      let px = p.x - previous.x
      let pz = p.z - previous.z
      // Inside means on the same side as the interior for every edge; the tolerance is relative
      // to the edge length so points on an edge count as inside.
      let cross = (ex * pz - ez * px) * windingSign
      if cross < -1e-6 * (abs(ex) + abs(ez)) { return false }
      previous = v
    }
    return true
  }

  /// The enclosed area in square metres (always positive).
  public var area: Float {
    var twice: Float = 0
    var previous = vertices[vertices.count - 1]
    for v in vertices {
      twice += previous.x * v.z - previous.z * v.x
      previous = v
    }
    return abs(twice) / 2
  }
}

extension PlaneBoundary: Codable {
  /// Decodes `[[x, 0, z], ...]` (plane-local metres); throws `DecodingError.dataCorrupted` naming
  /// the problem (the `WorldError`'s description) at this value's coding path.
  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode([[Double]].self)
    var vertices: [SIMD3<Float>] = []
    vertices.reserveCapacity(raw.count)
    for (i, v) in raw.enumerated() {
      guard v.count == 3 else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath,
            debugDescription: "boundary vertex \(i) must have 3 numbers [x, 0, z], found \(v.count)"
          ))
      }
      vertices.append(SIMD3(Float(v[0]), Float(v[1]), Float(v[2])))
    }
    do {
      self = try PlaneBoundary(vertices: vertices)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  /// Encodes `[[x, 0, z], ...]` in the stored order, the layout that `init(from:)` reads.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(vertices.map { [$0.x, $0.y, $0.z] })
  }
}
