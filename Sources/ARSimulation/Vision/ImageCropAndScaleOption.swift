/// How Vision fits the region of interest into a Core ML model's input
/// (`VNImageCropAndScaleOption`, with its raw values).
public enum ImageCropAndScaleOption: UInt, CaseNameCodable, Hashable {
  /// Scale so the shorter side fills the input and crop the centre of the longer side.
  case centerCrop = 0
  /// Scale so the longer side fits the input, keeping the aspect ratio; the rest is padding.
  case scaleFit = 1
  /// Stretch to the input size, ignoring the aspect ratio.
  case scaleFill = 2
  /// Rotate the region 90° counter-clockwise, then `scaleFit`.
  case scaleFitRotate90CCW = 257
  /// Rotate the region 90° counter-clockwise, then `scaleFill`.
  case scaleFillRotate90CCW = 258

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The case name used in JSON and on the command line.
  public var name: String {
    switch self {
    case .centerCrop: "centerCrop"
    case .scaleFit: "scaleFit"
    case .scaleFill: "scaleFill"
    case .scaleFitRotate90CCW: "scaleFitRotate90CCW"
    case .scaleFillRotate90CCW: "scaleFillRotate90CCW"
    }
  }

  /// Whether the region is rotated 90° counter-clockwise before scaling.
  public var rotatesRegion90CCW: Bool { rawValue >= 256 }
}
