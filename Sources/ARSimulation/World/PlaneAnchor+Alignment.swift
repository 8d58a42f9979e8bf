extension PlaneAnchor {
  /// The orientation of a plane anchor with respect to gravity (ARKit's `ARPlaneAnchor.Alignment`).
  ///
  /// Encoded as the strings `"horizontal"` and `"vertical"` (`CaseNameCodable`; the recording
  /// format's `alignment`); any
  /// other string is a decoding error that lists the valid names. The label is what the recording says: it is not checked against the anchor's
  /// normal, because recordings (and the raycast benchmark) carry tilted planes labelled `vertical`.
  public enum Alignment: CaseNameCodable, Hashable {
    /// A plane perpendicular to gravity (floor, table, ceiling).
    case horizontal
    /// A plane parallel to gravity (wall, door, window).
    case vertical

    /// Decodes the case from its name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// The name used in JSON.
    public var name: String {
      switch self {
      case .horizontal: "horizontal"
      case .vertical: "vertical"
      }
    }
  }

  /// What kind of real-world surface a plane anchor is (ARKit's `ARPlaneAnchor.Classification`).
  ///
  /// Encoded as the case names (`"none"`, `"wall"`, ...; `CaseNameCodable`); any other string is
  /// a decoding error that lists the valid names.
  public enum Classification: CaseNameCodable, Hashable {
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

    /// Decodes the case from its name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// The name used in JSON.
    public var name: String {
      switch self {
      case .none: "none"
      case .wall: "wall"
      case .floor: "floor"
      case .ceiling: "ceiling"
      case .table: "table"
      case .seat: "seat"
      case .window: "window"
      case .door: "door"
      }
    }
  }
}
