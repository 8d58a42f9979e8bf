import SpatialMath

/// Why a viewport, a display transform or a preview layer's geometry could not be made.
public enum DisplayGeometryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The viewport (view) size in points is not positive and finite.
  case viewportSizeNotPositive(Size)
  /// The preview layer's size in points is not positive and finite.
  case layerSizeNotPositive(Size)
  /// The captured image's resolution in pixels is not positive and finite.
  case imageResolutionNotPositive(Size)
  /// The image and viewport (or layer) aspect ratios are so far apart (their product beyond about
  /// 1e308) that the transform's scale overflows `Double` and cannot be inverted.
  case scaleOutOfRange(imageResolution: Size, viewportSize: Size)

  /// A one-line explanation naming the bad value.
  public var description: String {
    switch self {
    case .viewportSizeNotPositive(let s):
      "viewport size must be > 0 and finite points, got \(s.width)x\(s.height)"
    case .layerSizeNotPositive(let s):
      "layer size must be > 0 and finite points, got \(s.width)x\(s.height)"
    case .imageResolutionNotPositive(let s):
      "image resolution must be > 0 and finite pixels, got \(s.width)x\(s.height)"
    case .scaleOutOfRange(let image, let viewport):
      "image resolution \(image.width)x\(image.height) and viewport size "
        + "\(viewport.width)x\(viewport.height) are too far apart in aspect ratio to map between"
    }
  }
}
