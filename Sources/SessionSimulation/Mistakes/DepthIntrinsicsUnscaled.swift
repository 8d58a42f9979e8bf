import ARSimulation
import Placement
import SpatialMath

/// Unprojects depth-map pixels with the camera image's intrinsics: the app reads the depth at
/// the right depth pixel, but turns that pixel into a camera point with `fx`, `fy` and the
/// principal point of the 1920 x 1440 (...) image instead of scaling them to the 256 x 192 map,
/// so image-pixel quantities meet depth-pixel coordinates and the points land off to one side.
///
/// ```swift
/// let u = imagePoint.x * Double(depthWidth)  // depth pixels
/// let x = (u - intrinsics.principalPointContinuousPixels.x) / intrinsics.focalLengthXPixels
/// // should be (u - cx * s) / (fx * s) with s = depthWidth / imageWidth
/// ```
public struct DepthIntrinsicsUnscaled: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// By depth.
  public var placesByDepth: Bool { true }

  /// ``DepthSteps``' filtered depth at the image point, unprojected from the depth pixel with
  /// the image's intrinsics.
  public func depthWorldPosition(
    forImagePoint imagePoint: Point, viewportPoint: Point, in frame: SimulatedFrame
  ) -> SIMD3<Float>? {
    guard let (depth, z) = DepthSteps.depthMeters(atImagePoint: imagePoint, in: frame) else {
      return nil
    }
    let k = frame.camera.intrinsics
    let principal = k.principalPointContinuousPixels
    let u = imagePoint.x * Double(depth.depthMap.width)
    let v = imagePoint.y * Double(depth.depthMap.height)
    let x = Float((u - principal.x) / k.focalLengthXPixels)
    let y = Float(-(v - principal.y) / k.focalLengthYPixels)
    return frame.camera.worldFromCamera.transformPoint(SIMD3(x * z, y * z, -z))
  }
}

extension PlacementMistake {
  /// ``DepthIntrinsicsUnscaled``: applies on frames with scene depth.
  public static let depthIntrinsicsUnscaled = PlacementMistake(
    id: "depth-intrinsics-unscaled", title: "image intrinsics used on depth pixels",
    summary:
      "Depth-map pixels are unprojected with the camera image's focal lengths and principal "
      + "point (image pixels), not scaled to the depth map's resolution.",
    steps: DepthIntrinsicsUnscaled(), isApplicable: hasSceneDepth)
}
