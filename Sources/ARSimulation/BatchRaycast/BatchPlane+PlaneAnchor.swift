import SpatialMath

extension BatchPlane {
  /// Which part of a plane anchor counts as a hit in a batch, matching the raycast targets.
  public enum AnchorRegion: String, Sendable, Hashable, CaseIterable {
    /// Inside the boundary polygon (`existingPlaneGeometry`, legacy `existingPlaneUsingGeometry`).
    case boundary
    /// Inside the rotated extent rectangle (legacy `existingPlaneUsingExtent`).
    case extent
    /// Anywhere on the infinite plane (`existingPlaneInfinite`).
    case infinite
  }

  /// The batch plane of an anchor: the anchor's pose (worldFromPlane, rigid by construction) and
  /// the chosen region in plane-local xz.
  ///
  /// - Throws: `BatchRaycastError` only if the anchor's shape is degenerate for the kernels
  ///   (`.polygonNotConvex`: a boundary with a reflex corner after `Float` rounding).
  public init(_ anchor: PlaneAnchor, region: AnchorRegion) throws(BatchRaycastError) {
    guard let pose = try? RigidTransform(anchor.transform) else {
      throw .anchorTransformNotRigid
    }
    let shape: Shape
    switch region {
    case .boundary:
      shape = .convexPolygon(anchor.boundary.vertices.map { SIMD2($0.x, $0.z) })
    case .extent:
      shape = .rectangle(
        centerXZ: SIMD2(anchor.center.x, anchor.center.z),
        halfExtentsXZ: SIMD2(anchor.extent.width / 2, anchor.extent.height / 2),
        rotationOnYAxis: anchor.extent.rotationOnYAxis)
    case .infinite:
      shape = .infinite
    }
    try self.init(worldFromPlane: pose, shape: shape)
  }
}
