import SpatialMath

/// One frame as the app sees it: the camera, the viewport that shows its image, and what the
/// frame knows about the world. It turns screen positions into world-space raycast queries (ARKit's
/// `ARSCNView.raycastQuery(from:allowing:alignment:)`) and runs them.
///
/// Screen spaces (<doc:CoordinateSpaces>): viewport normalized (top-left origin, 0...1 across the view) and
/// viewport points (top-left origin, `viewportNormalized * viewport.size`). A screen position is
/// mapped to image-normalized coordinates by the inverse of
/// `camera.displayTransform(for: viewport)`,
/// then unprojected by the camera (lens distortion included) to a world ray from the camera centre.
public struct ViewportFrame: Sendable, Hashable {
  /// The camera (pose, intrinsics, image resolution).
  public var camera: Camera
  /// The view size and interface orientation.
  public var viewport: Viewport
  /// The frame's plane anchors and feature points.
  public var world: FrameWorld

  /// Creates a frame.
  public init(camera: Camera, viewport: Viewport, world: FrameWorld = FrameWorld()) {
    self.camera = camera
    self.viewport = viewport
    self.world = world
  }

  /// The world-space query through a viewport-normalized point (top-left origin, 0...1), from the
  /// camera centre; `nil` when the point is not finite or cannot be unprojected. Points outside
  /// 0...1 are allowed (they look outside the view).
  public func raycastQuery(
    from viewportNormalized: Point, allowing target: RaycastQuery.Target,
    alignment: RaycastQuery.TargetAlignment
  ) -> RaycastQuery? {
    raycastQuery(
      fromViewportPoint: viewport.points(forNormalized: viewportNormalized), allowing: target,
      alignment: alignment)
  }

  /// The world-space query through a point in viewport points (top-left origin), from the camera
  /// centre; `nil` when the point is not finite or cannot be unprojected.
  public func raycastQuery(
    fromViewportPoint viewportPoint: Point, allowing target: RaycastQuery.Target,
    alignment: RaycastQuery.TargetAlignment
  ) -> RaycastQuery? {
    guard let ray = camera.ray(throughViewportPoint: viewportPoint, viewport: viewport) else {
      return nil
    }
    return RaycastQuery(ray: ray, allowing: target, alignment: alignment)
  }

  /// The hits of the query through a point in viewport points (top-left origin), nearest first;
  /// empty when there is no query (see `raycastQuery(fromViewportPoint:allowing:alignment:)`) or
  /// no hit. Ask `world.missDiagnosis(for:options:)` with the same query for why it missed.
  public func raycast(
    fromViewportPoint viewportPoint: Point, allowing target: RaycastQuery.Target,
    alignment: RaycastQuery.TargetAlignment, options: RaycastOptions = .default
  ) -> [RaycastResult] {
    guard
      let query = raycastQuery(
        fromViewportPoint: viewportPoint, allowing: target, alignment: alignment)
    else { return [] }
    return world.raycast(query, options: options)
  }

  /// The hits of the query through a viewport-normalized point, nearest first; empty when there
  /// is no query (see `raycastQuery(from:allowing:alignment:)`) or no hit.
  public func raycast(
    from viewportNormalized: Point, allowing target: RaycastQuery.Target,
    alignment: RaycastQuery.TargetAlignment, options: RaycastOptions = .default
  ) -> [RaycastResult] {
    guard let query = raycastQuery(from: viewportNormalized, allowing: target, alignment: alignment)
    else { return [] }
    return world.raycast(query, options: options)
  }
}
