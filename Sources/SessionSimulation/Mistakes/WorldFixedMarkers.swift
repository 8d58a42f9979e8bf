/// Keeps markers as world positions instead of attaching them to anchors: the app stores where
/// each marker was placed (`node.simdWorldPosition = result.worldTransform.columns.3`, a world
/// point in its own list) and never adds an `ARAnchor`, so when tracking corrects its estimate of
/// the region (drift removed, a loop closed) the anchors move with the world and the markers are
/// left behind, at the place the drifted map had them. Placement itself is the correct one; the
/// difference shows once a correction moves the anchors, most while the markers are out of view.
///
/// ```swift
/// markers[id] = result.worldTransform.columns.3   // instead of session.add(anchor:)
/// ```
public struct WorldFixedMarkers: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// Markers stay world positions.
  public var attachesMarkersToAnchors: Bool { false }
}

extension PlacementMistake {
  /// ``WorldFixedMarkers``: applies to sessions whose tracking corrects itself (a recording
  /// with tracking corrections in its truth).
  public static let worldFixedMarkers = PlacementMistake(
    id: "world-fixed-markers", title: "markers kept as world positions",
    summary:
      "Markers are kept as world positions, not attached to anchors, so when tracking corrects "
      + "the map the anchors move with the world and the markers are left behind.",
    steps: WorldFixedMarkers(), isApplicable: { $0.trackingErrorTimeline != nil })
}
