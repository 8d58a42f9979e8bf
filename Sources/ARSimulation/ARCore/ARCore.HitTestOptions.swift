import SpatialMath

extension ARCore {
  /// The hit-test choices ARCore does not document, as named parameters with their defaults.
  public struct HitTestOptions: Sendable, Hashable {
    /// Plane hits are returned when the hit lies inside the boundary polygon or within this
    /// distance (metres, in the plane) of it: ARCore gives "significant geometric leeway" and
    /// leaves `isPoseInPolygon` / `isPoseInExtents` to the app. Default 0.05.
    public var planeLeewayMeters: Float = 0.05
    /// Whether planes are also hit from behind (the camera below a floor). ARCore returns such
    /// hits — its samples drop them by checking the camera's distance to the plane — so the
    /// default is `true`.
    public var hitsPlaneBackFaces = true
    /// A point-cloud point is hit when it lies within this angle of the ray, seen from the ray's
    /// origin ("roughly within one finger-width"): about half of a 48 dp touch target on a phone
    /// view showing some 50°. Default 3°.
    public var pointHitAngularRadius: Angle = .degrees(3)
    /// Where a point-cloud hit is. ARCore documents the hit position as "where the ray intersected
    /// the geometry"; for a point that is read as a position on the ray. Default `.onRay`.
    public var pointHitPosition: PointHitPosition = .onRay
    /// Neighbours within this distance (metres) of a hit point are fitted to estimate its surface
    /// normal. Default 0.1.
    public var normalEstimationRadiusMeters: Float = 0.1
    /// At least this many points (the hit point included) are needed to estimate a normal.
    /// Default 5.
    public var normalEstimationMinimumPoints = 5
    /// The fit's RMS distance (metres) must be at most this for the normal to count. Default 0.01.
    public var normalEstimationMaximumResidualMeters: Float = 0.01
    /// A depth point's normal is fitted to the valid depth pixels within this many pixels of
    /// its own (a square window of side `2 r + 1`; at least 1). ARCore documents only that the
    /// orientation is "perpendicular to the 3D surface". Default 2.
    public var depthNormalWindowRadius = 2
    /// Instant placement needs at least this many point-cloud points within
    /// `pointHitAngularRadius` of the ray ("sufficient feature points to track the point in screen
    /// space"). Default 1.
    public var instantPlacementMinimumPoints = 1

    /// Where a point-cloud hit is placed.
    public enum PointHitPosition: CaseNameCodable, Hashable {
      /// On the ray: where it meets the point's estimated surface (the plane through the point
      /// with the estimated normal), or, without a normal or for a ray along the surface, the
      /// ray's point nearest to the point.
      case onRay
      /// At the point itself.
      case atPoint

      /// Decodes the case from its name.
      public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
      /// Encodes the case name.
      public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

      /// The name in JSON: `"onRay"` or `"atPoint"`.
      public var name: String {
        switch self {
        case .onRay: "onRay"
        case .atPoint: "atPoint"
        }
      }
    }

    /// The defaults.
    public static let `default` = HitTestOptions()

    /// Creates options with the defaults.
    public init() {}
  }
}
