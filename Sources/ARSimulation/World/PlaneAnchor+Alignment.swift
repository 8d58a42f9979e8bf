extension PlaneAnchor {
  /// The orientation of a plane anchor with respect to gravity (ARKit's `ARPlaneAnchor.Alignment`).
  ///
  /// Encoded as the strings `"horizontal"` and `"vertical"` (DESIGN §7); any other string is a
  /// decoding error. The label is what the recording says: it is not checked against the anchor's
  /// normal, because recordings (and the raycast benchmark) carry tilted planes labelled `vertical`.
  public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// A plane perpendicular to gravity (floor, table, ceiling).
    case horizontal
    /// A plane parallel to gravity (wall, door, window).
    case vertical
  }

  /// What kind of real-world surface a plane anchor is (ARKit's `ARPlaneAnchor.Classification`).
  ///
  /// Encoded as the lower-camel-case case names (`"none"`, `"wall"`, ...); any other string is a
  /// decoding error.
  public enum Classification: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not classified (ARKit's `.none`).
    case none
    /// A wall (vertical).
    case wall
    /// A floor (horizontal, below the camera).
    case floor
    /// A ceiling (horizontal, above the camera).
    case ceiling
    /// A table top.
    case table
    /// A chair or bench seat.
    case seat
    /// A window.
    case window
    /// A door.
    case door
  }
}
