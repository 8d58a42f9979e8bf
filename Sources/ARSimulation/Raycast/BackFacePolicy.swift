/// What a raycast does when it meets a plane anchor from behind, that is travelling along the
/// anchor's normal (`direction · normal > 0`).
///
/// ARCore documents that it culls back faces; ARKit does not say. The default is `cull`. Encoded
/// by case name (`CaseNameCodable`).
public enum BackFacePolicy: CaseNameCodable, Hashable {
  /// Back-facing planes give no hit (default).
  case cull
  /// Back-facing planes are hit like front-facing ones; the hit's +y still points towards the ray
  /// origin (see `RaycastResult.worldTransform`).
  case include

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The name used in JSON and on the command line.
  public var name: String {
    switch self {
    case .cull: "cull"
    case .include: "include"
    }
  }
}
