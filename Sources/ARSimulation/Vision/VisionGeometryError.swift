import SpatialMath

/// Why Vision request settings or a box were refused.
public enum VisionGeometryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The model input size is not positive and finite.
  case modelInputSizeNotPositive(Size)
  /// The region of interest is empty, not finite or not inside the unit square.
  case regionOfInterestInvalid(Rect)
  /// The image size is not positive and finite.
  case imageSizeNotPositive(Size)
  /// A box is not finite or has a negative size.
  case boxInvalid(Rect)
  /// The model input and image (region) sizes are so far apart in scale or aspect ratio that
  /// the Vision <-> image maps overflow or cannot be inverted in `Double` (for example a model
  /// input of 208 x 1e127 pixels).
  case scaleOutOfRange(modelInputSize: Size, imageSize: Size)
  /// A `scaleFit` alignment fraction is outside 0...1 (or NaN).
  case scaleFitAlignmentOutOfRange(horizontal: Double, vertical: Double)

  /// A one-line explanation naming the bad value.
  public var description: String {
    switch self {
    case .modelInputSizeNotPositive(let s):
      "model input size must be > 0, got \(s.width)x\(s.height)"
    case .regionOfInterestInvalid(let r):
      "region of interest must be a non-empty rect inside [0,1]x[0,1], got "
        + "(\(r.origin.x), \(r.origin.y), \(r.size.width), \(r.size.height))"
    case .imageSizeNotPositive(let s):
      "image size must be > 0, got \(s.width)x\(s.height)"
    case .boxInvalid(let r):
      "box must be finite with non-negative size, got "
        + "(\(r.origin.x), \(r.origin.y), \(r.size.width), \(r.size.height))"
    case .scaleOutOfRange(let model, let image):
      "model input size \(model.width)x\(model.height) and image size \(image.width)x\(image.height) "
        + "are too far apart in scale or aspect ratio to map between"
    case .scaleFitAlignmentOutOfRange(let h, let v):
      "scaleFit alignment fractions must be within 0...1, got horizontal \(h), vertical \(v)"
    }
  }
}
