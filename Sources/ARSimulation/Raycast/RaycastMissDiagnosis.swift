import SpatialMath

/// Why a raycast query found nothing: for every plane anchor (or the estimated plane), what kept
/// it from being hit, the most likely culprit first. Ask for it with
/// `Raycaster.missDiagnosis(for:in:)` after a raycast returned no results; it costs one more pass
/// over the anchors (and, for `estimatedPlane`, one more fit), so nothing computes it unasked.
public struct RaycastMissDiagnosis: Sendable, Hashable {
  /// Why one plane anchor gave no hit.
  public enum Reason: Sendable, Hashable {
    /// The anchor's alignment label is not the one the query allows.
    case alignmentMismatch(PlaneAnchor.Alignment)
    /// The ray runs (nearly) parallel to the plane: `|direction · normal|` (a cosine) is at most
    /// the raycaster's `parallelEpsilon`.
    case parallel(cosine: Float)
    /// The ray's line meets the plane behind the ray's origin (behind the camera), this many
    /// metres back (positive).
    case behindOrigin(distanceMeters: Float)
    /// The ray meets the plane from behind, `distanceMeters` along it, and back faces are culled
    /// (`BackFacePolicy.cull`).
    case backFace(distanceMeters: Float)
    /// The ray meets the plane `distanceMeters` along it at `localPoint` (plane-local x, z in
    /// metres), which lies `outsideMeters` outside the boundary polygon.
    case outsideBoundary(distanceMeters: Float, outsideMeters: Float, localPoint: SIMD2<Float>)
  }

  /// One plane anchor and why it gave no hit.
  public struct PlaneMiss: Sendable, Hashable {
    /// The anchor's identifier.
    public let anchorIdentifier: String
    /// Why it gave no hit.
    public let reason: Reason
  }

  /// Why an `estimatedPlane` query gave no hit.
  public enum EstimatedPlaneMiss: Sendable, Hashable {
    /// Too few feature points lie in the search cone around the ray.
    case tooFewPoints(found: Int, needed: Int)
    /// The points near the ray fit no plane within the acceptance tests (residual, incidence,
    /// inlier fraction, reach) of `EstimatedPlaneParameters`.
    case noAcceptablePlane(pointsNearRay: Int)
    /// A plane was found `distanceMeters` along the ray but its alignment is not allowed.
    case alignmentMismatch(found: RaycastQuery.TargetAlignment, distanceMeters: Float)
  }

  /// The query that missed.
  public let query: RaycastQuery
  /// Set when the query has no usable ray (a zero, infinite or NaN origin or direction).
  public let invalidRay: Bool
  /// For plane targets: every anchor of the world and why it missed, most likely culprit first
  /// (outside the boundary by the smallest margin, then back faces and planes behind the origin
  /// by distance, then parallel planes, then alignment mismatches; ties by identifier).
  public let planes: [PlaneMiss]
  /// For `estimatedPlane` queries: why no plane was estimated.
  public let estimatedPlane: EstimatedPlaneMiss?

  /// The most likely culprit among the plane anchors, or `nil` for a world without anchors.
  public var nearest: PlaneMiss? { planes.first }

  /// Creates a diagnosis (the raycaster makes them; public for tests and tools).
  public init(
    query: RaycastQuery, invalidRay: Bool, planes: [PlaneMiss],
    estimatedPlane: EstimatedPlaneMiss?
  ) {
    self.query = query
    self.invalidRay = invalidRay
    self.planes = planes
    self.estimatedPlane = estimatedPlane
  }
}

extension RaycastMissDiagnosis.Reason {
  /// The order in which reasons are listed: how close the anchor came to being hit.
  var rank: (Int, Float) {
    switch self {
    case .outsideBoundary(_, let outside, _): (0, outside)
    case .backFace(let d): (1, d)
    case .behindOrigin(let d): (2, d)
    case .parallel(let cosine): (3, -cosine)
    case .alignmentMismatch: (4, 0)
    }
  }
}

