import SpatialMath

/// Uses image-normalized coordinates as viewport-normalized ones: the app never applies
/// `frame.displayTransform(for:viewportSize:)`, which is right only in landscape with a view of
/// the image's aspect.
///
/// ```swift
/// let query = frame.raycastQuery(from: imagePoint, allowing: .estimatedPlane, alignment: .any)
/// ```
public struct DisplayTransformSkipped: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The image point as it is.
  public func viewportPoint(forImagePoint imagePoint: Point, in frame: SimulatedFrame) -> Point? {
    imagePoint
  }
}

extension PlacementMistake {
  /// ``DisplayTransformSkipped``: applies unless the display transform is the identity.
  public static let displayTransformSkipped = PlacementMistake(
    id: "display-transform-skipped", title: "display transform skipped",
    summary:
      "Image-normalized points are passed where viewport-normalized ones are expected: "
      + "displayTransform(for:viewportSize:) is never applied.",
    steps: DisplayTransformSkipped(),
    isApplicable: { frame in
      let viewport = frame.viewport
      return frame.displayTransform(
        for: viewport.interfaceOrientation, viewportSize: viewport.size)?.isIdentity == false
    })
}
