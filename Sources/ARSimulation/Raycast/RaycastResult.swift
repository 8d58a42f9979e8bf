import SpatialMath

/// One raycast hit (ARKit's `ARRaycastResult`), in world space, metres.
///
/// `worldTransform` places a marker at the hit: its translation (`columns.3`) is the hit point;
/// its +y axis (`columns.1`) is the surface's unit normal turned to face the ray origin (so that
/// `direction · y < 0`); its +x axis is perpendicular to the ray and parallel to the surface
/// (`normalize(direction × y)`); its +z axis is `x × y`, in the surface and pointing back towards
/// the ray origin (ARCore's documented rule; ARKit's is undocumented). When the ray runs along the
/// normal (`|direction × y| < 1e-4`) x is world +x projected onto the surface, or world -z
/// projected when the normal is within about 25° of the x axis (`|y.x| >= 0.9`).
public struct RaycastResult: Sendable, Hashable {
  /// The hit pose (see the type's documentation), column-major.
  public let worldTransform: Matrix4x4
  /// The kind of surface hit: the query's target.
  public let target: RaycastQuery.Target
  /// The surface's alignment: the anchor's label for existing planes, from the fitted normal for
  /// estimated planes (`any` when tilted).
  public let targetAlignment: RaycastQuery.TargetAlignment
  /// The identifier of the plane anchor hit, or `nil` for an estimated plane.
  public let anchorIdentifier: String?
  /// The distance from the query's origin to the hit along the unit direction, metres (> 0).
  public let distance: Float

  /// Creates a result.
  public init(
    worldTransform: Matrix4x4, target: RaycastQuery.Target,
    targetAlignment: RaycastQuery.TargetAlignment, anchorIdentifier: String?, distance: Float
  ) {
    self.worldTransform = worldTransform
    self.target = target
    self.targetAlignment = targetAlignment
    self.anchorIdentifier = anchorIdentifier
    self.distance = distance
  }

  /// The hit point in world space (metres).
  @inlinable public var worldPosition: SIMD3<Float> { worldTransform.columns.3.xyz }

  /// The unit surface normal facing the ray origin (the transform's +y).
  @inlinable public var worldNormal: SIMD3<Float> { worldTransform.columns.1.xyz }

  /// The hit pose for a hit at `hitPoint` on a surface with normal `surfaceNormal` (either side,
  /// need not be unit) met by a ray along `rayDirection` (need not be unit): the rule in the type's
  /// documentation. `nil` when the normal or the direction is zero or not finite.
  public static func hitTransform(
    hitPoint: SIMD3<Float>, surfaceNormal: SIMD3<Float>, rayDirection: SIMD3<Float>
  ) -> Matrix4x4? {
    guard hitPoint.isFinite, var y = surfaceNormal.normalized(),
      let d = rayDirection.normalized()
    else { return nil }
    if d.dot(y) > 0 { y = -y }
    let x: SIMD3<Float>
    let crossed = d.cross(y)
    if crossed.length >= 1e-4, let unit = crossed.normalized() {
      x = unit
    } else {
      // The ray runs along the normal: any in-plane x is perpendicular to it. Project world +x,
      // or world -z when the surface faces along x; the projection is then at least 0.43 long.
      let reference: SIMD3<Float> = abs(y.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 0, -1)
      let projected = reference - reference.dot(y) * y
      x = projected / projected.length
    }
    let z = x.cross(y)
    return Matrix4x4(rotation: Matrix3x3(x, y, z), translation: hitPoint)
  }

  /// Orders results nearest first, ties broken by anchor identifier (estimated planes, without
  /// one, after anchors), then by target raw value.
  @inlinable
  public static func isOrderedBefore(_ a: RaycastResult, _ b: RaycastResult) -> Bool {
    if a.distance != b.distance { return a.distance < b.distance }
    switch (a.anchorIdentifier, b.anchorIdentifier) {
    case (let l?, let r?) where l != r: return l < r
    case (.some, nil): return true
    case (nil, .some): return false
    default: return a.target.rawValue < b.target.rawValue
    }
  }
}
