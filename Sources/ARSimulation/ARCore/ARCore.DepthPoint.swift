extension ARCore {
  /// A point measured on the depth image that a hit test returned as a trackable
  /// (`com.google.ar.core.DepthPoint`), under `DepthMode.AUTOMATIC`.
  public struct DepthPoint: Sendable, Hashable {
    /// `getPose()`: the hit pose (translation on the surface, +y along the surface normal
    /// estimated from the depth image, turned towards the camera).
    public let pose: Pose
    /// The depth pixel `(x, y)` the hit was sampled from.
    public let depthPixel: SIMD2<Int>

    /// Creates a depth point.
    public init(pose: Pose, depthPixel: SIMD2<Int>) {
      self.pose = pose
      self.depthPixel = depthPixel
    }
  }
}
