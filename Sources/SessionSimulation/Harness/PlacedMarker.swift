import Placement

/// A marker a placer shows in one frame: what the harness scores.
public struct PlacedMarker: Sendable, Hashable {
  /// The marker's identity, stable while it tracks the same object.
  public var id: MarkerID
  /// The detector label it stands for; it matches truth objects of this label only.
  public var label: String
  /// Its world position, metres.
  public var position: SIMD3<Float>
  /// Its state: `tentative` markers are not shown and not scored; `confirmed` and `coasting`
  /// ones are (default `confirmed`).
  public var state: MarkerState

  /// Creates a marker.
  public init(
    id: MarkerID, label: String, position: SIMD3<Float>, state: MarkerState = .confirmed
  ) {
    self.id = id
    self.label = label
    self.position = position
    self.state = state
  }

  /// A marker of the package's tracker (`MarkerTracker`), with its integer id and state.
  public init(_ marker: TrackedMarker) {
    self.init(
      id: .number(marker.id), label: marker.label, position: marker.position, state: marker.state)
  }
}
