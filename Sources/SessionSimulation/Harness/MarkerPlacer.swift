/// Placement code under test: given each frame of a session in order, returns the markers it
/// shows in that frame (its own ids, labels, world positions and, optionally, states).
///
/// Closures work too (``SimulatedSession/run(_:_:)``); a type that conforms can be kept in a
/// catalogue, run beside others and reset by making a new one.
public protocol MarkerPlacer {
  /// The markers shown after `frame` (every state; `tentative` ones are not scored).
  mutating func markers(for frame: SimulatedFrame) -> [PlacedMarker]
  /// The markers shown after `frame`, with the anchors the placer adds or removes; defaults to
  /// ``markers(for:)``.
  mutating func markers(for frame: SimulatedFrame, anchors: inout AppAnchorRequests)
    -> [PlacedMarker]
}

extension MarkerPlacer {
  /// The markers shown after `frame`, with the anchors the placer adds or removes
  /// (``AppAnchorRequests``, applied with the next frame). The default calls
  /// ``markers(for:)`` and adds none; a placer that attaches its markers to anchors implements
  /// this one.
  public mutating func markers(for frame: SimulatedFrame, anchors: inout AppAnchorRequests)
    -> [PlacedMarker]
  {
    markers(for: frame)
  }
}
