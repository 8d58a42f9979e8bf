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

    /// Creates a display geometry; `nil` when a size is not positive (ARCore logs an error and
    /// ignores such a call).
    public init?(rotation: SurfaceRotation, widthPixels: Int, heightPixels: Int) {
      guard widthPixels > 0, heightPixels > 0 else { return nil }
      self.rotation = rotation
      self.widthPixels = widthPixels
      self.heightPixels = heightPixels
    }

    /// The view size in pixels.
    public var viewSize: Size { Size(width: Double(widthPixels), height: Double(heightPixels)) }
  }
}
