/// A plane anchor's classification (`ARPlaneAnchor.Classification`).
public enum RecordingPlaneClassification: String, Sendable, Hashable, Codable, CaseIterable {
  /// Not classified.
  case none
  /// A wall.
  case wall
  /// A floor.
  case floor
  /// A ceiling.
  case ceiling
  /// A table top.
  case table
  /// A seat.
  case seat
  /// A window.
  case window
  /// A door.
  case door
}
