extension ARCore {
  /// A point of the point cloud that a hit test returned as a trackable (`com.google.ar.core.Point`).
  public struct Point: Sendable, Hashable {
    /// `Point.OrientationMode`: whether the point's orientation follows an estimated surface.
    public enum OrientationMode: CaseNameCodable, Hashable {
      /// The orientation is identity (or close to it); no surface normal was estimated.
      case initializedToIdentity
      /// The normal of the surface around the point was estimated.
      case estimatedSurfaceNormal

      /// Decodes the case from ARCore's name.
      public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
      /// Encodes ARCore's name.
      public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

      /// ARCore's name (`"INITIALIZED_TO_IDENTITY"`, `"ESTIMATED_SURFACE_NORMAL"`).
      public var name: String {
        switch self {
        case .initializedToIdentity: "INITIALIZED_TO_IDENTITY"
        case .estimatedSurfaceNormal: "ESTIMATED_SURFACE_NORMAL"
        }
      }
    }

    /// The point-cloud identifier (`PointCloud.getIds()`).
    public let identifier: UInt64
    /// `getPose()`: with `estimatedSurfaceNormal` the hit pose's orientation, with
    /// `initializedToIdentity` the identity orientation; the translation is the point.
    public let pose: Pose
    /// `getOrientationMode()`.
    public let orientationMode: OrientationMode

    /// Creates a point trackable.
    public init(identifier: UInt64, pose: Pose, orientationMode: OrientationMode) {
      self.identifier = identifier
      self.pose = pose
      self.orientationMode = orientationMode
    }
  }
}