extension Raycaster {
  /// Why `query` has no hit in `world`, or `nil` when it has one.
  ///
  /// - Complexity: O(anchors × boundary vertices); for `estimatedPlane`, one more estimate.
  public func missDiagnosis(
    for query: RaycastQuery, in world: FrameWorld
  ) -> RaycastMissDiagnosis? {
    guard raycast(query, in: world).isEmpty else { return nil }
    guard let ray = query.ray else {
      return RaycastMissDiagnosis(query: query, invalidRay: true, planes: [], estimatedPlane: nil)
    }
    if query.target == .estimatedPlane {
      return RaycastMissDiagnosis(
        query: query, invalidRay: false, planes: [],
        estimatedPlane: estimatedPlaneMiss(ray, query: query, in: world))
    }
    var misses: [RaycastMissDiagnosis.PlaneMiss] = []
    for anchor in world.planeAnchors {
      let reason = missReason(ray, anchor, query: query)
      misses.append(.init(anchorIdentifier: anchor.identifier, reason: reason))
    }
    misses.sort {
      let (a, b) = ($0.reason.rank, $1.reason.rank)
      return a != b ? a < b : $0.anchorIdentifier < $1.anchorIdentifier
    }
    return RaycastMissDiagnosis(
      query: query, invalidRay: false, planes: misses, estimatedPlane: nil)
  }

  /// Why `anchor` gave `ray` no hit (the checks of `raycast(_:in:)`, in its order).
  func missReason(
    _ ray: Ray, _ anchor: PlaneAnchor, query: RaycastQuery
  ) -> RaycastMissDiagnosis.Reason {
    guard query.targetAlignment.accepts(RaycastQuery.TargetAlignment(anchor.alignment)) else {
      return .alignmentMismatch(anchor.alignment)
    }
    let plane = anchor.worldPlane
    let cosine = ray.direction.dot(plane.normal)
    guard abs(cosine) > options.parallelEpsilon else { return .parallel(cosine: abs(cosine)) }
    let t = (plane.distanceFromOrigin - plane.normal.dot(ray.origin)) / cosine
    guard t > 0 else { return .behindOrigin(distanceMeters: -t) }
    if cosine > 0 && options.backFacePolicy == .cull { return .backFace(distanceMeters: t) }
    let local = anchor.localPoint(fromWorld: ray.point(at: t))
    let point = SIMD2(local.x, local.z)
    return .outsideBoundary(
      distanceMeters: t, outsideMeters: anchor.boundary.distance(toOutsideLocalPoint: point),
      localPoint: point)
  }

  /// Why the estimated-plane search found nothing acceptable for `ray`.
  func estimatedPlaneMiss(
    _ ray: Ray, query: RaycastQuery, in world: FrameWorld
  ) -> RaycastMissDiagnosis.EstimatedPlaneMiss {
    let p = options.estimatedPlane
    let near = supportingPoints(of: ray, in: world.featurePoints.points, parameters: p).count
    let needed = max(p.minimumSupport, 3)
    guard near >= needed else { return .tooFewPoints(found: near, needed: needed) }
    if let hit = estimatedPlaneHit(ray, in: world.featurePoints, seed: seed(for: query)) {
      return .alignmentMismatch(found: hit.alignment, distanceMeters: hit.distance)
    }
    return .noAcceptablePlane(pointsNearRay: near)
  }
}

extension FrameWorld {
  /// Why `query` has no hit in this world, or `nil` when it has one:
  /// `Raycaster(options:).missDiagnosis(for:in:)`.
  public func missDiagnosis(
    for query: RaycastQuery, options: RaycastOptions = .default
  ) -> RaycastMissDiagnosis? {
    Raycaster(options: options).missDiagnosis(for: query, in: self)
  }
}

extension PlaneBoundary {
  /// The distance (metres) from a plane-local point `(x, z)` to the polygon: 0 inside or on an
  /// edge, else the distance to the nearest edge.
  ///
  /// - Complexity: O(vertex count).
  public func distance(toOutsideLocalPoint p: SIMD2<Float>) -> Float {
    if contains(localPoint: SIMD3(p.x, 0, p.y)) { return 0 }
    var best = Double.infinity
    var previous = vertices[vertices.count - 1]
    let q = SIMD2<Double>(Double(p.x), Double(p.y))
    for v in vertices {
      let a = SIMD2<Double>(Double(previous.x), Double(previous.z))
      let b = SIMD2<Double>(Double(v.x), Double(v.z))
      let edge = b - a
      let length2 = (edge * edge).sum()
      let s = length2 > 0 ? min(max(((q - a) * edge).sum() / length2, 0), 1) : 0
      let offset = q - (a + s * edge)
      best = min(best, (offset * offset).sum().squareRoot())
      previous = v
    }
    return Float(best)
  }
}
