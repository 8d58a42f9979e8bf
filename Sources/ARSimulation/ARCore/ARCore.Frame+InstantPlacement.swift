import SpatialMath

extension ARCore.Frame {
  /// `hitTestInstantPlacement(xPx, yPx, approximateDistanceMeters)`: a single hit with an
  /// ``ARCore/InstantPlacementPoint`` for a view pixel, or no hit.
  ///
  /// ARCore's documented rules: it succeeds only in `LOCAL_Y_UP` mode, while tracking, and with
  /// enough point-cloud support to track the point in screen space (here
  /// `hitTestOptions.instantPlacementMinimumPoints` points within `pointHitAngularRadius` of the
  /// ray); the pose has +y up against gravity. Choices where ARCore is silent: when the ray meets
  /// a tracking, upward-facing horizontal plane inside its polygon from above, ARCore "has an
  /// accurate 3D pose" and the point starts in `FULL_TRACKING` at that hit; otherwise it is in
  /// `SCREENSPACE_WITH_APPROXIMATE_DISTANCE` at `approximateDistanceMeters` along the ray. +x is
  /// horizontal, perpendicular to the ray and to the right seen from the camera; +z = x × y.
  ///
  /// - Returns: `[]` when the conditions fail or `approximateDistanceMeters` is not positive and
  ///   finite.
  public func hitTestInstantPlacement(
    x: Double, y: Double, approximateDistanceMeters: Float
  ) -> [ARCore.HitResult] {
    guard instantPlacementMode == .localYUp, camera.trackingState == .tracking,
      approximateDistanceMeters.isFinite, approximateDistanceMeters > 0,
      let ray = ray(throughViewPixel: x, y),
      pointsNearRay(ray) >= hitTestOptions.instantPlacementMinimumPoints
    else { return [] }
    let planeHit = hitTest(ray).first { result in
      guard case .plane(let plane) = result.trackable, plane.type == .horizontalUpwardFacing
      else { return false }
      return plane.isPoseInPolygon(result.hitPose) && ray.direction.dot(plane.normal) < 0
    }
    let position: SIMD3<Float>
    let method: ARCore.InstantPlacementPoint.TrackingMethod
    if let planeHit {
      (position, method) = (planeHit.hitPose.translation, .fullTracking)
    } else {
      position = ray.point(at: approximateDistanceMeters)
      method = .screenspaceWithApproximateDistance
    }
    guard let pose = Self.pose(at: position, yAxis: SIMD3(0, 1, 0), rayDirection: ray.direction)
    else { return [] }
    let point = ARCore.InstantPlacementPoint(pose: pose, trackingMethod: method)
    return [
      ARCore.HitResult(
        distance: distanceFromCamera(position), hitPose: pose,
        trackable: .instantPlacementPoint(point))
    ]
  }
}
