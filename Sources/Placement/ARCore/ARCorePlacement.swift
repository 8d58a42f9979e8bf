import ARSimulation
import SpatialMath

/// ML Kit box -> world point on ARCore, the way ARCore's own samples place content on a tap: a
/// point of the box (its centre by default) in the upright image is mapped back to the CPU
/// image (undoing the `InputImage` rotation), to the view by `transformCoordinates2d`, and hit
/// tested; the first hit that passes the filter of ``Settings`` is the world point. A pure
/// function of its inputs and settings.
public struct ARCorePlacement: Sendable, Hashable {
  /// Which hits count (ARCore returns more than an app should use) and which box point is used.
  public struct Settings: Sendable, Hashable {
    /// The point of the box that is hit tested (fractions of the box in the upright image).
    public var anchorPoint: BoxAnchorPoint = .center
    /// Plane hits count only inside the plane's polygon (`Plane.isPoseInPolygon`), as in
    /// ARCore's samples. Default `true`.
    public var requiresHitInsidePolygon = true
    /// Plane hits count only when the camera is on the plane's front side (the samples' camera
    /// distance to the plane > 0). Default `true`.
    public var requiresFrontFace = true
    /// Point hits count only with `ESTIMATED_SURFACE_NORMAL`, as in the samples. Default `true`.
    public var requiresEstimatedSurfaceNormal = true
    /// Depth points (under `DepthMode.AUTOMATIC`) count, as in the samples. Default `true`.
    public var acceptsDepthPoints = true

    /// The samples' filter with the box centre.
    public init() {}
  }

  /// The settings.
  public var settings: Settings

  /// Creates a placement with `settings`.
  public init(settings: Settings = Settings()) { self.settings = settings }

  /// Places every object of one frame, in order.
  ///
  /// - Complexity: O(objects × hit-test cost).
  public func place(
    _ objects: [ARCore.MLKitDetectedObject], in frame: ARCore.Frame
  ) -> [ARCorePlacementResult] {
    objects.map { place($0, in: frame) }
  }

  /// Places one object: its view point, every hit there and the first accepted one.
  public func place(
    _ object: ARCore.MLKitDetectedObject, in frame: ARCore.Frame
  ) -> ARCorePlacementResult {
    let box = object.boundingBox
    let upright = Point(
      x: box.minX + settings.anchorPoint.x * box.width,
      y: box.minY + settings.anchorPoint.y * box.height)
    let imagePixel = upright.applying(
      ARCore.MLKitDetectedObject.imagePixelsFromUpright(
        rotationDegrees: object.rotationDegrees, imageSize: frame.coordinateMapping.imageSize))
    let viewPoint = frame.transformCoordinates2d(from: .imagePixels, [imagePixel], to: .view)[0]
    let hits = frame.hitTest(x: viewPoint.x, y: viewPoint.y)
    let hit = hits.first { accepts($0, in: frame) }
    return ARCorePlacementResult(
      object: object, viewPoint: viewPoint, hits: hits, hit: hit,
      failure: hit == nil ? .noHit : nil)
  }

  /// Whether the filter accepts a hit.
  public func accepts(_ hit: ARCore.HitResult, in frame: ARCore.Frame) -> Bool {
    switch hit.trackable {
    case .plane(let plane):
      if settings.requiresHitInsidePolygon && !plane.isPoseInPolygon(hit.hitPose) { return false }
      if settings.requiresFrontFace {
        let toCamera = frame.camera.pose.translation - hit.hitPose.translation
        if toCamera.dot(hit.hitPose.yAxis) <= 0 { return false }
      }
      return true
    case .point(let point):
      return !settings.requiresEstimatedSurfaceNormal
        || point.orientationMode == .estimatedSurfaceNormal
    case .depthPoint:
      return settings.acceptsDepthPoints
    case .instantPlacementPoint:
      return true
    }
  }
}

/// One ML Kit object placed on an ARCore frame.
public struct ARCorePlacementResult: Sendable, Hashable {
  /// The object.
  public let object: ARCore.MLKitDetectedObject
  /// The view pixel that was hit tested (`VIEW`, top-left origin).
  public let viewPoint: Point
  /// Every hit there, nearest first, accepted or not.
  public let hits: [ARCore.HitResult]
  /// The first accepted hit, or `nil`.
  public let hit: ARCore.HitResult?
  /// Why there is no accepted hit (`noHit`), or `nil` when there is one.
  public let failure: PlacementFailure?

  /// The accepted hit's position (world, metres), or `nil`.
  public var worldPosition: SIMD3<Float>? { hit?.hitPose.translation }

  /// The tracker's input: the object's top label and confidence at the hit, or `nil` without a
  /// hit or a label. It carries the surface the hit lies on, for the tracker's expected error:
  /// the hit pose's +y, which ARCore sets to a plane's normal (`existingPlaneGeometry`) and, for
  /// a point with `ESTIMATED_SURFACE_NORMAL`, to the estimated normal (`estimatedPlane`), and for
  /// a depth point to the normal fitted to the depth (no raycast target); other hits have no
  /// normal.
  public var measurement: MarkerMeasurement? {
    guard let hit, let label = object.topLabel else { return nil }
    let surface: (normal: SIMD3<Float>?, target: RaycastQuery.Target?) =
      switch hit.trackable {
      case .plane: (hit.hitPose.yAxis, .existingPlaneGeometry)
      case .point(let point) where point.orientationMode == .estimatedSurfaceNormal:
        (hit.hitPose.yAxis, .estimatedPlane)
      case .depthPoint: (hit.hitPose.yAxis, nil)
      case .point, .instantPlacementPoint: (nil, nil)
      }
    return MarkerMeasurement(
      label: label.text, position: hit.hitPose.translation, confidence: Float(label.confidence),
      surfaceNormal: surface.normal, target: surface.target)
  }
}
