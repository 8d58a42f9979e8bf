import SpatialMath

/// ARKit-style raycasting against a `FrameWorld` (<doc:Raycasting>), a pure function of the query, the
/// world and `options`.
///
/// - `existingPlaneGeometry`: each plane anchor whose label matches the query's alignment is hit
///   at `t = ((p0 - o) · n) / (d · n)` when `|d · n| > parallelEpsilon`, `t > 0`, the back-face
///   policy allows it, and the hit lies inside the anchor's boundary polygon.
/// - `existingPlaneInfinite`: the same without the boundary test.
/// - `estimatedPlane`: at most one hit, on a plane fitted to the feature points around the ray
///   (see `EstimatedPlaneParameters`); its alignment comes from the fitted normal.
///
/// Results are sorted nearest first, ties by anchor identifier (`RaycastResult.isOrderedBefore`).
/// A query whose `ray` is `nil` (zero, infinite or NaN direction or origin) returns no results.
public struct Raycaster: Sendable, Hashable, Codable {
  /// The settings.
  public var options: RaycastOptions

  /// Creates a raycaster.
  public init(options: RaycastOptions = .default) { self.options = options }

  /// Every hit of `query` in `world`, nearest first (see the type's documentation).
  ///
  /// - Complexity: O(anchors × boundary vertices) for plane targets; O(feature points +
  ///   `ransacIterations` × support) for `estimatedPlane`.
  public func raycast(_ query: RaycastQuery, in world: FrameWorld) -> [RaycastResult] {
    guard let ray = query.ray else { return [] }
    var results: [RaycastResult] = []
    switch query.target {
    case .existingPlaneGeometry, .existingPlaneInfinite:
      let bounded = query.target == .existingPlaneGeometry
      for anchor in world.planeAnchors
      where query.targetAlignment.accepts(RaycastQuery.TargetAlignment(anchor.alignment)) {
        guard let (t, point) = intersect(ray, anchor),
          !bounded || anchor.boundary.contains(localPoint: anchor.localPoint(fromWorld: point)),
          let pose = RaycastResult.hitTransform(
            hitPoint: point, surfaceNormal: anchor.worldNormal, rayDirection: ray.direction)
        else { continue }
        results.append(
          RaycastResult(
            worldTransform: pose, target: query.target,
            targetAlignment: RaycastQuery.TargetAlignment(anchor.alignment),
            anchorIdentifier: anchor.identifier, distance: t))
      }
    case .estimatedPlane:
      if let hit = estimatedPlaneHit(ray, in: world.featurePoints, seed: seed(for: query)),
        query.targetAlignment.accepts(hit.alignment),
        let pose = RaycastResult.hitTransform(
          hitPoint: ray.point(at: hit.distance), surfaceNormal: hit.plane.normal,
          rayDirection: ray.direction)
      {
        results.append(
          RaycastResult(
            worldTransform: pose, target: .estimatedPlane, targetAlignment: hit.alignment,
            anchorIdentifier: nil, distance: hit.distance))
      }
    }
    results.sort(by: RaycastResult.isOrderedBefore)
    return results
  }

  /// The distance and world point where `ray` meets `anchor`'s infinite plane under the parallel
  /// and back-face rules, or `nil`.
  func intersect(_ ray: Ray, _ anchor: PlaneAnchor) -> (Float, SIMD3<Float>)? {
    let cull = options.backFacePolicy == .cull
    guard
      let t = anchor.worldPlane.intersectionDistance(
        with: ray, cullBackFaces: cull, parallelEpsilon: options.parallelEpsilon)
    else { return nil }
    let point = ray.point(at: t)
    guard point.isFinite else { return nil }
    return (t, point)
  }

  /// The RANSAC seed of a query: the options' seed mixed with the bits of the query's origin,
  /// direction, target and alignment.
  func seed(for query: RaycastQuery) -> UInt64 {
    var mixer = SplitMix64(seed: options.seed)
    var h = mixer.next()
    let words: [UInt32] = [
      query.origin.x.bitPattern, query.origin.y.bitPattern, query.origin.z.bitPattern,
      query.direction.x.bitPattern, query.direction.y.bitPattern, query.direction.z.bitPattern,
      UInt32(query.target.rawValue), UInt32(query.targetAlignment.rawValue),
    ]
    for w in words {
      mixer = SplitMix64(seed: h ^ UInt64(w))
      h = mixer.next()
    }
    return h
  }
}

extension FrameWorld {
  /// Every hit of `query` in this world, nearest first: `Raycaster(options:).raycast(_:in:)`.
  public func raycast(_ query: RaycastQuery, options: RaycastOptions = .default) -> [RaycastResult]
  {
    Raycaster(options: options).raycast(query, in: self)
  }
}
