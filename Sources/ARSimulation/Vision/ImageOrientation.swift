import SpatialMath

/// The orientation of the image handed to Vision (`CGImagePropertyOrientation`, EXIF raw values
/// 1...8): how to turn the stored (captured, landscape) image to show it upright.
///
/// The back camera held in portrait gives `.right`.
public enum ImageOrientation: UInt32, CaseNameCodable, Hashable {
  case up = 1
  case upMirrored = 2
  case down = 3
  case downMirrored = 4
  case leftMirrored = 5
  case right = 6
  case rightMirrored = 7
  case left = 8

  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  public var name: String {
    switch self {
    case .up: "up"
    case .upMirrored: "upMirrored"
    case .down: "down"
    case .downMirrored: "downMirrored"
    case .leftMirrored: "leftMirrored"
    case .right: "right"
    case .rightMirrored: "rightMirrored"
    case .left: "left"
    }
  }

  /// Whether the oriented image's width and height are the stored image's height and width
  /// (`leftMirrored`, `right`, `rightMirrored`, `left`).
  public var swapsWidthAndHeight: Bool { rawValue >= 5 }

  /// The size of the oriented (upright) image for a stored image of `size`.
  public func orientedSize(forStoredSize size: Size) -> Size {
    swapsWidthAndHeight ? size.transposed : size
  }

  /// The map from stored-image normalized coordinates to oriented-image normalized coordinates
  /// (both top-left origin, 0...1), DESIGN §3.3: up `(x, y)`; upMirrored `(1-x, y)`; down
  /// `(1-x, 1-y)`; downMirrored `(x, 1-y)`; leftMirrored `(y, x)`; right `(1-y, x)`;
  /// rightMirrored `(1-y, 1-x)`; left `(y, 1-x)`.
  public var orientedFromStoredNormalized: AffineTransform2D {
    // x' = a x + c y + tx, y' = b x + d y + ty
    switch self {
    case .up: .identity
    case .upMirrored: AffineTransform2D(a: -1, b: 0, c: 0, d: 1, tx: 1, ty: 0)
    case .down: AffineTransform2D(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1)
    case .downMirrored: AffineTransform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)
    case .leftMirrored: AffineTransform2D(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
    case .right: AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
    case .rightMirrored: AffineTransform2D(a: 0, b: -1, c: -1, d: 0, tx: 1, ty: 1)
    case .left: AffineTransform2D(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)
    }
  }
}
