import ARSimulation
import Placement
import SpatialMath

/// The correct placement by scene depth, as LiDAR apps write it: the box centre through the
/// inverse Vision geometry to the captured image (image normalized), then ``DepthPlacement``
/// (default settings: the median of the medium- and high-confidence pixels of a 5 x 5 window
/// of the depth map, which is in the image's orientation, unprojected as z-depth with the
/// intrinsics scaled to the map's resolution). It places only on frames with scene depth.
///
/// ```swift
/// let imagePoint = geometry.imageNormalizedPoint(forVisionPoint: boxCentre)
/// let world = DepthPlacement().worldPoint(
///   forImageNormalizedPoint: imagePoint, depth: frame.sceneDepth!, camera: frame.camera)
/// ```
///
/// The depth mistakes of ``PlacementMistake/catalogue`` get one of its steps wrong.
public struct DepthSteps: PlacementSteps {
  /// The depth strategy.
  public var placement: DepthPlacement

  /// Steps placing with `placement` (default settings).
  public init(placement: DepthPlacement = DepthPlacement()) {
    self.placement = placement
  }

  /// By depth.
  public var placesByDepth: Bool { true }

  /// ``DepthPlacement/worldPoint(forImageNormalizedPoint:depth:camera:)`` on the frame's scene
  /// depth.
  public func depthWorldPosition(
    forImagePoint imagePoint: Point, viewportPoint: Point, in frame: SimulatedFrame
  ) -> SIMD3<Float>? {
    guard let depth = frame.sceneDepth else { return nil }
    return placement.worldPoint(
      forImageNormalizedPoint: imagePoint, depth: depth, camera: frame.camera)
  }
}

extension PlacementMistake {
  /// Whether a frame carries scene depth: where the depth mistakes apply.
  static func hasSceneDepth(_ frame: SimulatedFrame) -> Bool { frame.sceneDepth != nil }
}

extension DepthSteps {
  /// The frame's scene depth and the filtered z-depth (metres, ``DepthPlacement``'s default
  /// window and confidence) at image-normalized `point`, or `nil` without depth there.
  static func depthMeters(atImagePoint point: Point, in frame: SimulatedFrame)
    -> (depth: DepthData, zMeters: Float)?
  {
    guard let depth = frame.sceneDepth,
      let z = DepthPlacement().depthMeters(atImageNormalized: point, depth: depth)
    else { return nil }
    return (depth, z)
  }

  /// The camera-space direction `(x, y, -1)` through image-normalized `point` (the pinhole of
  /// the camera's intrinsics at the image resolution).
  static func cameraDirection(forImagePoint point: Point, camera: Camera) -> SIMD3<Float> {
    let k = camera.intrinsics
    let principal = k.principalPointContinuousPixels
    let x = (point.x * camera.imageResolution.width - principal.x) / k.focalLengthXPixels
    let y = -(point.y * camera.imageResolution.height - principal.y) / k.focalLengthYPixels
    return SIMD3(Float(x), Float(y), -1)
  }
}
