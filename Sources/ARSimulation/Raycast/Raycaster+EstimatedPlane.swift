import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Raycaster {
  /// A plane fitted to the feature points around a ray, and where the ray meets it.
  public struct EstimatedPlaneHit: Sendable, Hashable {
    /// The fitted plane in world space; its normal faces the ray origin.
    public let plane: Plane
    /// The distance along the ray to the hit (metres, > 0).
    public let distance: Float
    /// The alignment of the fitted normal (`EstimatedPlaneParameters.alignment(ofNormal:)`).
    public let alignment: RaycastQuery.TargetAlignment
    /// The number of feature points supporting the fit.
    public let inlierCount: Int
    /// The RMS distance of the inliers from the plane (metres).
    public let residualMeters: Float
  }

  /// The estimated plane hit of `ray` among `cloud` (the algorithm of `EstimatedPlaneParameters`),
  /// or `nil` when there is too little support, the fit is too rough, too grazing or behind the
  /// origin, or the hit is far from every inlier. Deterministic for a given `seed`.
  ///
  /// Nearer surfaces win: after each fit (accepted or not) the points more than
  /// `occlusionGapMeters` in front of the plane (on the origin's side) are fitted again, up to 4
  /// rounds, and the last accepted fit is returned. So a small object in front of a wall is hit even when the wall has more points.
  ///
  /// - Complexity: O(n + rounds × iterations × m) for n points and m supporting points.
  public func estimatedPlaneHit(
    _ ray: Ray, in cloud: FeaturePointCloud, seed: UInt64
  ) -> EstimatedPlaneHit? {
    let p = options.estimatedPlane
    var pool = supportingPoints(of: ray, in: cloud.points, parameters: p)
    var rng = SplitMix64(seed: seed)
    var found: EstimatedPlaneHit?
    for _ in 0..<4 {
      guard pool.count >= max(p.minimumSupport, 3),
        let hypothesis = bestHypothesis(ray, pool, &rng)
      else { break }
      if let hit = refined(hypothesis, ray, pool) { found = hit }
      // A plane through the hypothesis with its normal towards the origin; keep what is in front.
      let toOrigin = hypothesis.normal.dot(ray.direction) > 0 ? -1 : Float(1)
      pool = pool.filter {
        toOrigin * hypothesis.signedDistance(to: $0) > p.occlusionGapMeters
      }
    }
    return found
  }

  /// The RANSAC plane through 3 of `support` with the most inliers (ties: the nearer hit) among
  /// those the ray meets in front of its origin, or `nil` when none is.
  func bestHypothesis(_ ray: Ray, _ support: [SIMD3<Float>], _ rng: inout SplitMix64) -> Plane? {
    let p = options.estimatedPlane
    var best: (count: Int, distance: Float, plane: Plane)?
    let m = support.count
    for _ in 0..<max(p.ransacIterations, 1) {
      // Three distinct indices.
      let i = Int(rng.next() % UInt64(m))
      var j = Int(rng.next() % UInt64(m - 1))
      if j >= i { j += 1 }
      var k = Int(rng.next() % UInt64(m - 2))
      if k >= min(i, j) { k += 1 }
      if k >= max(i, j) { k += 1 }
      guard let plane = try? Plane(support[i], support[j], support[k]),
        let t = plane.intersectionDistance(with: ray, parallelEpsilon: options.parallelEpsilon)
      else { continue }
      var count = 0
      for q in support where abs(plane.signedDistance(to: q)) <= p.inlierThresholdMeters {
        count += 1
      }
      if let b = best, count < b.count || (count == b.count && t >= b.distance) { continue }
      best = (count, t, plane)
    }
    return best?.plane
  }

  /// Least squares on the hypothesis' inliers, twice, then the acceptance tests of
  /// `EstimatedPlaneParameters`; `nil` when any fails.
  func refined(_ hypothesis: Plane, _ ray: Ray, _ support: [SIMD3<Float>]) -> EstimatedPlaneHit? {
    let p = options.estimatedPlane
    let minimum = max(p.minimumSupport, 3)
    var plane = hypothesis
    var inliers: [SIMD3<Float>] = []
    var rms: Float = 0
    for _ in 0..<2 {
      inliers = support.filter { abs(plane.signedDistance(to: $0)) <= p.inlierThresholdMeters }
      guard inliers.count >= minimum,
        Float(inliers.count) >= p.minimumInlierFraction * Float(support.count),
        let fit = PlaneFit.leastSquares(inliers)
      else { return nil }
      (plane, rms) = fit
    }
    guard rms <= p.maximumResidualMeters,
      abs(plane.normal.dot(ray.direction)) >= Float(cos(p.maximumIncidence.radians)),
      let t = plane.intersectionDistance(with: ray, parallelEpsilon: options.parallelEpsilon)
    else { return nil }
    let hit = ray.point(at: t)
    let reach = p.searchRadiusMeters(atDepth: t)
    guard inliers.contains(where: { $0.distance(to: hit) <= reach }) else { return nil }
    let normal = plane.normal.dot(ray.direction) > 0 ? -plane.normal : plane.normal
    guard let facing = try? Plane(point: hit, normal: normal) else { return nil }
    return EstimatedPlaneHit(
      plane: facing, distance: t, alignment: p.alignment(ofNormal: normal),
      inlierCount: inliers.count, residualMeters: rms)
  }

  /// The points inside the search cone of `ray`, in cloud order.
  func supportingPoints(
    of ray: Ray, in points: [SIMD3<Float>], parameters p: EstimatedPlaneParameters
  ) -> [SIMD3<Float>] {
    var support: [SIMD3<Float>] = []
    for q in points {
      let v = q - ray.origin
      let t = v.dot(ray.direction)
      guard t >= p.minimumDepthMeters, t <= p.maximumDepthMeters else { continue }
      let r = p.searchRadiusMeters(atDepth: t)
      let perpendicularSquared = v.lengthSquared - t * t
      if perpendicularSquared <= r * r { support.append(q) }
    }
    return support
  }
}
