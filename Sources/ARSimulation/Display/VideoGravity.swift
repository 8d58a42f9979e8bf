/// How an image is fitted into a view or layer (AVFoundation's `AVLayerVideoGravity`).
///
/// ARKit's display transform is `resizeAspectFill`.
public enum VideoGravity: CaseNameCodable, Hashable {
  /// Stretch to the layer's bounds, ignoring the aspect ratio (per-axis scale).
  case resize
  /// Keep the aspect ratio and fit inside the bounds (letterbox): scale `min`.
  case resizeAspect
  /// Keep the aspect ratio and fill the bounds, cropping the overflow: scale `max`.
  case resizeAspectFill

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The case name used in JSON and on the command line.
  public var name: String {
    switch self {
    case .resize: "resize"
    case .resizeAspect: "resizeAspect"
    case .resizeAspectFill: "resizeAspectFill"
    }
  }
}
