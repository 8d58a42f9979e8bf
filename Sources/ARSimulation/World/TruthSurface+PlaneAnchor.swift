import SpatialMath

extension TruthSurface {
  /// A plane anchor as a surface (its pose and convex boundary polygon), so that what a frame
  /// knows about the world can stand in for the truth where the truth is unknown (optical flow
  /// and object tracking over a recording). `nil` only when the transform is not a rigid pose,
  /// which `PlaneAnchor`'s initializer already rules out.
  public init?(planeAnchor anchor: PlaneAnchor) {
    guard let pose = RigidTransform(anchor.transform, tolerance: PlaneAnchor.rigidityTolerance)
    else { return nil }
    self.init(
      identifier: anchor.identifier, worldFromSurface: pose,
      shape: .convexPolygon(boundary: anchor.boundary), classification: anchor.classification)
  }
}
