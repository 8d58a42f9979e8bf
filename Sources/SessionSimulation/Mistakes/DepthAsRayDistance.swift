import ARSimulation
import Placement
import SpatialMath

/// Treats the depth as distance along the ray: the app walks the depth value along the unit
/// ray through the pixel, but `ARDepthData.depthMap` holds z-depth along the camera's viewing
/// axis, so points off the image centre land too near the camera (by `z (1 / cos θ - 1)` at an
/// angle θ off the axis).
///
/// ```swift
/// let z = DepthPlacement().depthMeters(atImageNormalized: imagePoint, depth: depth)!
/// let cameraPoint = normalize(rayDirection) * z  // should be rayDirection / -rayDirection.z * z
/// ```
public struct DepthAsRayDistance: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// By depth.
  public var placesByDepth: Bool { true }

  /// The filtered depth at the image point, walked along the unit ray through it.
  public func depthWorldPosition(
    forImagePoint imagePoint: Point, viewportPoint: Point, in frame: SimulatedFrame
  ) -> SIMD3<Float>? {
    guard let read = DepthSteps.depthMeters(atImagePoint: imagePoint, in: frame),
      let unit = DepthSteps.cameraDirection(forImagePoint: imagePoint, camera: frame.camera)
        .normalized()
    else { return nil }
    return frame.camera.worldFromCamera.transformPoint(unit * read.zMeters)
  }
}

extension PlacementMistake {
  /// ``DepthAsRayDistance``: applies on frames with scene depth.
  public static let depthAsRayDistance = PlacementMistake(
    id: "depth-as-ray-distance", title: "z-depth read as distance along the ray",
    summary:
      "The depth value is walked along the unit ray through the pixel, but the depth map holds "
      + "z-depth along the camera's viewing axis: points off the image centre land too near.",
    steps: DepthAsRayDistance(), isApplicable: hasSceneDepth)
}
