import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension ARCore.Frame {
  /// `hitTest(xPx, yPx)`: the hits along the ray from the camera through a view pixel (`VIEW`:
  /// logical x, y within the view as from an Android UI event), sorted by distance from the
  /// camera, nearest first. Empty when the camera is not tracking.
  ///
  /// What is hit, and the hit pose's orientation (ARCore's documented rules):
  /// - Tracking, unsubsumed planes whose plane the ray meets at `t > 0`, where the hit is inside
  ///   the boundary polygon or within `hitTestOptions.planeLeewayMeters` of it (ARCore's
  ///   "leeway": use ``ARCore/Plane/isPoseInPolygon(_:)`` to keep only hits inside); from behind
  ///   too unless `hitsPlaneBackFaces` is off. Pose: +y along the plane's normal, +x perpendicular
  ///   to the ray and parallel to the plane, +z = x × y, in the plane and roughly towards the ray's
  ///   origin.
  /// - At most one point-cloud point: the one nearest in angle to the ray within
  ///   `pointHitAngularRadius` (ties: lower identifier). The hit is on the ray where it meets
  ///   the point's estimated surface, else nearest to the point (`pointHitPosition`). When its
  ///   neighbours within `normalEstimationRadiusMeters` fit a plane (at least
  ///   `normalEstimationMinimumPoints`, RMS at most `normalEstimationMaximumResidualMeters`), the
  ///   orientation mode is `ESTIMATED_SURFACE_NORMAL`: +y is the fitted normal turned towards the
  ///   ray's origin, +x perpendicular to the ray and parallel to the surface, +z = x × y. Otherwise
  ///   `INITIALIZED_TO_IDENTITY`: +y is world up, +x perpendicular to the ray and to the right seen
  ///   from its origin, +z = x × y (roughly towards the origin).
  ///
  /// - Under `DepthMode.AUTOMATIC`, with a depth image on this frame, at most one depth point:
  ///   the ray's depth pixel, its z-depth taken along the ray; the pose as for a point with an
  ///   estimated normal, the normal fitted to the depth pixels around (see
  ///   ``ARCore/HitTestOptions/depthNormalWindowRadius``). Only rays from the camera (within
  ///   1 mm) are sampled on the depth image; a pixel without valid depth gives no depth point.
  ///
  /// `distance` is from the camera to the hit (metres).
  ///
  /// - Complexity: O(planes · polygon size + points²) in the worst case (normal estimation).
  public func hitTest(x: Double, y: Double) -> [ARCore.HitResult] {
    guard let ray = ray(throughViewPixel: x, y) else { return [] }
    return hitTest(ray)
  }

  /// `hitTest(origin3, originOffset, direction3, directionOffset)`: as ``hitTest(x:y:)`` for an
  /// arbitrary world ray (the direction need not be unit length). Distances are from the camera,
  /// as ARCore's `getDistance()` documents, and results are sorted by them. Empty when the camera
  /// is not tracking or the ray is degenerate (zero or not finite).
  public func hitTest(origin: SIMD3<Float>, direction: SIMD3<Float>) -> [ARCore.HitResult] {
    guard origin.isFinite, let ray = try? Ray(origin: origin, direction: direction) else {
      return []
    }
    return hitTest(ray)
  }

  func hitTest(_ ray: Ray) -> [ARCore.HitResult] {
    guard camera.trackingState == .tracking else { return [] }
    var results: [ARCore.HitResult] = planes.compactMap { planeHit($0, ray) }
    if let point = pointHit(ray) { results.append(point) }
    if let depthPoint = depthPointHit(ray) { results.append(depthPoint) }
    return results.sorted(by: ARCore.HitResult.isOrderedBefore)
  }

  /// The hit on one plane, or `nil`.
  func planeHit(_ plane: ARCore.Plane, _ ray: Ray) -> ARCore.HitResult? {
    guard plane.trackingState == .tracking, plane.subsumedBy == nil else { return nil }
    let n = plane.normal
    let dn = ray.direction.dot(n)
    guard abs(dn) > 1e-6, hitTestOptions.hitsPlaneBackFaces || dn < 0 else { return nil }
    let t = (plane.centerPose.translation - ray.origin).dot(n) / dn
    guard t > 0, t.isFinite else { return nil }
    let point = ray.point(at: t)
    let local = plane.localPoint(fromWorld: point)
    guard plane.distanceToPolygon(SIMD2(local.x, local.z)) <= hitTestOptions.planeLeewayMeters,
      let pose = Self.pose(at: point, yAxis: n, rayDirection: ray.direction)
    else { return nil }
    return ARCore.HitResult(
      distance: distanceFromCamera(point), hitPose: pose, trackable: .plane(plane))
  }

  /// The point-cloud hit, or `nil`.
  func pointHit(_ ray: Ray) -> ARCore.HitResult? {
    guard let index = nearestPointIndex(ray) else { return nil }
    let point = pointCloud.points[index]
    var normal = estimatedNormal(around: point)
    if let n = normal, n.dot(ray.direction) > 0 { normal = -n }
    let position = hitPosition(for: point, normal: normal, ray)
    let mode: ARCore.Point.OrientationMode =
      normal == nil ? .initializedToIdentity : .estimatedSurfaceNormal
    guard
      let pose = Self.pose(
        at: position, yAxis: normal ?? SIMD3(0, 1, 0), rayDirection: ray.direction),
      let trackablePose = Self.pose(
        at: point, yAxis: normal ?? SIMD3(0, 1, 0), rayDirection: ray.direction)
    else { return nil }
    let trackable = ARCore.Point(
      identifier: pointCloud.identifiers[index],
      pose: mode == .estimatedSurfaceNormal
        ? trackablePose : ARCore.Pose(translation: point, rotation: .identity),
      orientationMode: mode)
    return ARCore.HitResult(
      distance: distanceFromCamera(position), hitPose: pose, trackable: .point(trackable))
  }

  /// Where the hit on a point is (see ``ARCore/HitTestOptions/pointHitPosition``).
  func hitPosition(for point: SIMD3<Float>, normal: SIMD3<Float>?, _ ray: Ray) -> SIMD3<Float> {
    guard hitTestOptions.pointHitPosition == .onRay else { return point }
    if let normal {
      let dn = ray.direction.dot(normal)
      if abs(dn) > 1e-6 {
        let t = (point - ray.origin).dot(normal) / dn
        if t > 0, t.isFinite { return ray.point(at: t) }
      }
    }
    return ray.point(at: max((point - ray.origin).dot(ray.direction), 0))
  }

  /// The index of the point nearest in angle to the ray, within the hit radius, in front of the
  /// origin; ties go to the lower identifier.
  func nearestPointIndex(_ ray: Ray) -> Int? {
    let cosRadius = Float(cos(hitTestOptions.pointHitAngularRadius.radians))
    var best: (index: Int, cosine: Float)?
    for (i, p) in pointCloud.points.enumerated() {
      guard let toPoint = (p - ray.origin).normalized() else { continue }
      let cosine = toPoint.dot(ray.direction)
      guard cosine >= cosRadius else { continue }
      if let b = best {
        let better =
          cosine > b.cosine
          || (cosine == b.cosine && pointCloud.identifiers[i] < pointCloud.identifiers[b.index])
        if !better { continue }
      }
      best = (i, cosine)
    }
    return best?.index
  }

  /// The number of point-cloud points within the hit radius of the ray.
  func pointsNearRay(_ ray: Ray) -> Int {
    let cosRadius = Float(cos(hitTestOptions.pointHitAngularRadius.radians))
    return pointCloud.points.reduce(0) { count, p in
      guard let toPoint = (p - ray.origin).normalized() else { return count }
      return toPoint.dot(ray.direction) >= cosRadius ? count + 1 : count
    }
  }

  /// The unit normal of the surface around a point, from its point-cloud neighbours, or `nil`.
  func estimatedNormal(around center: SIMD3<Float>) -> SIMD3<Float>? {
    let radius = hitTestOptions.normalEstimationRadiusMeters
    let neighbours = pointCloud.points.filter { ($0 - center).lengthSquared <= radius * radius }
    guard neighbours.count >= max(hitTestOptions.normalEstimationMinimumPoints, 3),
      let fit = PlaneFit.leastSquares(neighbours),
      fit.rmsMeters <= hitTestOptions.normalEstimationMaximumResidualMeters
    else { return nil }
    return fit.plane.normal
  }

  func distanceFromCamera(_ point: SIMD3<Float>) -> Float {
    (point - camera.pose.translation).length
  }

  /// A hit pose at `point`: +y = `yAxis` (as given, not flipped), +x = `normalize(d × y)`
  /// (perpendicular to the ray, in the surface), +z = x × y. When the ray runs along y, x is
  /// world +x projected onto the surface (world -z when y is near the x axis).
  static func pose(
    at point: SIMD3<Float>, yAxis: SIMD3<Float>, rayDirection: SIMD3<Float>
  ) -> ARCore.Pose? {
    guard let y = yAxis.normalized(), let d = rayDirection.normalized() else { return nil }
    let crossed = d.cross(y)
    let x: SIMD3<Float>
    if crossed.length >= 1e-4, let unit = crossed.normalized() {
      x = unit
    } else {
      let reference: SIMD3<Float> = abs(y.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 0, -1)
      guard let projected = (reference - reference.dot(y) * y).normalized() else { return nil }
      x = projected
    }
    return try? ARCore.Pose(xAxis: x, yAxis: y, zAxis: x.cross(y), translation: point)
  }
}
