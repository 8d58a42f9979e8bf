import SpatialMath

/// Passes the camera image's size (e.g. `frame.camera.imageResolution`) as the viewport size of
/// the display transform instead of the view's bounds: the aspect-fill crop is wrong.
///
/// ```swift
/// let display = frame.displayTransform(
///   for: .portrait, viewportSize: frame.camera.imageResolution)
/// ```
public struct ImageSizeAsViewportSize: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The display transform for the image resolution as the viewport size.
  public func viewportPoint(forImagePoint imagePoint: Point, in frame: SimulatedFrame) -> Point? {
    guard
      let display = frame.displayTransform(
        for: frame.viewport.interfaceOrientation, viewportSize: frame.camera.imageResolution)
    else { return nil }
    return imagePoint.applying(display)
  }
}

extension PlacementMistake {
  /// ``ImageSizeAsViewportSize``: applies when that gives another display transform than the
  /// viewport's size.
  public static let imageSizeAsViewportSize = PlacementMistake(
    id: "viewport-size-is-image-size", title: "image size used as the viewport size",
    summary:
      "displayTransform(for:viewportSize:) gets the camera image's size instead of the view's "
      + "bounds, so the aspect-fill crop is wrong.",
    steps: ImageSizeAsViewportSize(),
    isApplicable: { frame in
      let viewport = frame.viewport
      return frame.displayTransform(
        for: viewport.interfaceOrientation, viewportSize: frame.camera.imageResolution)
        != frame.displayTransform(for: viewport.interfaceOrientation, viewportSize: viewport.size)
    })
}
