import ARSimulation

/// One raycast a placement tries: the surfaces it may stop at and their alignment (the
/// arguments of ARKit's `raycastQuery(from:allowing:alignment:)`). Attempts run in order; the
/// first with a hit wins.
public struct PlacementAttempt: Sendable, Hashable, Codable {
  /// The kinds of surface the ray may stop at.
  public var target: RaycastQuery.Target
  /// The alignment the surface must have.
  public var alignment: RaycastQuery.TargetAlignment

  /// Creates an attempt.
  public init(target: RaycastQuery.Target, alignment: RaycastQuery.TargetAlignment) {
    self.target = target
    self.alignment = alignment
  }

  /// The default order: existing plane geometry of any alignment, then an estimated plane of any
  /// alignment (dashboards are tilted).
  public static let defaultOrder = [
    PlacementAttempt(target: .existingPlaneGeometry, alignment: .any),
    PlacementAttempt(target: .estimatedPlane, alignment: .any),
  ]
}
