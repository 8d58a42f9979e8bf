import SpatialMath

/// A plane for the batched raycast kernels: a pose and a shape, independent of any anchor type.
///
/// Plane-local space follows ARKit's `ARPlaneAnchor`: `worldFromPlane` maps plane-local metres to
/// world metres; local +y is the plane normal (the front face), local x and z span the plane.
/// Shapes live in local xz, as `SIMD2<Float>(x, z)` in metres.
public struct BatchPlane: Sendable, Hashable, Codable {
  /// The region of the plane that counts as a hit. Borders are inclusive.
  public enum Shape: Sendable, Hashable, Codable {
    /// ARKit's extent rectangle: centred at `centerXZ` (local x, z), half extents along its own
    /// axes, which are local x and z turned by `rotationOnYAxis` about local +y (right-hand rule, so
    /// a positive angle turns +x towards -z).
    case rectangle(centerXZ: SIMD2<Float>, halfExtentsXZ: SIMD2<Float>, rotationOnYAxis: Angle)
    /// A convex boundary polygon in local (x, z), either winding, at least 3 vertices, the last
    /// vertex joined to the first. A hit must lie inside the polygon and inside its axis-aligned
    /// bounding box (the kernels test the box first; both tests are inclusive).
    case convexPolygon([SIMD2<Float>])
    /// The whole infinite plane.
    case infinite
  }

  /// Plane-local to world (rigid, metres).
  public let worldFromPlane: RigidTransform
  /// The hit region in plane-local xz.
  public let shape: Shape

  /// Creates a plane.
  ///
  /// - Throws: `BatchRaycastError.poseInvalid` for a non-finite or non-unit (off by more than
  ///   1e-3) pose; `.rectangleInvalid` for a rectangle whose centre or rotation is not finite or
  ///   whose half extents are not finite and positive; `.polygonNotConvex` for a polygon with fewer
  ///   than 3 vertices, a non-finite vertex, (near) zero area or a reflex corner.
  public init(worldFromPlane: RigidTransform, shape: Shape) throws(BatchRaycastError) {
    let q = worldFromPlane.rotation.vector
    guard worldFromPlane.translation.isFinite, q.x.isFinite, q.y.isFinite, q.z.isFinite,
      q.w.isFinite, abs(worldFromPlane.rotation.length - 1) <= 1e-3
    else { throw .poseInvalid }
    switch shape {
    case .rectangle(let center, let half, let rotation):
      guard center.x.isFinite, center.y.isFinite, half.x.isFinite, half.y.isFinite, half.x > 0,
        half.y > 0, rotation.radians.isFinite
      else { throw .rectangleInvalid }
    case .convexPolygon(let vertices):
      guard BatchPlane.isConvexPolygon(vertices) else { throw .polygonNotConvex }
    case .infinite:
      break
    }
    self.worldFromPlane = worldFromPlane
    self.shape = shape
  }

  /// Whether `vertices` (local x, z) form a convex polygon with positive area in either winding.
  static func isConvexPolygon(_ vertices: [SIMD2<Float>]) -> Bool {
    guard vertices.count >= 3, vertices.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
      return false
    }
    let area = signedDoubleArea(vertices)
    var scale: Double = 0
    for p in vertices { scale = max(scale, Double(abs(p.x)), Double(abs(p.y))) }
    guard abs(area) > 1e-12 * max(scale * scale, 1e-30) else { return false }
    let n = vertices.count
    for i in 0..<n {
      let a = SIMD2<Double>(vertices[i])
      let b = SIMD2<Double>(vertices[(i + 1) % n])
      let c = SIMD2<Double>(vertices[(i + 2) % n])
      let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
      if turn * area < -1e-12 * scale * scale { return false }
    }
    return true
  }

  /// Twice the signed area of a polygon in (x, z), positive when it turns from +x towards +z.
  static func signedDoubleArea(_ vertices: [SIMD2<Float>]) -> Double {
    var sum: Double = 0
    for i in vertices.indices {
      let a = vertices[i]
      let b = vertices[(i + 1) % vertices.count]
      sum += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
    }
    return sum
  }
}
