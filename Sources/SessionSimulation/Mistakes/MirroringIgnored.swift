import ARSimulation
import SpatialMath

/// Converts boxes of a request made with a mirrored orientation (`.downMirrored`,
/// `.upMirrored`, `.leftMirrored`, `.rightMirrored`) with the unmirrored one (`.down`, ...): the
/// app copies the orientation table without the mirrored cases.
///
/// ```swift
/// let asSeen = try VisionRequestSettings(
///   orientation: .down /* was .downMirrored */, cropAndScale: request.cropAndScale, ...)
/// ```
public struct MirroringIgnored: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The inverse of the request's geometry with the unmirrored orientation.
  public func imagePoint(
    forVisionPoint visionPoint: Point, request: VisionRequestSettings, in frame: SimulatedFrame
  ) -> Point? {
    guard
      let unmirrored = try? VisionRequestSettings(
        orientation: Self.unmirrored(request.orientation), cropAndScale: request.cropAndScale,
        modelInputSize: request.modelInputSize, regionOfInterest: request.regionOfInterest,
        scaleFitAlignment: request.scaleFitAlignment),
      let geometry = try? VisionGeometry(
        settings: unmirrored, imageResolution: frame.camera.imageResolution)
    else { return nil }
    return geometry.imageNormalizedPoint(forVisionPoint: visionPoint)
  }

  /// The orientation without its mirroring (itself when not mirrored).
  public static func unmirrored(_ orientation: ImageOrientation) -> ImageOrientation {
    switch orientation {
    case .upMirrored: .up
    case .downMirrored: .down
    case .leftMirrored: .left
    case .rightMirrored: .right
    default: orientation
    }
  }
}

extension PlacementMistake {
  /// ``MirroringIgnored``: applies when the request's orientation is mirrored.
  public static let mirroringIgnored = PlacementMistake(
    id: "mirroring-ignored", title: "mirrored orientation read as unmirrored",
    summary:
      "Boxes of a request made with a mirrored orientation (.downMirrored, ...) are converted "
      + "with the unmirrored one (.down, ...).",
    steps: MirroringIgnored(),
    isApplicable: { frame in
      guard let orientation = frame.visionRequest?.orientation else { return false }
      return MirroringIgnored.unmirrored(orientation) != orientation
    })
}
