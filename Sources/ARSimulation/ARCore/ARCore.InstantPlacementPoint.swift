extension ARCore {
  /// The trackable that `Frame.hitTestInstantPlacement` returns (`InstantPlacementPoint`).
  public struct InstantPlacementPoint: Sendable, Hashable {
    /// `InstantPlacementPoint.TrackingMethod`.
    public enum TrackingMethod: CaseNameCodable, Hashable {
      /// Not tracked.
      case notTracking
      /// Tracked in screen space at the approximate distance the app gave.
      case screenspaceWithApproximateDistance
      /// Tracked with an accurate 3D pose.
      case fullTracking

      /// Decodes the case from ARCore's name.
      public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
      /// Encodes ARCore's name.
      public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

      /// ARCore's name (`"NOT_TRACKING"`, `"SCREENSPACE_WITH_APPROXIMATE_DISTANCE"`,
      /// `"FULL_TRACKING"`).
      public var name: String {
        switch self {
        case .notTracking: "NOT_TRACKING"
        case .screenspaceWithApproximateDistance: "SCREENSPACE_WITH_APPROXIMATE_DISTANCE"
        case .fullTracking: "FULL_TRACKING"
        }
      }
    }

    /// `getPose()`: +y up against gravity (ARCore documents nothing about +x and +z; here +x is
    /// horizontal, perpendicular to the ray and to the right seen from the camera, +z = x × y).
    public let pose: Pose
    /// `getTrackingMethod()`.
    public let trackingMethod: TrackingMethod

    /// Creates a point.
    public init(pose: Pose, trackingMethod: TrackingMethod) {
      self.pose = pose
      self.trackingMethod = trackingMethod
    }
  }
}
