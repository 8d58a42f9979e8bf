import SpatialMath

/// A raycast request in world space (ARKit's `ARRaycastQuery`): a ray from `origin` along
/// `direction`, the kinds of surface it may stop at and their required alignment.
///
/// The query keeps whatever direction it is given (normalized when possible), like ARKit, which
/// does not validate either: a zero, infinite or NaN direction or origin makes `ray` `nil`, and
/// such a query hits nothing. It never traps.
public struct RaycastQuery: Sendable, Hashable, Codable {
  /// The ray's start in world space (metres), usually the camera's optical centre.
  public let origin: SIMD3<Float>
  /// The ray's direction in world space: unit length when `ray` is not `nil`, else as given.
  public let direction: SIMD3<Float>
  /// The kinds of surface the ray may stop at.
  public let target: Target
  /// The alignment a surface must have.
  public let targetAlignment: TargetAlignment

  /// Creates a query, normalizing `direction` when it is finite and non-zero.
  public init(
    origin: SIMD3<Float>, direction: SIMD3<Float>, allowing target: Target,
    alignment: TargetAlignment
  ) {
    self.origin = origin
    self.direction = direction.normalized() ?? direction
    self.target = target
    self.targetAlignment = alignment
  }

  /// Creates a query along `ray`.
  public init(ray: Ray, allowing target: Target, alignment: TargetAlignment) {
    self.init(origin: ray.origin, direction: ray.direction, allowing: target, alignment: alignment)
  }

  /// The ray, or `nil` when the origin is not finite or the direction is zero or not finite.
  public var ray: Ray? { try? Ray(origin: origin, direction: direction) }

  private enum CodingKeys: String, CodingKey { case origin, direction, target, targetAlignment }

  /// Decodes `{"origin", "direction", "target", "targetAlignment"}` (vectors as [x, y, z], enums by
  /// case name), normalizing the direction like `init(origin:direction:allowing:alignment:)`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      origin: try c.decode(SIMD3<Float>.self, forKey: .origin),
      direction: try c.decode(SIMD3<Float>.self, forKey: .direction),
      allowing: try c.decode(Target.self, forKey: .target),
      alignment: try c.decode(TargetAlignment.self, forKey: .targetAlignment))
  }

  /// Encodes the fields that `init(from:)` reads.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(origin, forKey: .origin)
    try c.encode(direction, forKey: .direction)
    try c.encode(target, forKey: .target)
    try c.encode(targetAlignment, forKey: .targetAlignment)
  }
}
