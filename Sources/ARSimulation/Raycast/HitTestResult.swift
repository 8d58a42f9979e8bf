import SpatialMath

/// A result of the legacy hit test (ARKit's deprecated `ARHitTestResult`), in world space, metres.
public struct HitTestResult: Sendable, Hashable {
  /// The kinds of hit (ARKit's `ARHitTestResult.ResultType`, same raw bit values).
  public struct ResultType: OptionSet, Sendable, Hashable, Codable {
    /// The bit mask (ARKit's raw values).
    public let rawValue: UInt
    /// The set with these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The feature point nearest the ray within the estimated-plane search cone (1 << 0).
    public static let featurePoint = ResultType(rawValue: 1 << 0)
    /// A horizontal estimated plane (1 << 1).
    public static let estimatedHorizontalPlane = ResultType(rawValue: 1 << 1)
    /// A vertical estimated plane (1 << 2).
    public static let estimatedVerticalPlane = ResultType(rawValue: 1 << 2)
    /// A plane anchor as an infinite plane (1 << 3).
    public static let existingPlane = ResultType(rawValue: 1 << 3)
    /// A plane anchor, inside its rotated extent rectangle (1 << 4).
    public static let existingPlaneUsingExtent = ResultType(rawValue: 1 << 4)
    /// A plane anchor, inside its boundary polygon (1 << 5).
    public static let existingPlaneUsingGeometry = ResultType(rawValue: 1 << 5)
  }

  /// The single kind of this hit.
  public let type: ResultType
  /// The distance from the ray origin to the hit along the unit direction (metres, > 0).
  public let distance: Float
  /// The hit pose (same rule as `RaycastResult.worldTransform`); for `featurePoint` hits the
  /// rotation is the identity, as a point has no surface orientation.
  public let worldTransform: Matrix4x4
  /// The plane anchor hit, or `nil` for feature points and estimated planes.
  public let anchorIdentifier: String?

  /// Creates a result.
  public init(
    type: ResultType, distance: Float, worldTransform: Matrix4x4, anchorIdentifier: String?
  ) {
    self.type = type
    self.distance = distance
    self.worldTransform = worldTransform
    self.anchorIdentifier = anchorIdentifier
  }
}
