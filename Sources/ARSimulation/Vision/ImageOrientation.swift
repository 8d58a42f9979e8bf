import SpatialMath

/// The orientation of the image handed to Vision (`CGImagePropertyOrientation`, EXIF raw values
/// 1...8): how to turn the stored (captured, landscape) image to show it upright.
///
/// The back camera held in portrait gives `.right`.
public enum ImageOrientation: UInt32, CaseNameCodable, Hashable {
  /// Stored upright (EXIF 1).
  case up = 1
  /// Mirrored horizontally (EXIF 2).
  case upMirrored = 2
  /// Rotated 180° (EXIF 3).
  case down = 3
  /// Mirrored vertically (EXIF 4).
  case downMirrored = 4
  /// Mirrored and turned: oriented (x, y) = stored (y, x) (EXIF 5).
  case leftMirrored = 5
  /// Shown by turning the stored image 90° clockwise (EXIF 6): the back camera in portrait.
  case right = 6
  /// Turned 90° clockwise and mirrored (EXIF 7).
  case rightMirrored = 7
  /// Shown by turning the stored image 90° counter-clockwise (EXIF 8).
  case left = 8

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The case name used in JSON and on the command line.
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
  /// (both top-left origin, 0...1), as in
  /// <doc:CoordinateSpaces>: up `(x, y)`; upMirrored `(1-x, y)`; down
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
