import SceneFormat

/// Android placement code under test: given each ARCore frame of a session in order, returns the
/// markers it shows in that frame (ids, labels, world positions, optionally states), as
/// ``MarkerPlacer`` does for ARKit frames.
public protocol ARCoreMarkerPlacer {
  /// The markers shown after `frame` (every state; `tentative` ones are not scored).
  mutating func markers(for frame: SimulatedARCoreFrame) -> [PlacedMarker]
  /// The markers shown after `frame`, with the anchors the placer creates or detaches; defaults
  /// to ``markers(for:)``.
  mutating func markers(for frame: SimulatedARCoreFrame, anchors: inout ARCoreAnchorRequests)
    -> [PlacedMarker]
}

extension ARCoreMarkerPlacer {
  /// The markers shown after `frame`, with the anchors the placer creates or detaches
  /// (``ARCoreAnchorRequests``, reported from the next frame). The default calls
  /// ``markers(for:)`` and creates none; a placer that attaches its markers to anchors
  /// implements this one.
  public mutating func markers(
    for frame: SimulatedARCoreFrame, anchors: inout ARCoreAnchorRequests
  ) -> [PlacedMarker] {
    markers(for: frame)
  }
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
    try run(&session) { frame, _ in try placer(frame) }
  }

  /// Plays the rest of an ARCore session, gives each frame to `placer` with the requests it may
  /// make to create and detach anchors (``ARCoreAnchorRequests``, reported from the next frame)
  /// and scores what it returns.
  ///
  /// - Throws: as ``run(_:placer:)-(SimulatedARCoreSession,_)``.
  public func run(
    _ session: inout SimulatedARCoreSession,
    placer: (SimulatedARCoreFrame, inout ARCoreAnchorRequests) throws -> [PlacedMarker]
  ) throws -> PlacementScore {
    // The ARKit-shaped run over the same frames, each handed over in its ARCore form (every frame
    // of an ARCore session carries one), without the diagnosis.
    var withoutDiagnosis = self
    withoutDiagnosis.diagnoses = false
    return try withoutDiagnosis.run(&session.session) { frame, requests in
      var own = ARCoreAnchorRequests()
      let markers = try placer(frame.arcore!, &own)
      requests = own.appAnchorRequests
      return markers
    }
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
    try harness.run(&self) { frame, requests in placer.markers(for: frame, anchors: &requests) }
  }
}
