import SpatialMath

extension TruthSurface {
  /// A plane anchor as a surface (its pose and convex boundary polygon), so that what a frame
  /// knows about the world can stand in for the truth where the truth is unknown (optical flow
  /// and object tracking over a recording).
  ///
  /// - Throws: `GeometryError` or `WorldError` only when the anchor's transform is not a rigid
  ///   pose, which `PlaneAnchor`'s initializer already rules out.
  public init(planeAnchor anchor: PlaneAnchor) throws {
    try self.init(
      identifier: anchor.identifier,
      worldFromSurface: RigidTransform(anchor.transform, tolerance: PlaneAnchor.rigidityTolerance),
      shape: .convexPolygon(boundary: anchor.boundary), classification: anchor.classification)
  }
}
