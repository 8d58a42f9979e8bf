import SpatialMath

extension Raycaster {
  /// The legacy hit test (ARKit's deprecated `ARFrame.hitTest(_:types:)`) along a world ray:
  /// every hit of every requested type, nearest first, ties by anchor identifier then type bit.
  ///
  /// - `existingPlane`, `existingPlaneUsingExtent`, `existingPlaneUsingGeometry`: each plane anchor
  ///   as an infinite plane, inside `extent` (rotated, about `center`), inside `boundary`; the
  ///   parallel and back-face rules of `raycast(_:in:)` apply, alignment labels do not.
  /// - `estimatedHorizontalPlane` / `estimatedVerticalPlane`: the estimated plane when its fitted
  ///   alignment is horizontal / vertical.
  /// - `featurePoint`: the point of the search cone (`EstimatedPlaneParameters`) nearest the ray,
  ///   reported at its projection onto the ray (so the hit lies on the ray).
  public func hitTest(
    _ ray: Ray, types: HitTestResult.ResultType, in world: FrameWorld
  ) -> [HitTestResult] {
    var results: [HitTestResult] = []
    let planeTypes: [HitTestResult.ResultType] = [
      .existingPlane, .existingPlaneUsingExtent, .existingPlaneUsingGeometry,
    ]
    for anchor in world.planeAnchors
    where !types.isDisjoint(with: HitTestResult.ResultType(planeTypes)) {
      guard let (t, point) = intersect(ray, anchor),
        let pose = RaycastResult.hitTransform(
          hitPoint: point, surfaceNormal: anchor.worldNormal, rayDirection: ray.direction)
      else { continue }
      let local = anchor.localPoint(fromWorld: point)
      for type in planeTypes where types.contains(type) {
        if type == .existingPlaneUsingExtent,
          !anchor.extent.contains(localPoint: local, center: anchor.center)
        {
          continue
        }
        if type == .existingPlaneUsingGeometry, !anchor.boundary.contains(localPoint: local) {
          continue
        }
        results.append(
          HitTestResult(
            type: type, distance: t, worldTransform: pose, anchorIdentifier: anchor.identifier))
      }
    }
    if !types.isDisjoint(with: [.estimatedHorizontalPlane, .estimatedVerticalPlane]) {
      let query = RaycastQuery(ray: ray, allowing: .estimatedPlane, alignment: .any)
      if let hit = estimatedPlaneHit(ray, in: world.featurePoints, seed: seed(for: query)),
        let pose = RaycastResult.hitTransform(
          hitPoint: ray.point(at: hit.distance), surfaceNormal: hit.plane.normal,
          rayDirection: ray.direction)
      {
        let type: HitTestResult.ResultType? =
          switch hit.alignment {
          case .horizontal: .estimatedHorizontalPlane
          case .vertical: .estimatedVerticalPlane
          case .any: nil
          }
        if let type, types.contains(type) {
          results.append(
            HitTestResult(
              type: type, distance: hit.distance, worldTransform: pose, anchorIdentifier: nil))
        }
      }
    }
    if types.contains(.featurePoint), let t = nearestFeaturePointDistance(ray, world.featurePoints)
    {
      results.append(
        HitTestResult(
          type: .featurePoint, distance: t,
          worldTransform: Matrix4x4(translation: ray.point(at: t)), anchorIdentifier: nil))
    }
    results.sort { a, b in
      if a.distance != b.distance { return a.distance < b.distance }
      if a.anchorIdentifier != b.anchorIdentifier {
        return (a.anchorIdentifier ?? "\u{10FFFF}") < (b.anchorIdentifier ?? "\u{10FFFF}")
      }
      return a.type.rawValue < b.type.rawValue
    }
    return results
  }

  /// The depth along `ray` of the search-cone feature point with the smallest distance from the
  /// ray (ties: the nearer one), or `nil` when the cone is empty.
  func nearestFeaturePointDistance(_ ray: Ray, _ cloud: FeaturePointCloud) -> Float? {
    let support = supportingPoints(of: ray, in: cloud.points, parameters: options.estimatedPlane)
    var best: (perpendicular: Float, t: Float)?
    for q in support {
      let v = q - ray.origin
      let t = v.dot(ray.direction)
      let perpendicular = max(v.lengthSquared - t * t, 0)
      if let b = best,
        perpendicular > b.perpendicular || (perpendicular == b.perpendicular && t >= b.t)
      {
        continue
      }
      best = (perpendicular, t)
    }
    return best?.t
  }
}
