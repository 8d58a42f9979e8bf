/// A half-line `origin + t * direction` for `t >= 0`, with a unit `direction`. Units are those of
/// the space it lives in (metres in world space), so `t` is a distance.
public struct Ray: Sendable, Hashable {
  /// The start point.
  public var origin: SIMD3<Float>
  /// The unit direction.
  public var direction: SIMD3<Float> { _direction }
  @usableFromInline internal var _direction: SIMD3<Float>

  /// Creates a ray, normalizing `direction`.
  ///
  /// - Throws: `GeometryError.notFinite` when the origin or direction is not finite,
  ///   `.zeroVector` when the direction is zero or shorter than 1e-20.
  public init(origin: SIMD3<Float>, direction: SIMD3<Float>) throws(GeometryError) {
    guard origin.isFinite else { throw .notFinite(name: "ray origin") }
    guard direction.isFinite else { throw .notFinite(name: "ray direction") }
    guard let unit = direction.normalized() else { throw .zeroVector(name: "ray direction") }
    self.origin = origin
    self._direction = unit
  }

  /// Creates a ray from an already unit-length direction without checking it (hot paths).
  @inlinable
  public init(unchecked origin: SIMD3<Float>, direction: SIMD3<Float>) {
    assert(abs(direction.length - 1) < 1e-3, "Ray direction must be unit length")
    self.origin = origin
    self._direction = direction
  }

  /// The point at distance `t` along the ray.
  @inlinable
  public func point(at t: Float) -> SIMD3<Float> { origin + t * direction }

  /// This ray mapped by a rigid transform (for example from camera to world space).
  public func transformed(by transform: RigidTransform) -> Ray {
    Ray(
      unchecked: transform.transformPoint(origin),
      direction: transform.transformDirection(direction))
  }
}

extension Ray: Codable {
  private enum CodingKeys: String, CodingKey { case origin, direction }

  /// Decodes `{"origin": [x, y, z], "direction": [x, y, z]}`, normalizing the direction; throws
  /// `DecodingError.dataCorrupted` at the offending key when the origin is not finite or the
  /// direction is zero or not finite.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let origin = try c.decode(SIMD3<Float>.self, forKey: .origin)
    let direction = try c.decode(SIMD3<Float>.self, forKey: .direction)
    do {
      self = try Ray(origin: origin, direction: direction)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: origin.isFinite ? .direction : .origin, in: c,
        debugDescription: error.description)
    }
  }

  /// Encodes `{"origin": [x, y, z], "direction": [x, y, z]}` with the unit direction.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(origin, forKey: .origin)
    try c.encode(direction, forKey: .direction)
  }
}
