import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The knobs of estimated-plane raycasts (ARKit's `estimatedPlane` target), whose behaviour ARKit
/// does not document. Lengths in metres; every default is a named assumption a recording may
/// override.
///
/// Algorithm: the support of a ray is the feature points at depth `t = (p - origin) · direction`
/// between `minimumDepthMeters` and `maximumDepthMeters` whose distance from the ray is at most
/// `searchRadiusMeters(atDepth: t)`. With at least `minimumSupport` of them, a seeded RANSAC
/// (`ransacIterations` hypotheses from 3 support points) keeps the plane with the most points
/// within `inlierThresholdMeters` (ties: the nearer hit), a least-squares fit refines it on those
/// inliers, and the fit is accepted when it has at least `minimumSupport` inliers making up at
/// least `minimumInlierFraction` of the support, their RMS distance is at most
/// `maximumResidualMeters`, the ray meets it in front of the origin at an incidence of at most
/// `maximumIncidence`, and the hit lies within
/// `searchRadiusMeters(atDepth:)` of an inlier. The points more than `occlusionGapMeters` in
/// front of a fitted plane are then fitted again (up to 4 rounds) so that the nearest supported
/// surface wins
/// (`Raycaster.estimatedPlaneHit(_:in:seed:)`).
public struct EstimatedPlaneParameters: Sendable, Hashable, Codable {
  /// The search radius at depth zero (metres). Default 0.02.
  public var searchRadiusAtOriginMeters: Float
  /// How much the search radius grows per metre of depth (metres per metre, i.e. the tangent of
  /// the search cone's half-angle). Default 0.05 (about 2.9°).
  public var searchRadiusPerMeterOfDepth: Float
  /// Feature points nearer than this along the ray are ignored (metres). Default 0.05.
  public var minimumDepthMeters: Float
  /// Feature points farther than this along the ray are ignored (metres). Default 10.
  public var maximumDepthMeters: Float
  /// The fewest supporting points (and inliers) for a plane. Default 8.
  public var minimumSupport: Int
  /// The number of RANSAC hypotheses. Default 64.
  public var ransacIterations: Int
  /// A point is an inlier when it is at most this far from the plane (metres). Default 0.03:
  /// about twice the 1–1.5 cm RMS thickness of the real iPhone XS cloud in
  /// the ARKit Data Logger sample's point cloud (iPhone XS) within 5 cm patches.
  public var inlierThresholdMeters: Float
  /// The fewest inliers, as a fraction of the support, for a plane (rejects clutter in which some
  /// plane always collects `minimumSupport` points). Default 0.5.
  public var minimumInlierFraction: Float
  /// The largest accepted RMS distance of the inliers from the fitted plane (metres). Default
  /// 0.015: Gaussian noise of σ = 1.3 cm cut at ±3 cm has an RMS of about 1.1 cm, uniform clutter
  /// filling the ±3 cm band 1.73 cm.
  public var maximumResidualMeters: Float
  /// The largest angle between the ray and the fitted normal (either side) that gives a hit; more
  /// grazing fits are rejected, as their hit moves by `1 / cos` of any normal error. Default 80°.
  public var maximumIncidence: Angle
  /// How far in front of a fitted plane (towards the ray origin) points must lie to be fitted
  /// again as a possibly occluding surface (metres). Default 0.08: well beyond the noise of real
  /// clouds, so noise on one surface is not mistaken for a second one in front of it.
  public var occlusionGapMeters: Float
  /// How far the fitted normal may be from straight up/down and still be horizontal, or from
  /// horizontal and still be vertical. Default 10°.
  public var alignmentTolerance: Angle

  /// Creates parameters; every argument defaults to the value documented on its property.
  public init(
    searchRadiusAtOriginMeters: Float = 0.02, searchRadiusPerMeterOfDepth: Float = 0.05,
    minimumDepthMeters: Float = 0.05, maximumDepthMeters: Float = 10, minimumSupport: Int = 8,
    ransacIterations: Int = 64, inlierThresholdMeters: Float = 0.03,
    minimumInlierFraction: Float = 0.5, maximumResidualMeters: Float = 0.015,
    maximumIncidence: Angle = .degrees(80), occlusionGapMeters: Float = 0.08,
    alignmentTolerance: Angle = .degrees(10)
  ) {
    self.searchRadiusAtOriginMeters = searchRadiusAtOriginMeters
    self.searchRadiusPerMeterOfDepth = searchRadiusPerMeterOfDepth
    self.minimumDepthMeters = minimumDepthMeters
    self.maximumDepthMeters = maximumDepthMeters
    self.minimumSupport = minimumSupport
    self.ransacIterations = ransacIterations
    self.inlierThresholdMeters = inlierThresholdMeters
    self.minimumInlierFraction = minimumInlierFraction
    self.maximumResidualMeters = maximumResidualMeters
    self.maximumIncidence = maximumIncidence
    self.occlusionGapMeters = occlusionGapMeters
    self.alignmentTolerance = alignmentTolerance
  }

  /// The defaults.
  public static let `default` = EstimatedPlaneParameters()

  /// The radius of the search cone at depth `depthMeters` (metres).
  @inlinable
  public func searchRadiusMeters(atDepth depthMeters: Float) -> Float {
    searchRadiusAtOriginMeters + searchRadiusPerMeterOfDepth * depthMeters
  }

  /// The alignment of a surface with unit normal `normal` in world space (+y up): `horizontal`
  /// when `|normal.y| >= cos(alignmentTolerance)`, `vertical` when `|normal.y| <=
  /// sin(alignmentTolerance)`, otherwise `any` (tilted).
  public func alignment(ofNormal normal: SIMD3<Float>) -> RaycastQuery.TargetAlignment {
    let up = Double(abs(normal.y))
    let tolerance = alignmentTolerance.radians
    if up >= cos(tolerance) { return .horizontal }
    if up <= sin(tolerance) { return .vertical }
    return .any
  }
}
