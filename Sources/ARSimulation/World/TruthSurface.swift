import SpatialMath

/// A true surface of a scene (world space, metres), from which a frame's plane anchors and feature
/// points are derived. Shapes live in the surface's local space: planar shapes in the local xz
/// plane with +y their normal (like a plane anchor), meshes anywhere.
public struct TruthSurface: Sendable, Hashable {
  /// The shape, in surface-local coordinates.
  public enum Shape: Sendable, Hashable, Codable {
    /// A rectangle centred on the local origin: `width` metres along x, `height` along z.
    case rectangle(width: Float, height: Float)
    /// A convex polygon in the local xz plane.
    case convexPolygon(boundary: PlaneBoundary)
    /// A triangle mesh.
    case triangleMesh(mesh: TriangleMesh)
  }

  /// A name, used as the identifier of the plane anchor derived from it.
  public let identifier: String
  /// worldFromSurface.
  public let worldFromSurface: RigidTransform
  /// The shape.
  public let shape: Shape
  /// The surface kind, copied to derived anchors.
  public let classification: PlaneAnchor.Classification

  /// Creates a surface, normalizing the pose's rotation.
  ///
  /// - Throws: `WorldError.surfaceSizeNotPositive` when a rectangle's size is not finite and
  ///   positive, `.surfaceTransformInvalid` when the pose is not finite or its rotation is zero.
  public init(
    identifier: String, worldFromSurface: RigidTransform, shape: Shape,
    classification: PlaneAnchor.Classification = .none
  ) throws(WorldError) {
    if case .rectangle(let w, let h) = shape, !(w.isFinite && h.isFinite && w > 0 && h > 0) {
      throw .surfaceSizeNotPositive(width: w, height: h)
    }
    guard worldFromSurface.translation.isFinite,
      let unit = worldFromSurface.rotation.normalized()
    else { throw .surfaceTransformInvalid }
    self.identifier = identifier
    self.worldFromSurface = RigidTransform(
      rotation: unit, translation: worldFromSurface.translation)
    self.shape = shape
    self.classification = classification
  }

  /// The boundary of a planar shape (the rectangle's corners for `rectangle`), or `nil` for meshes.
  public var planarBoundary: PlaneBoundary? {
    switch shape {
    case .rectangle(let w, let h): try? PlaneBoundary(rectangleHalfWidth: w / 2, halfHeight: h / 2)
    case .convexPolygon(let boundary): boundary
    case .triangleMesh: nil
    }
  }

  /// The nearest point where a world ray meets either face of the surface: the distance along the
  /// ray and the surface's unit world normal there (the shape's +y or triangle normal, not flipped),
  /// or `nil` when it misses or runs parallel.
  public func intersection(with ray: Ray) -> (distance: Float, worldNormal: SIMD3<Float>)? {
    let local = ray.transformed(by: worldFromSurface.inverse)
    if let boundary = planarBoundary {
      guard abs(local.direction.y) > 1e-6 else { return nil }
      let t = -local.origin.y / local.direction.y
      guard t > 0, t.isFinite, boundary.contains(localPoint: local.point(at: t)) else { return nil }
      return (t, worldFromSurface.transformDirection(SIMD3(0, 1, 0)))
    }
    guard case .triangleMesh(let mesh) = shape, let hit = mesh.intersection(with: local) else {
      return nil
    }
    return (
      hit.distance, worldFromSurface.transformDirection(mesh.normal(ofTriangle: hit.triangle))
    )
  }

