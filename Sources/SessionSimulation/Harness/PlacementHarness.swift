import SceneFormat

/// Runs placement code over a session and scores the markers it shows against the recording's
/// truth, with the replay metrics and, by default, a diagnosis of classic mistakes.
///
/// ```swift
/// var session = try SimulatedSession(contentsOfFile: "Scenes/dashboard-portrait.json")
/// let score = try session.run { frame in placer.markers(for: frame) }
/// #expect(try #require(score.mota) >= 0.8)
/// ```
public struct PlacementHarness: Sendable {
  /// The matching distance (metres), or `nil` for half the smallest spacing of the truth
  /// objects.
  public var matchThresholdMeters: Float?
  /// Whether to diagnose (re-place every frame with the correct placement and each catalogue
  /// mistake; about one extra placement pass per mistake).
  public var diagnoses: Bool
  /// The mistakes the diagnosis considers.
  public var mistakes: [PlacementMistake]

  /// Creates a harness; arguments default to the values documented on the properties.
  public init(
    matchThresholdMeters: Float? = nil, diagnoses: Bool = true,
    mistakes: [PlacementMistake] = PlacementMistake.catalogue
  ) {
    self.matchThresholdMeters = matchThresholdMeters
    self.diagnoses = diagnoses
    self.mistakes = mistakes
  }

  /// Plays the rest of `session`, gives each frame to `placer` and scores what it returns.
  ///
  /// - Throws: ``HarnessError`` (no truth, a duplicate marker id, a non-finite position), the
  ///   session's `InputFileError`s, and whatever `placer` throws.
  public func run(
    _ session: inout SimulatedSession, placer: (SimulatedFrame) throws -> [PlacedMarker]
  ) throws -> PlacementScore {
    try run(&session) { frame, _ in try placer(frame) }
  }

  /// Plays the rest of `session`, gives each frame to `placer` with the requests it may make to
  /// add and remove anchors (``AppAnchorRequests``, applied with the next frame) and scores
  /// what it returns.
  ///
  /// - Throws: as ``run(_:placer:)``.
  public func run(
    _ session: inout SimulatedSession,
    placer: (SimulatedFrame, inout AppAnchorRequests) throws -> [PlacedMarker]
  ) throws -> PlacementScore {
    guard let truth = session.truth, !truth.objects.isEmpty else {
      throw HarnessError.noTruth(file: session.file)
    }
    var scorer = PlacementScorer(
      truth: truth, matchThresholdMeters: matchThresholdMeters, file: session.file)
    var diagnoser = diagnoses ? PlacementDiagnoser(mistakes: mistakes) : nil
    while let frame = try session.nextFrame() {
      var requests = AppAnchorRequests()
      let markers = try placer(frame, &requests)
      if !requests.isEmpty { session.apply(requests) }
      try scorer.add(markers, in: frame)
      diagnoser?.add(markers, in: frame)
    }
    var score = scorer.score()
    score.diagnosis = diagnoser?.fits() ?? []
    return score
  }
}

extension SimulatedSession {
  /// Plays the rest of the session through `placer` and scores the markers it shows (see
  /// ``PlacementHarness``).
  ///
  /// - Throws: as ``PlacementHarness/run(_:placer:)``.
  public mutating func run(
    _ harness: PlacementHarness = PlacementHarness(),
    _ placer: (SimulatedFrame) throws -> [PlacedMarker]
  ) throws -> PlacementScore {
    try harness.run(&self, placer: placer)
  }

  /// Plays the rest of the session through `placer`, which may add and remove anchors while
  /// it runs (`requests.add(anchor:)`, applied with the next frame), and scores its markers.
  ///
  /// - Throws: as ``PlacementHarness/run(_:placer:)``.
  public mutating func run(
    _ harness: PlacementHarness = PlacementHarness(),
    _ placer: (SimulatedFrame, inout AppAnchorRequests) throws -> [PlacedMarker]
  ) throws -> PlacementScore {
    try harness.run(&self, placer: placer)
  }

  /// Plays the rest of the session through a ``MarkerPlacer`` and scores its markers.
  ///
  /// - Throws: as ``PlacementHarness/run(_:placer:)``.
  public mutating func run<Placer: MarkerPlacer>(
    _ placer: inout Placer, harness: PlacementHarness = PlacementHarness()
  ) throws -> PlacementScore {
    try harness.run(&self) { frame, requests in placer.markers(for: frame, anchors: &requests) }
  }
}
