import ARSimulation
import SpatialMath

/// Converts boxes as if the model had seen the whole image when the request had a
/// `regionOfInterest`: Vision's boxes are relative to the region, so they shrink towards it.
///
/// ```swift
/// let asSeen = try VisionRequestSettings(
///   orientation: request.orientation, cropAndScale: request.cropAndScale,
///   modelInputSize: request.modelInputSize /* regionOfInterest left at the default */)
/// ```
public struct RegionOfInterestIgnored: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The inverse of the request's geometry with the whole image as the region.
  public func imagePoint(
    forVisionPoint visionPoint: Point, request: VisionRequestSettings, in frame: SimulatedFrame
  ) -> Point? {
    guard
      let whole = try? VisionRequestSettings(
        orientation: request.orientation, cropAndScale: request.cropAndScale,
        modelInputSize: request.modelInputSize, scaleFitAlignment: request.scaleFitAlignment),
      let geometry = try? VisionGeometry(
        settings: whole, imageResolution: frame.camera.imageResolution)
    else { return nil }
    return geometry.imageNormalizedPoint(forVisionPoint: visionPoint)
  }
}

extension PlacementMistake {
  /// ``RegionOfInterestIgnored``: applies when the request has a region of interest smaller
  /// than the image.
  public static let regionOfInterestIgnored = PlacementMistake(
    id: "region-of-interest-ignored", title: "region of interest ignored",
    summary:
      "Boxes are converted as if the model saw the whole image, but the request had a "
      + "regionOfInterest (Vision's boxes are relative to it).",
    steps: RegionOfInterestIgnored(),
    isApplicable: { frame in (frame.visionRequest?.regionOfInterest ?? .unit) != .unit })
}
