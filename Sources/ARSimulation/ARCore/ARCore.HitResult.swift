extension ARCore {
  /// What a hit result hit (`HitResult.getTrackable()`).
  public enum Trackable: Sendable, Hashable {
    /// A detected plane.
    case plane(Plane)
    /// A point of the point cloud.
    case point(Point)
    /// A point sampled from the depth image (`DepthPoint`).
    case depthPoint(DepthPoint)
    /// An Instant Placement point.
    case instantPlacementPoint(InstantPlacementPoint)
  }

  /// One hit of a hit test (`com.google.ar.core.HitResult`).
  public struct HitResult: Sendable, Hashable {
    /// `getDistance()`: from the camera to the hit, metres.
    public let distance: Float
    /// `getHitPose()`: translation at the hit; the orientation as ARCore defines it per trackable
    /// (see ``ARCore/Frame/hitTest(x:y:)``).
    public let hitPose: Pose
    /// `getTrackable()`.
    public let trackable: Trackable

    /// Creates a hit result.
    public init(distance: Float, hitPose: Pose, trackable: Trackable) {
      self.distance = distance
      self.hitPose = hitPose
      self.trackable = trackable
    }

    /// Nearest first; at equal distance planes, then points, depth points and instant placement
    /// points, then by identifier.
    static func isOrderedBefore(_ a: HitResult, _ b: HitResult) -> Bool {
      if a.distance != b.distance { return a.distance < b.distance }
      return a.sortKey < b.sortKey
    }

    private var sortKey: String {
      switch trackable {
      case .plane(let plane): "0 " + plane.identifier
      case .point(let point): "1 " + String(point.identifier)
      case .depthPoint: "2"
      case .instantPlacementPoint: "3"
      }
    }
  }
}
