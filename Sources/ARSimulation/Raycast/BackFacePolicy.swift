/// What a raycast does when it meets a plane anchor from behind, that is travelling along the
/// anchor's normal (`direction · normal > 0`).
///
/// ARCore documents that it culls back faces; ARKit does not say. The default is `cull`.
public enum BackFacePolicy: String, Sendable, Hashable, Codable, CaseIterable {
  /// Back-facing planes give no hit (default).
  case cull
  /// Back-facing planes are hit like front-facing ones; the hit's +y still points towards the ray
  /// origin (see `RaycastResult.worldTransform`).
  case include
}
