import ARSimulation
import Placement
import SpatialMath

/// Reads the depth map at the viewport point: the app takes the tap or box centre in view
/// coordinates (portrait) and indexes the depth map with it, but the map is in the captured
/// image's landscape orientation and framing (the display transform is not undone).
///
/// ```swift
/// // viewportPoint is normalized to the view; the depth map is the camera image's.
/// let world = DepthPlacement().worldPoint(
///   forImageNormalizedPoint: viewportPoint, depth: depth, camera: frame.camera)
/// ```
public struct DepthAtViewportPoint: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// By depth.
  public var placesByDepth: Bool { true }

  /// ``DepthSteps``' placement at the viewport point instead of the image point.
  public func depthWorldPosition(
    forImagePoint imagePoint: Point, viewportPoint: Point, in frame: SimulatedFrame
  ) -> SIMD3<Float>? {
    DepthSteps().depthWorldPosition(
      forImagePoint: viewportPoint, viewportPoint: viewportPoint, in: frame)
  }
}

extension PlacementMistake {
  /// ``DepthAtViewportPoint``: applies on frames with scene depth.
  public static let depthAtViewportPoint = PlacementMistake(
    id: "depth-at-viewport-point", title: "depth map read at the viewport point",
    summary:
      "The depth map is indexed with viewport coordinates, but it is in the captured image's "
      + "orientation and framing (the display transform is not undone).",
    steps: DepthAtViewportPoint(), isApplicable: hasSceneDepth)
}