  /// `count` points drawn uniformly over the surface's area, in world space, each moved by
  /// isotropic Gaussian noise of standard deviation `noiseMeters`; deterministic for `rng`'s state.
  public func samplePoints(
    count: Int, noiseMeters: Float, using rng: inout SplitMix64
  ) -> [SIMD3<Float>] {
    let triangles = localTriangles()
    guard !triangles.isEmpty, count > 0 else { return [] }
    // Cumulative areas, summed in triangle order.
    var cumulative: [Double] = []
    var total = 0.0
    for (a, b, c) in triangles {
      total += Double((b - a).cross(c - a).length / 2)
      cumulative.append(total)
    }
    var out: [SIMD3<Float>] = []
    out.reserveCapacity(count)
    for _ in 0..<count {
      let pick = rng.nextUnitDouble() * total
      let index = cumulative.firstIndex { pick < $0 } ?? (triangles.count - 1)
      let (a, b, c) = triangles[index]
      var u = Float(rng.nextUnitDouble())
      var v = Float(rng.nextUnitDouble())
      if u + v > 1 { (u, v) = (1 - u, 1 - v) }
      let local = a + u * (b - a) + v * (c - a)
      let noise = SIMD3<Float>(
        Float(rng.nextGaussian()), Float(rng.nextGaussian()), Float(rng.nextGaussian()))
      out.append(worldFromSurface.transformPoint(local) + noiseMeters * noise)
    }
    return out
  }

  /// The plane anchor a perfect detector would report for a planar surface: the surface's pose,
  /// its boundary, the boundary's bounding rectangle as extent, alignment `horizontal` when the
  /// normal is within 45° of vertical and `vertical` otherwise (tilted surfaces such as dashboards
  /// get `vertical`, as ARKit labels them). `nil` for meshes.
  public func planeAnchor() -> PlaneAnchor? {
    guard let boundary = planarBoundary else { return nil }
    let xs = boundary.vertices.map(\.x)
    let zs = boundary.vertices.map(\.z)
    let (minX, maxX, minZ, maxZ) = (xs.min()!, xs.max()!, zs.min()!, zs.max()!)
    guard let extent = try? PlaneExtent(width: maxX - minX, height: maxZ - minZ) else {
      return nil
    }
    let normal = worldFromSurface.transformDirection(SIMD3(0, 1, 0))
    return try? PlaneAnchor(
      identifier: identifier, transform: worldFromSurface.matrix,
      center: SIMD3((minX + maxX) / 2, 0, (minZ + maxZ) / 2), extent: extent, boundary: boundary,
      alignment: abs(normal.y) >= Float(0.5).squareRoot() ? .horizontal : .vertical,
      classification: classification)
  }

  /// The shape as local triangles (a fan for planar shapes).
  package func localTriangles() -> [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)] {
    if let boundary = planarBoundary {
      let v = boundary.vertices
      return (1..<(v.count - 1)).map { (v[0], v[$0], v[$0 + 1]) }
    }
    guard case .triangleMesh(let mesh) = shape else { return [] }
    return (0..<mesh.triangleCount).map { mesh.triangle($0) }
  }
}

extension TruthSurface: Codable {
  private enum CodingKeys: String, CodingKey {
    case identifier, worldFromSurface, shape, classification
  }

  /// Decodes `{"identifier", "worldFromSurface": {"rotation", "translation"}, "shape",
  /// "classification"}`; throws `DecodingError.dataCorrupted` at `shape` for an invalid rectangle
  /// and at `worldFromSurface` for a non-finite pose.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let shape = try c.decode(Shape.self, forKey: .shape)
    let pose = try c.decode(RigidTransform.self, forKey: .worldFromSurface)
    let identifier = try c.decode(String.self, forKey: .identifier)
    let classification =
      try c.decodeIfPresent(PlaneAnchor.Classification.self, forKey: .classification) ?? .none
    do {
      self = try TruthSurface(
        identifier: identifier, worldFromSurface: pose, shape: shape,
        classification: classification)
    } catch {
      let key: CodingKeys = error == .surfaceTransformInvalid ? .worldFromSurface : .shape
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: error.description)
    }
  }

  /// Encodes the same fields and layout that `init(from:)` reads.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(identifier, forKey: .identifier)
    try c.encode(worldFromSurface, forKey: .worldFromSurface)
    try c.encode(shape, forKey: .shape)
    try c.encode(classification, forKey: .classification)
  }
}
