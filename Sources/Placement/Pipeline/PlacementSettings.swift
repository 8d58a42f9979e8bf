import ARSimulation

/// How `PlacementPipeline` turns a detection into a world point.
public struct PlacementSettings: Sendable, Hashable {
  /// The point of the box to raycast through (the centre by default).
  public var anchorPoint: BoxAnchorPoint
  /// The raycasts to try, in order (default `PlacementAttempt.defaultOrder`); an empty list
  /// places nothing.
  public var attempts: [PlacementAttempt]
  /// Raycast options: the back-face policy (default cull), the parallel tolerance and the
  /// estimated-plane parameters and seed.
  public var raycastOptions: RaycastOptions
  /// Placement by scene depth, tried before the raycast attempts on frames that have depth, or
  /// `nil` (the default) for raycasts only. A depth placement reports its hit with target
  /// `estimatedPlane` (what ARKit reports for raycasts that reach LiDAR scene geometry), no
  /// anchor, and attempt index `attempts.count`.
  public var depth: DepthPlacement?

  /// Creates settings; arguments default to the values documented on the properties.
  public init(
    anchorPoint: BoxAnchorPoint = .center,
    attempts: [PlacementAttempt] = PlacementAttempt.defaultOrder,
    raycastOptions: RaycastOptions = .default, depth: DepthPlacement? = nil
  ) {
    self.anchorPoint = anchorPoint
    self.attempts = attempts
    self.raycastOptions = raycastOptions
    self.depth = depth
  }
}
