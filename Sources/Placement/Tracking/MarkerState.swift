/// The lifecycle state of a tracked marker.
///
/// `tentative` (fewer than the confirmation count of consecutive hits; dropped on its first miss)
/// -> `confirmed` (hit in the latest detector frame) <-> `coasting` (missed since its last hit, kept
/// for at most the maximum coast time, position frozen) -> removed (no longer reported).
public enum MarkerState: String, Sendable, Hashable, Codable, CaseIterable {
  /// Newly seen; not yet shown to the user.
  case tentative
  /// Established and measured in the latest detector frame.
  case confirmed
  /// Established but not measured recently; its position does not move.
  case coasting

  /// Whether a user interface should draw the marker (confirmed or coasting).
  public var isShown: Bool { self != .tentative }
}
