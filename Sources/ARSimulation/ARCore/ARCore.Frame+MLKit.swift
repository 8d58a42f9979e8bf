import SpatialMath

extension ARCore.Frame {
  /// The `rotationDegrees` to give ML Kit's `InputImage` for this frame's CPU image so that the
  /// detector sees it upright on this display: `(SENSOR_ORIENTATION - display rotation) mod 360`.
  public var uprightImageRotationDegrees: Int {
    camera.uprightRotationDegrees(for: displayGeometry.rotation)
  }

  /// Where an ML Kit box's centre is drawn in the view (`VIEW` pixels): the box back to CPU image
  /// pixels (undoing `rotationDegrees`), then `transformCoordinates2d(IMAGE_PIXELS -> VIEW)`.
  public func viewPoint(ofCenterOf object: ARCore.MLKitDetectedObject) -> SpatialMath.Point {
    let imageRect = object.imagePixelRect(imageSize: coordinateMapping.imageSize)
    return transformCoordinates2d(from: .imagePixels, [imageRect.center], to: .view)[0]
  }

  /// The box in the view (`VIEW` pixels): the bounding box of its four corners mapped from CPU
  /// image pixels.
  public func viewRect(of object: ARCore.MLKitDetectedObject) -> Rect {
    object.imagePixelRect(imageSize: coordinateMapping.imageSize).applying(
      coordinateMapping.transform(from: .imagePixels, to: .view))
  }

  /// `hitTest` at the view point of the box's centre (see ``hitTest(x:y:)``).
  public func hitTest(_ object: ARCore.MLKitDetectedObject) -> [ARCore.HitResult] {
    let point = viewPoint(ofCenterOf: object)
    return hitTest(x: point.x, y: point.y)
  }
}
