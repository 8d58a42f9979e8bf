extension RaycastQuery {
  /// The kinds of surface a raycast may stop at (ARKit's `ARRaycastQuery.Target`, same raw values).
  ///
  /// Encoded as the case name string (`"existingPlaneGeometry"`, ...; `CaseNameCodable`).
  public enum Target: Int, CaseNameCodable, Hashable {
    /// Plane anchors, hit inside their boundary polygon (ARKit raw value 0).
    case existingPlaneGeometry = 0
    /// Plane anchors extended to infinite planes (ARKit raw value 1).
    case existingPlaneInfinite = 1
    /// A plane fitted to the feature points around the ray (ARKit raw value 2).
    case estimatedPlane = 2

    /// Decodes the case from its name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// The case name, as encoded.
    public var name: String {
      switch self {
      case .existingPlaneGeometry: "existingPlaneGeometry"
      case .existingPlaneInfinite: "existingPlaneInfinite"
      case .estimatedPlane: "estimatedPlane"
      }
    }
  }

  /// The alignment with gravity a raycast target must have (ARKit's
  /// `ARRaycastQuery.TargetAlignment`, same raw values). In results, `any` marks a tilted
  /// estimated plane (neither horizontal nor vertical).
  ///
  /// Encoded as the case name string (`CaseNameCodable`).
  public enum TargetAlignment: Int, CaseNameCodable, Hashable {
    /// Normal along gravity (ARKit raw value 0).
    case horizontal = 0
    /// Normal perpendicular to gravity (ARKit raw value 1).
    case vertical = 1
    /// Any orientation, tilted included (ARKit raw value 2).
    case any = 2

    /// Decodes the case from its name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// The case name, as encoded.
    public var name: String {
      switch self {
      case .horizontal: "horizontal"
      case .vertical: "vertical"
      case .any: "any"
      }
    }

    /// Whether a query with this alignment accepts a surface of alignment `surface`: `any` accepts
    /// everything, otherwise the two must be equal.
    public func accepts(_ surface: TargetAlignment) -> Bool { self == .any || self == surface }

    /// The alignment of a plane anchor's label.
    public init(_ alignment: PlaneAnchor.Alignment) {
      switch alignment {
      case .horizontal: self = .horizontal
      case .vertical: self = .vertical
      }
    }
  }
}
