import SpatialMath

extension ARCore {
  /// The display geometry that `Session.setDisplayGeometry(rotation, width, height)` sets: the
  /// display rotation and the size of the view in pixels (display-rotated: a portrait phone at
  /// `ROTATION_0` has `width < height`).
  public struct DisplayGeometry: Sendable, Hashable {
    /// The display rotation (`Surface.ROTATION_*`).
    public let rotation: SurfaceRotation
    /// The view width in pixels (> 0).
    public let widthPixels: Int
    /// The view height in pixels (> 0).
    public let heightPixels: Int

    /// Creates a display geometry.
    ///
    /// - Throws: ``ARCoreError/viewSizeNotPositive(width:height:)`` when a size is below 1 pixel
    ///   (ARCore logs an error and ignores such a call).
    public init(
      rotation: SurfaceRotation, widthPixels: Int, heightPixels: Int
    ) throws(ARCoreError) {
      guard widthPixels > 0, heightPixels > 0 else {
        throw .viewSizeNotPositive(width: widthPixels, height: heightPixels)
      }
      self.rotation = rotation
      self.widthPixels = widthPixels
      self.heightPixels = heightPixels
    }

    /// The clockwise rotation, in quarter turns (0...3), that shows the image of a camera with
    /// `sensorOrientationDegrees` (`CameraCharacteristics.SENSOR_ORIENTATION`) upright on this
    /// display: `(SENSOR_ORIENTATION - rotation) mod 360` (Android's rule for the back camera).
    public func imageRotationQuarterTurns(sensorOrientationDegrees: Int) -> Int {
      Self.imageRotationQuarterTurns(
        sensorOrientationDegrees: sensorOrientationDegrees, rotation: rotation)
    }

    /// `(sensorOrientationDegrees - rotation) mod 360` in quarter turns (0...3): the clockwise
    /// image rotation for a display rotation and a camera's `SENSOR_ORIENTATION`.
    public static func imageRotationQuarterTurns(
      sensorOrientationDegrees: Int, rotation: SurfaceRotation
    ) -> Int {
      ((sensorOrientationDegrees - rotation.degrees) / 90 % 4 + 4) % 4
    }

    /// The view size in pixels.
    public var viewSize: Size { Size(width: Double(widthPixels), height: Double(heightPixels)) }
  }
}
