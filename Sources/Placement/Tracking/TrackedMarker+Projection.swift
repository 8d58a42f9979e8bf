import SpatialMath

extension TrackedMarker {
  /// The marker's point on screen: `position` (world, metres) projected by `projectWorldPoint`,
  /// typically the frame camera's world -> viewport projection (viewport points, top-left origin).
  /// `nil` when the projection returns `nil` (behind the camera, outside the near plane) or a
  /// non-finite point. This is the seam where the camera model plugs in; Placement does not
  /// depend on how the projection is made.
  public func viewportPoint(using projectWorldPoint: (SIMD3<Float>) -> Point?) -> Point? {
    guard let point = projectWorldPoint(position), point.isFinite else { return nil }
    return point
  }
}
