/// An infinite plane `{ p : normal · p == distanceFromOrigin }` with a unit `normal`.
///
/// The normal's side is the front: `signedDistance(to:)` is positive there.
public struct Plane: Sendable, Hashable {
  /// The unit normal, pointing to the front side.
  public private(set) var normal: SIMD3<Float>
  /// The signed distance from the origin to the plane along `normal`.
  public private(set) var distanceFromOrigin: Float

  /// The plane through `point` with the given normal (normalized here).
  ///
  /// - Throws: `GeometryError.notFinite` when the point or normal is not finite, `.zeroVector`
  ///   when the normal is zero or shorter than 1e-20.
  public init(point: SIMD3<Float>, normal: SIMD3<Float>) throws(GeometryError) {
    guard point.isFinite else { throw .notFinite(name: "plane point") }
    guard normal.isFinite else { throw .notFinite(name: "plane normal") }
    guard let n = normal.normalized() else { throw .zeroVector(name: "plane normal") }
    self.init(unchecked: n, distanceFromOrigin: n.dot(point))
  }

  /// A plane from a unit normal and its distance from the origin, without checking (hot paths).
  public init(unchecked unitNormal: SIMD3<Float>, distanceFromOrigin: Float) {
    assert(abs(unitNormal.length - 1) < 1e-3, "Plane normal must be unit length")
    self.normal = unitNormal
    self.distanceFromOrigin = distanceFromOrigin
  }

  /// The plane through three points, with the normal `(b - a) × (c - a)` (counter-clockwise
  /// winding seen from the front).
  ///
  /// - Throws: `GeometryError.notFinite` when a point is not finite; `.collinearPoints` when two
  ///   coincide or all three are collinear: when `|(b - a) × (c - a)| <= 1e-6 * |b - a| * |c - a|`,
  ///   that is, the angle at `a` is within about 1e-6 radians of 0 or π (`Float` rounding cannot
  ///   resolve a plane there).
  public init(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>) throws(GeometryError) {
    guard a.isFinite, b.isFinite, c.isFinite else { throw .notFinite(name: "plane point") }
    let ab = b - a
    let ac = c - a
    let n = ab.cross(ac)
    // Compare in Double so that the product of the lengths cannot overflow or underflow.
    let sine = Double(n.length) / (Double(ab.length) * Double(ac.length))
    guard sine.isFinite, sine > 1e-6 else { throw .collinearPoints }
    do {
      try self.init(point: a, normal: n)
    } catch {
      throw .collinearPoints
    }
  }

  /// The point of the plane nearest the origin.
  public var pointNearestOrigin: SIMD3<Float> { normal * distanceFromOrigin }

  /// Signed distance from `point` to the plane: positive on the front (normal) side.
  @inlinable
  public func signedDistance(to point: SIMD3<Float>) -> Float {
    normal.dot(point) - distanceFromOrigin
  }

  /// The distance `t` along `ray` at which it meets the plane, or `nil` when the ray is parallel to
  /// the plane (`|direction · normal| <= parallelEpsilon`), the hit lies behind the origin
  /// (`t <= 0`), or, with `cullBackFaces`, the ray comes from behind (`direction · normal > 0`).
  public func intersectionDistance(
    with ray: Ray, cullBackFaces: Bool = false, parallelEpsilon: Float = 1e-6
  ) -> Float? {
    let denominator = ray.direction.dot(normal)
    guard abs(denominator) > parallelEpsilon, !(cullBackFaces && denominator > 0) else {
      return nil
    }
    let t = (distanceFromOrigin - normal.dot(ray.origin)) / denominator
    guard t > 0, t.isFinite else { return nil }
    return t
  }

  /// The point where `ray` meets the plane; `nil` in the cases `intersectionDistance` documents.
  public func intersection(
    with ray: Ray, cullBackFaces: Bool = false, parallelEpsilon: Float = 1e-6
  ) -> SIMD3<Float>? {
    intersectionDistance(with: ray, cullBackFaces: cullBackFaces, parallelEpsilon: parallelEpsilon)
      .map(ray.point(at:))
  }

  /// The orthogonal projection of `point` onto the plane.
  public func projection(of point: SIMD3<Float>) -> SIMD3<Float> {
    point - signedDistance(to: point) * normal
  }
}

extension Plane: Codable {
  private enum CodingKeys: String, CodingKey { case normal, distanceFromOrigin }

  /// Decodes `{"normal": [x, y, z], "distanceFromOrigin": d}`, normalizing the normal (and scaling
  /// `d` with it); throws when the normal is zero or anything is not finite.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let normal = try c.decode(SIMD3<Float>.self, forKey: .normal)
    let d = try c.decode(Float.self, forKey: .distanceFromOrigin)
    guard d.isFinite, let unit = normal.normalized() else {
      throw DecodingError.dataCorruptedError(
        forKey: .normal, in: c, debugDescription: "a plane needs a finite non-zero normal")
    }
    self.normal = unit
    // |normal| as `normal · unit`, which cannot overflow the way `normal.length` can.
    self.distanceFromOrigin = d / normal.dot(unit)
  }

  /// Encodes `{"normal": [x, y, z], "distanceFromOrigin": d}` with the unit normal.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(normal, forKey: .normal)
    try c.encode(distanceFromOrigin, forKey: .distanceFromOrigin)
  }
}
