import ARSimulation
import SpatialMath

/// Converts boxes as if the image had been given to Vision upright (`.up`) when the request
/// handler got another orientation (`.right` for the back camera in portrait): the app passes
/// the orientation to `VNImageRequestHandler` but forgets it when it converts the results.
///
/// ```swift
/// let asSeen = try VisionRequestSettings(
///   orientation: .up, cropAndScale: request.cropAndScale,
///   modelInputSize: request.modelInputSize, regionOfInterest: request.regionOfInterest)
/// ```
public struct OrientationUpAssumed: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The inverse of the request's geometry with orientation `.up`.
  public func imagePoint(
    forVisionPoint visionPoint: Point, request: VisionRequestSettings, in frame: SimulatedFrame
  ) -> Point? {
    guard
      let upright = try? VisionRequestSettings(
        orientation: .up, cropAndScale: request.cropAndScale,
        modelInputSize: request.modelInputSize, regionOfInterest: request.regionOfInterest,
        scaleFitAlignment: request.scaleFitAlignment),
      let geometry = try? VisionGeometry(
        settings: upright, imageResolution: frame.camera.imageResolution)
    else { return nil }
    return geometry.imageNormalizedPoint(forVisionPoint: visionPoint)
  }
}

extension PlacementMistake {
  /// ``OrientationUpAssumed``: applies when the request's orientation is not `.up`.
  public static let orientationUpAssumed = PlacementMistake(
    id: "orientation-up", title: "Vision orientation .up assumed",
    summary:
      "Boxes are converted as if the image was upright (.up), but the request handler was given "
      + "another orientation (.right for the back camera in portrait).",
    steps: OrientationUpAssumed(),
    isApplicable: { frame in (frame.visionRequest?.orientation ?? .up) != .up })
}
