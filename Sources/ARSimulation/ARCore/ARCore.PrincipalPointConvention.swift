extension ARCore {
  /// Where ARCore's principal point `(cx, cy)` sits in continuous pixels (pixel `(i, j)` covers
  /// `[i, i+1) x [j, j+1)`). ARCore's documentation does not say, so this is a parameter of
  /// ``ARCore/Camera``.
  public enum PrincipalPointConvention: CaseNameCodable, Hashable {
    /// `(cx, cy)` counts pixel centres at integers, as OpenCV and ARKit do: the principal point is
    /// `(cx + 0.5, cy + 0.5)` in continuous pixels. The default, so that both platforms read
    /// calibrations the same way.
    case pixelCentersAtIntegers
    /// `(cx, cy)` is already in continuous pixels.
    case continuous

    /// Decodes the case from its name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// The name used in JSON and on the command line.
    public var name: String {
      switch self {
      case .pixelCentersAtIntegers: "pixelCentersAtIntegers"
      case .continuous: "continuous"
      }
    }

    /// What to add to ARCore's principal point to get it in continuous pixels: 0.5 or 0.
    public var offsetToContinuousPixels: Double {
      switch self {
      case .pixelCentersAtIntegers: 0.5
      case .continuous: 0
      }
    }
  }
}
