extension ARCore {
  /// ARCore's 2D coordinate systems (`com.google.ar.core.Coordinates2d`), spelled as ARCore spells
  /// the enum constants in JSON and on the command line (`"VIEW_NORMALIZED"`).
  ///
  /// - `IMAGE_PIXELS`: the CPU image (`Frame.acquireCameraImage`), unrotated, x right and y down
  ///   from the top-left corner, in continuous pixels (pixel `(i, j)` covers `[i, i+1) x [j, j+1)`).
  /// - `IMAGE_NORMALIZED`: the same divided by the CPU image size, `0...1`.
  /// - `TEXTURE_TEXELS`: the GPU texture, unrotated, top-left origin, in texels.
  /// - `TEXTURE_NORMALIZED`: the same divided by the texture size, `0...1`; top-left origin, as
  ///   Android's 2D APIs (an OpenGL sampler needs `t' = 1 - t`).
  /// - `VIEW`: the Android view, display-rotated, top-left origin, in view pixels.
  /// - `VIEW_NORMALIZED`: the same divided by the view size, `0...1`.
  /// - `OPENGL_NORMALIZED_DEVICE_COORDINATES`: display-rotated, `-1...1`, +y up:
  ///   `(2x - 1, 1 - 2y)` of `VIEW_NORMALIZED`.
  public enum Coordinates2d: CaseNameCodable, Hashable {
    /// GPU texture, (x, y) in texels.
    case textureTexels
    /// GPU texture coordinates, (s, t) normalized to `0...1`.
    case textureNormalized
    /// CPU image, (x, y) in pixels.
    case imagePixels
    /// CPU image, (x, y) normalized to `0...1`.
    case imageNormalized
    /// OpenGL normalized device coordinates, display-rotated, (x, y) in `-1...1`.
    case openGLNormalizedDeviceCoordinates
    /// Android view, display-rotated, (x, y) in pixels.
    case view
    /// Android view, display-rotated, (x, y) normalized to `0...1`.
    case viewNormalized

    /// Decodes the case from ARCore's name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes ARCore's name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// ARCore's name of the constant (`"TEXTURE_TEXELS"`, ...).
    public var name: String {
      switch self {
      case .textureTexels: "TEXTURE_TEXELS"
      case .textureNormalized: "TEXTURE_NORMALIZED"
      case .imagePixels: "IMAGE_PIXELS"
      case .imageNormalized: "IMAGE_NORMALIZED"
      case .openGLNormalizedDeviceCoordinates: "OPENGL_NORMALIZED_DEVICE_COORDINATES"
      case .view: "VIEW"
      case .viewNormalized: "VIEW_NORMALIZED"
      }
    }

    /// The C API's value (`ArCoordinates2dType`): TEXTURE_TEXELS 0, TEXTURE_NORMALIZED 1,
    /// IMAGE_PIXELS 2, IMAGE_NORMALIZED 3, OPENGL_NORMALIZED_DEVICE_COORDINATES 6, VIEW 7,
    /// VIEW_NORMALIZED 8.
    public var cValue: Int32 {
      switch self {
      case .textureTexels: 0
      case .textureNormalized: 1
      case .imagePixels: 2
      case .imageNormalized: 3
      case .openGLNormalizedDeviceCoordinates: 6
      case .view: 7
      case .viewNormalized: 8
      }
    }

    /// Whether the space is display-rotated (follows the display geometry).
    public var isDisplayRotated: Bool {
      switch self {
      case .view, .viewNormalized, .openGLNormalizedDeviceCoordinates: true
      case .textureTexels, .textureNormalized, .imagePixels, .imageNormalized: false
      }
    }
  }
}
