import SpatialMath

@testable import ARSimulation

/// Builders shared by the world and raycast tests (pure functions, no shared state).
enum WorldFixtures {
  /// A square boundary of half size `half` metres, counter-clockwise seen from +y, or clockwise.
  static func square(half: Float, clockwise: Bool = false) -> PlaneBoundary {
    let ccw: [SIMD3<Float>] = [
      SIMD3(-half, 0, -half), SIMD3(-half, 0, half), SIMD3(half, 0, half), SIMD3(half, 0, -half),
    ]
    return try! PlaneBoundary(vertices: clockwise ? ccw.reversed() : ccw)
  }

  /// An anchor with pose `worldFromPlane`, a square boundary of half size `half` and a matching
  /// extent.
  static func anchor(
    _ identifier: String, worldFromPlane: RigidTransform, half: Float = 0.5,
    alignment: PlaneAnchor.Alignment = .horizontal, clockwise: Bool = false
  ) -> PlaneAnchor {
    try! PlaneAnchor(
      identifier: identifier, transform: worldFromPlane.matrix,
      extent: try! PlaneExtent(width: 2 * half, height: 2 * half),
      boundary: square(half: half, clockwise: clockwise), alignment: alignment)
  }

  /// A horizontal anchor at height `y` whose normal is +y (or -y when `facingDown`).
  static func floor(
    _ identifier: String, y: Float, x: Float = 0, z: Float = 0, half: Float = 0.5,
    facingDown: Bool = false
  ) -> PlaneAnchor {
    let rotation =
      facingDown ? Quaternion(angle: .degrees(180), axis: SIMD3(1, 0, 0)) : .identity
    return anchor(
      identifier, worldFromPlane: RigidTransform(rotation: rotation, translation: SIMD3(x, y, z)),
      half: half)
  }

  /// A vertical anchor in the plane z = `z`, normal +z (a rotation of +90° about +x takes local
  /// +y to world +z).
  static func wall(_ identifier: String, z: Float, half: Float = 0.5) -> PlaneAnchor {
    anchor(
      identifier,
      worldFromPlane: RigidTransform(
        rotation: Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0)),
        translation: SIMD3(0, 0, z)), half: half, alignment: .vertical)
  }

  /// The query from `origin` along `direction` (normalized by the query).
  static func query(
    _ origin: SIMD3<Float>, _ direction: SIMD3<Float>,
    _ target: RaycastQuery.Target = .existingPlaneGeometry,
    _ alignment: RaycastQuery.TargetAlignment = .any
  ) -> RaycastQuery {
    RaycastQuery(origin: origin, direction: direction, allowing: target, alignment: alignment)
  }
}
