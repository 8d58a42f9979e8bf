/// Placement code under test: given each frame of a session in order, returns the markers it
/// shows in that frame (its own ids, labels, world positions and, optionally, states).
///
/// Closures work too (``SimulatedSession/run(_:_:)``); a type that conforms can be kept in a
/// catalogue, run beside others and reset by making a new one.
public protocol MarkerPlacer {
  /// The markers shown after `frame` (every state; `tentative` ones are not scored).
  mutating func markers(for frame: SimulatedFrame) -> [PlacedMarker]
}
