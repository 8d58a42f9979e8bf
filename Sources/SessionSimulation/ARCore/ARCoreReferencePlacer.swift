import Placement

/// The reference Android placer: each ML Kit object of a frame placed the way ARCore's samples
/// place content on a tap (``ARCorePlacement``: its box point mapped to the view, hit tested, the
/// first hit the samples keep: a plane hit inside its polygon seen from the front, a point with an
/// estimated surface normal, or a depth point under `DepthMode.AUTOMATIC`), then smoothed by the
/// package's tracker. The Android twin of ``StepPlacer/reference``; write your own placer against
/// ``ARCoreMarkerPlacer`` and compare.
///
/// ```swift
/// var session = try SimulatedARCoreSession(contentsOfFile: "Scenes/arcore-dashboard-portrait.json")
/// var placer = ARCoreReferencePlacer()
/// let score = try session.run(&placer)
/// ```
public struct ARCoreReferencePlacer: ARCoreMarkerPlacer {
  /// How objects become world points.
  public var placement: ARCorePlacement
  var tracker: MarkerTracker<AnyPositionFilter>

  /// A placer with `placement` (the samples' filter by default), smoothing with `tracker`
  /// (default configuration when `nil`).
  public init(
    placement: ARCorePlacement = ARCorePlacement(), tracker: MarkerTracker<AnyPositionFilter>? = nil
  ) {
    self.placement = placement
    self.tracker = tracker ?? .packageDefault
  }

  /// Places the frame's ML Kit objects and updates the tracker with the placed ones.
  public mutating func markers(for frame: SimulatedARCoreFrame) -> [PlacedMarker] {
    let measurements = placement.place(frame.mlKitObjects, in: frame.frame).compactMap(
      \.measurement)
    return tracker.update(measurements: measurements, timestampSeconds: frame.timestamp).map(
      PlacedMarker.init)
  }
}
