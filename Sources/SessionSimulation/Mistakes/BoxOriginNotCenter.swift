import Placement
import SpatialMath

/// Places the box's `origin` (its lower-left corner in Vision's coordinates, a corner of the
/// object on screen) instead of its centre.
///
/// ```swift
/// let point = observation.boundingBox.origin
/// ```
public struct BoxOriginNotCenter: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The box origin.
  public func visionPoint(of observation: Detection, in frame: SimulatedFrame) -> Point {
    observation.boundingBox.origin
  }
}

extension PlacementMistake {
  /// ``BoxOriginNotCenter``: applies always.
  public static let boxOriginNotCenter = PlacementMistake(
    id: "box-origin", title: "box origin instead of its centre",
    summary:
      "The box's origin (a corner) is placed instead of its centre (boundingBox.origin rather "
      + "than midX, midY).",
    steps: BoxOriginNotCenter())
}
