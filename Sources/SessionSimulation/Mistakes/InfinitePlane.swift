import ARSimulation
import SpatialMath

/// Raycasts against plane anchors extended to infinite planes (`.existingPlaneInfinite`) where
/// their geometry was meant (`.existingPlaneGeometry`): a ray can stop on the extension of a
/// nearer plane (the top of the dashboard, a shelf, the floor beyond a wall).
///
/// ```swift
/// let query = frame.raycastQuery(from: point, allowing: .existingPlaneInfinite, alignment: .any)
/// ```
public struct InfinitePlane: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// Infinite planes, then an estimated plane.
  public func raycastQueries(through viewportPoint: Point, in frame: SimulatedFrame)
    -> [RaycastQuery]
  {
    [RaycastQuery.Target.existingPlaneInfinite, .estimatedPlane].compactMap {
      frame.raycastQuery(from: viewportPoint, allowing: $0, alignment: .any)
    }
  }
}

extension PlacementMistake {
  /// ``InfinitePlane``: applies when the frame has plane anchors.
  public static let infinitePlane = PlacementMistake(
    id: "infinite-plane", title: "infinite plane instead of the plane's geometry",
    summary:
      "Rays are cast against anchors extended to infinite planes (.existingPlaneInfinite) "
      + "where their geometry was meant, so a ray can stop on the extension of a nearer plane.",
    steps: InfinitePlane(),
    isApplicable: { frame in !frame.anchors.isEmpty })
}
