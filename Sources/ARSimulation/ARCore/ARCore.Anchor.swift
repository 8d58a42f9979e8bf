extension ARCore {
  /// `com.google.ar.core.Anchor`: a pose the app asked ARCore to keep track of
  /// (`Session.createAnchor(Pose)`, `HitResult.createAnchor()`), in world space, metres. ARCore
  /// moves it as it refines its estimate of the world around it, while the world origin stays.
  public struct Anchor: Sendable, Hashable {
    /// The identifier the app gave the anchor when it created it, unique among the session's
    /// anchors (ARCore's `Anchor` objects compare by identity; this stands for it).
    public let identifier: String
    /// `getPose()`: worldFromAnchor.
    public let pose: Pose
    /// `getTrackingState()`: `TRACKING` while the camera is, `PAUSED` while it is not, and
    /// `STOPPED` once detached (`Anchor.detach()`).
    public let trackingState: TrackingState

    /// Creates an anchor.
    public init(identifier: String, pose: Pose, trackingState: TrackingState = .tracking) {
      self.identifier = identifier
      self.pose = pose
      self.trackingState = trackingState
    }
  }
}
