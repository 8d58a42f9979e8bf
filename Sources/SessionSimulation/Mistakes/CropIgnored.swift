import ARSimulation
import SpatialMath

/// Treats the model as if it saw the whole region stretched (`scaleFill`) when the request
/// centre-cropped it (`centerCrop`) or letterboxed it (`scaleFit`): the app converts boxes with
/// `VNImageRectForNormalizedRect` over the full image and never undoes the crop.
///
/// ```swift
/// // The request used .centerCrop; the conversion assumes the model saw everything.
/// let asSeen = try VisionRequestSettings(
///   orientation: request.orientation, cropAndScale: .scaleFill,
///   modelInputSize: request.modelInputSize, regionOfInterest: request.regionOfInterest)
/// ```
public struct CropIgnored: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The inverse of the request's geometry with `scaleFill` (`scaleFillRotate90CCW` for the
  /// rotating options) instead of the request's crop and scale.
  public func imagePoint(
    forVisionPoint visionPoint: Point, request: VisionRequestSettings, in frame: SimulatedFrame
  ) -> Point? {
    guard
      let stretched = try? VisionRequestSettings(
        orientation: request.orientation, cropAndScale: Self.stretched(request.cropAndScale),
        modelInputSize: request.modelInputSize, regionOfInterest: request.regionOfInterest),
      let geometry = try? VisionGeometry(
        settings: stretched, imageResolution: frame.camera.imageResolution)
    else { return nil }
    return geometry.imageNormalizedPoint(forVisionPoint: visionPoint)
  }

  /// The stretching option with the same rotation.
  static func stretched(_ option: ImageCropAndScaleOption) -> ImageCropAndScaleOption {
    option.rotatesRegion90CCW ? .scaleFillRotate90CCW : .scaleFill
  }
}

extension PlacementMistake {
  /// ``CropIgnored``: applies when the request crops or letterboxes.
  public static let cropIgnored = PlacementMistake(
    id: "crop-ignored", title: "crop and scale ignored",
    summary:
      "Boxes are converted as if the model saw the whole image stretched, but the request "
      + "centre-cropped or letterboxed it (imageCropAndScaleOption).",
    steps: CropIgnored(),
    isApplicable: { frame in
      guard let option = frame.visionRequest?.cropAndScale else { return false }
      return CropIgnored.stretched(option) != option
    })
}
