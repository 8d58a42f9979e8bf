import SpatialMath

/// What one frame knows about the world (world space, metres): its plane anchors and feature
/// points. Raycasts run against a `FrameWorld`; the truth it was derived from lives in
/// `TruthSurface`.
///
/// A recorded frame's `planes` and `featurePoints` convert to a world with SceneFormat's
/// `RecordingFrame.frameWorld()`; the JSON forms belong to the format.
public struct FrameWorld: Sendable, Hashable {
  /// The plane anchors, in the order given (raycast results do not depend on it except for exact
  /// ties with equal identifiers).
  public var planeAnchors: [PlaneAnchor]
  /// The feature points.
  public var featurePoints: FeaturePointCloud

  /// Creates a world.
  public init(planeAnchors: [PlaneAnchor] = [], featurePoints: FeaturePointCloud = .empty) {
    self.planeAnchors = planeAnchors
    self.featurePoints = featurePoints
  }

  /// The anchor with `identifier`, or `nil` when there is none (the first one when repeated).
  public func planeAnchor(identifier: String) -> PlaneAnchor? {
    planeAnchors.first { $0.identifier == identifier }
  }
}
