extension ARCore {
  /// `com.google.ar.core.TrackingState`: whether a camera or trackable is tracked.
  public enum TrackingState: CaseNameCodable, Hashable {
    /// Currently tracking; poses are valid.
    case tracking
    /// Tracking is lost for now and may resume.
    case paused
    /// Tracking has stopped and will not resume.
    case stopped

    /// Decodes the case from ARCore's name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes ARCore's name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// ARCore's name (`"TRACKING"`, `"PAUSED"`, `"STOPPED"`).
    public var name: String {
      switch self {
      case .tracking: "TRACKING"
      case .paused: "PAUSED"
      case .stopped: "STOPPED"
      }
    }
  }
}
