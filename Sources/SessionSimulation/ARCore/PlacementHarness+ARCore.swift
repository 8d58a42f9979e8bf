import SceneFormat

/// Android placement code under test: given each ARCore frame of a session in order, returns the
/// markers it shows in that frame (ids, labels, world positions, optionally states), as
/// ``MarkerPlacer`` does for ARKit frames.
public protocol ARCoreMarkerPlacer {
  /// The markers shown after `frame` (every state; `tentative` ones are not scored).
  mutating func markers(for frame: SimulatedARCoreFrame) -> [PlacedMarker]
}

extension PlacementHarness {
  /// Plays the rest of an ARCore session, gives each frame to `placer` and scores what it returns
  /// with the same metrics as ARKit placers. Which truth objects and markers count in a frame is
  /// decided in ARCore's view (the display geometry), as replay decides it. There is no
  /// diagnosis: the catalogue's mistakes are ARKit's and Vision's.
  ///
  /// - Throws: ``HarnessError`` (no truth, a duplicate marker id, a non-finite position), the
  ///   session's `InputFileError`s, and whatever `placer` throws.
  public func run(
    _ session: inout SimulatedARCoreSession,
    placer: (SimulatedARCoreFrame) throws -> [PlacedMarker]
  ) throws -> PlacementScore {
    // The ARKit-shaped run over the same frames, each handed over in its ARCore form (every frame
    // of an ARCore session carries one), without the diagnosis.
    var withoutDiagnosis = self
    withoutDiagnosis.diagnoses = false
    return try withoutDiagnosis.run(&session.session) { frame in try placer(frame.arcore!) }
  }
}

extension SimulatedARCoreSession {
  /// Plays the rest of the session through `placer` and scores the markers it shows (see
  /// ``PlacementHarness/run(_:placer:)-(SimulatedARCoreSession,_)``).
  ///
  /// - Throws: as that method.
  public mutating func run(
    _ harness: PlacementHarness = PlacementHarness(),
    _ placer: (SimulatedARCoreFrame) throws -> [PlacedMarker]
  ) throws -> PlacementScore {
    try harness.run(&self, placer: placer)
  }

  /// Plays the rest of the session through an ``ARCoreMarkerPlacer`` and scores its markers.
  ///
  /// - Throws: as ``PlacementHarness/run(_:placer:)-(SimulatedARCoreSession,_)``.
  public mutating func run<Placer: ARCoreMarkerPlacer>(
    _ placer: inout Placer, harness: PlacementHarness = PlacementHarness()
  ) throws -> PlacementScore {
    try harness.run(&self) { placer.markers(for: $0) }
  }
}
