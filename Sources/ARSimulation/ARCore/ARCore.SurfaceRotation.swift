import SpatialMath

extension ARCore {
  /// The display rotation as Android's `Surface.ROTATION_*` constants give it: the rotation of the
  /// drawn graphics from the device's natural orientation (portrait for phones), clockwise, the
  /// opposite of the device's physical rotation. Turning a phone 90° counter-clockwise into
  /// landscape gives `ROTATION_90`.
  public enum SurfaceRotation: CaseNameCodable, Hashable {
    /// `Surface.ROTATION_0`: the natural orientation.
    case rotation0
    /// `Surface.ROTATION_90`.
    case rotation90
    /// `Surface.ROTATION_180`.
    case rotation180
    /// `Surface.ROTATION_270`.
    case rotation270

    /// Decodes the case from its name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// Android's constant name (`"ROTATION_0"`, ...).
    public var name: String { "ROTATION_\(degrees)" }

    /// The rotation for a number of degrees (0, 90, 180 or 270), or `nil` for any other value.
    public init?(degrees: Int) {
      switch degrees {
      case 0: self = .rotation0
      case 90: self = .rotation90
      case 180: self = .rotation180
      case 270: self = .rotation270
      default: return nil
      }
    }

    /// The rotation in degrees: 0, 90, 180 or 270.
    public var degrees: Int { quarterTurns * 90 }

    /// Android's constant value (`Surface.ROTATION_0` = 0 ... `ROTATION_270` = 3).
    public var androidValue: Int { quarterTurns }

    /// The rotation in quarter turns (0...3).
    public var quarterTurns: Int {
      switch self {
      case .rotation0: 0
      case .rotation90: 1
      case .rotation180: 2
      case .rotation270: 3
      }
    }
  }
}
