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

  /// Creates settings; arguments default to the values documented on the properties.
  public init(
    anchorPoint: BoxAnchorPoint = .center,
    attempts: [PlacementAttempt] = PlacementAttempt.defaultOrder,
    raycastOptions: RaycastOptions = .default
  ) {
    self.anchorPoint = anchorPoint
    self.attempts = attempts
    self.raycastOptions = raycastOptions
  }
}
