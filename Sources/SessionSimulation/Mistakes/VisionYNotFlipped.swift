import ARSimulation
import SpatialMath

/// Reads Vision's `boundingBox` as if its origin were at the top left like UIKit's: the box's
/// lower-left-origin y is used as a top-left y, so everything is mirrored top to bottom in the
/// model's view.
///
/// ```swift
/// let rect = VNImageRectForNormalizedRect(observation.boundingBox, width, height)
/// // ... used as a UIKit rect without `y = height - rect.maxY`
/// ```
public struct VisionYNotFlipped: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The inverse of the request's geometry without the lower-left -> top-left flip (the Vision
  /// point's y is taken as top-left).
  public func imagePoint(
    forVisionPoint visionPoint: Point, request: VisionRequestSettings, in frame: SimulatedFrame
  ) -> Point? {
    guard
      let geometry = try? VisionGeometry(
        settings: request, imageResolution: frame.camera.imageResolution)
    else { return nil }
    // The geometry flips y on the way in; flipping first cancels it: no flip at all.
    return geometry.imageNormalizedPoint(
      forVisionPoint: Point(x: visionPoint.x, y: 1 - visionPoint.y))
  }
}

extension PlacementMistake {
  /// ``VisionYNotFlipped``: applies always.
  public static let visionYNotFlipped = PlacementMistake(
    id: "vision-y-not-flipped", title: "Vision y not flipped",
    summary:
      "Vision's boundingBox (lower-left origin) is used as if its origin were at the top left, "
      + "so boxes are mirrored top to bottom.",
    steps: VisionYNotFlipped())
}
