import ARSimulation
import SpatialMath

/// Placement by scene depth instead of a plane raycast: the world point under a detection read
/// from the frame's LiDAR depth map, so a button standing proud of a curved dashboard is placed
/// on its top, where no plane anchor reaches.
///
/// Steps (``worldPoint(forVisionPoint:geometry:depth:camera:)``):
/// 1. the box's anchor point (Vision normalized, lower-left origin) goes to image-normalized
///    coordinates of the captured landscape image through the inverse Vision geometry (the same
///    step as the plane pipeline; an app starting from a viewport point applies the inverse
///    display transform instead: ``worldPoint(forViewportNormalizedPoint:displayTransform:depth:camera:)``);
/// 2. image-normalized to depth-map pixels: times the map's size (`(x * width, y * height)`,
///    continuous pixels; the map is in the image's orientation, never the viewport's);
/// 3. the depth there: the median of the pixels of a `(2 windowRadius + 1)²` window around it
///    whose confidence is at least ``minimumConfidence`` and which have a return (`nil` when
///    none has);
/// 4. unprojection with the intrinsics scaled to the depth resolution
///    (`fx' = fx * width / imageWidth`, principal point in continuous pixels times the same
///    factor): camera point `((u' - cx') / fx' * z, -(v' - cy') / fy' * z, -z)`, since the map holds
///    z-depth along the viewing axis, not distance along the ray; then worldFromCamera.
public struct DepthPlacement: Sendable, Hashable {
  /// The window half size in depth pixels (0 = the single pixel).
  public var windowRadius: Int
  /// The lowest confidence a pixel may have to count.
  public var minimumConfidence: DepthConfidence

  /// Creates a strategy (default: a 5 x 5 window of medium or high confidence).
  public init(windowRadius: Int = 2, minimumConfidence: DepthConfidence = .medium) {
    self.windowRadius = max(0, windowRadius)
    self.minimumConfidence = minimumConfidence
  }

  /// The filtered z-depth (metres) around image-normalized `point`, or `nil` when no pixel of
  /// the window qualifies or the point is outside the image.
  public func depthMeters(atImageNormalized point: Point, depth: DepthData) -> Float? {
    let map = depth.depthMap
    guard point.isFinite, (0...1).contains(point.x), (0...1).contains(point.y) else { return nil }
    let column = min(Int(point.x * Double(map.width)), map.width - 1)
    let row = min(Int(point.y * Double(map.height)), map.height - 1)
    var values: [Float] = []
    for r in (row - windowRadius)...(row + windowRadius) {
      for c in (column - windowRadius)...(column + windowRadius) {
        guard let z = map.depthMeters(column: c, row: r),
          let confidence = depth.confidence(column: c, row: r),
          confidence.rawValue >= minimumConfidence.rawValue
        else { continue }
        values.append(z)
      }
    }
    guard !values.isEmpty else { return nil }
    values.sort()
    let middle = values.count / 2
    return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
  }

  /// The world point at image-normalized `point` (steps 2-4), or `nil` without depth there.
  public func worldPoint(
    forImageNormalizedPoint point: Point, depth: DepthData, camera: Camera
  ) -> SIMD3<Float>? {
    guard let z = depthMeters(atImageNormalized: point, depth: depth) else { return nil }
    let map = depth.depthMap
    let scaleX = Double(map.width) / camera.imageResolution.width
    let scaleY = Double(map.height) / camera.imageResolution.height
    let k = camera.intrinsics
    let principal = k.principalPointContinuousPixels
    let u = point.x * Double(map.width)
    let v = point.y * Double(map.height)
    let x = (u - principal.x * scaleX) / (k.focalLengthXPixels * scaleX)
    let y = -(v - principal.y * scaleY) / (k.focalLengthYPixels * scaleY)
    let cameraPoint = SIMD3(Float(x) * z, Float(y) * z, -z)
    return camera.worldFromCamera.transformPoint(cameraPoint)
  }

  /// The world point under a Vision point (step 1, then 2-4).
  public func worldPoint(
    forVisionPoint visionPoint: Point, geometry: VisionGeometry, depth: DepthData, camera: Camera
  ) -> SIMD3<Float>? {
    worldPoint(
      forImageNormalizedPoint: geometry.imageNormalizedPoint(forVisionPoint: visionPoint),
      depth: depth, camera: camera)
  }

  /// The world point under a viewport-normalized point: the inverse of `displayTransform`
  /// (image normalized -> viewport normalized) takes it to the image first.
  public func worldPoint(
    forViewportNormalizedPoint point: Point, displayTransform: AffineTransform2D,
    depth: DepthData, camera: Camera
  ) -> SIMD3<Float>? {
    guard let inverse = displayTransform.inverted() else { return nil }
    return worldPoint(
      forImageNormalizedPoint: point.applying(inverse), depth: depth, camera: camera)
  }
}
