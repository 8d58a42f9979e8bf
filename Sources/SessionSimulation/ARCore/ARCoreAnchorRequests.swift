import ARSimulation

/// The anchors an Android app creates and detaches while it handles one ARCore frame
/// (`Session.createAnchor(Pose)`, `HitResult.createAnchor()`, `Anchor.detach()`), handed to the
/// session after the frame. ARCore returns a new anchor at once; the simulation reports it from
/// the next frame on (``SimulatedARCoreFrame/anchors``), as it reports ARKit's added anchors, and
/// moves it with tracking corrections as ARKit's (``AppAnchorRequests``, which these become).
///
/// Requests apply in the order made. Creating an identifier the session already has, or
/// detaching one it does not have, does nothing.
public struct ARCoreAnchorRequests: Sendable, Hashable {
  /// The same requests in ARKit's form.
  public private(set) var appAnchorRequests = AppAnchorRequests()

  /// No requests.
  public init() {}

  /// Creates an anchor at `pose` with the next frame (`Session.createAnchor(Pose)`);
  /// `identifier` names it in ``SimulatedARCoreFrame/anchors``.
  public mutating func createAnchor(identifier: String, pose: ARCore.Pose) {
    // A Pose is a rigid transform.
    appAnchorRequests.add(
      anchor: AppAnchor(unchecked: identifier, name: nil, transform: pose.matrix))
  }

  /// Creates an anchor at a hit's pose with the next frame (`HitResult.createAnchor()`).
  public mutating func createAnchor(identifier: String, hitResult: ARCore.HitResult) {
    createAnchor(identifier: identifier, pose: hitResult.hitPose)
  }

  /// Detaches the anchor with `identifier` with the next frame (`Anchor.detach()`): its
  /// tracking state becomes `STOPPED` and ARCore stops reporting it.
  public mutating func detach(identifier: String) {
    appAnchorRequests.remove(identifier: identifier)
  }

  /// Whether no request was made.
  public var isEmpty: Bool { appAnchorRequests.isEmpty }
}
