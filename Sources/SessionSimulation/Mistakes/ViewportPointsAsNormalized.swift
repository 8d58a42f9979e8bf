import SpatialMath

/// Passes a point in viewport **points** (e.g. a tap location or a box drawn in the view) to
/// `raycastQuery(from:allowing:alignment:)`, which takes **normalized** viewport coordinates:
/// the ray looks far outside the view.
///
/// ```swift
/// let onScreen = CGPoint(x: p.x * view.bounds.width, y: p.y * view.bounds.height)
/// let query = frame.raycastQuery(from: onScreen, allowing: .estimatedPlane, alignment: .any)
/// ```
public struct ViewportPointsAsNormalized: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The viewport point in points (normalized times the viewport size).
  public func viewportPoint(forImagePoint imagePoint: Point, in frame: SimulatedFrame) -> Point? {
    let viewport = frame.viewport
    guard
      let display = frame.displayTransform(
        for: viewport.interfaceOrientation, viewportSize: viewport.size)
    else { return nil }
    return viewport.points(forNormalized: imagePoint.applying(display))
  }
}

extension PlacementMistake {
  /// ``ViewportPointsAsNormalized``: applies always.
  public static let viewportPointsAsNormalized = PlacementMistake(
    id: "viewport-points-as-normalized", title: "viewport points passed as normalized",
    summary:
      "A point in view points is passed to raycastQuery(from:allowing:alignment:), which takes "
      + "normalized viewport coordinates (0...1).",
    steps: ViewportPointsAsNormalized())
}
