extension ARCore {
  /// `com.google.ar.core.TrackingFailureReason`: why the camera's tracking state is `PAUSED`
  /// (`Camera.getTrackingFailureReason()`).
  ///
  /// ARCore returns ``none`` whenever the camera is `TRACKING`, and while it is `PAUSED` because
  /// the session is initializing normally (after `Session.resume()` too).
  public enum TrackingFailureReason: CaseNameCodable, Hashable {
    /// Tracking works as expected, or the session is initializing.
    case none
    /// An internal error: tracking is lost.
    case badState
    /// Too little light to track.
    case insufficientLight
    /// The device moves too fast to track.
    case excessiveMotion
    /// The camera sees too little texture to track.
    case insufficientFeatures
    /// The camera is in use by another app, or was never opened.
    case cameraUnavailable

    /// Decodes the case from ARCore's name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes ARCore's name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// ARCore's name (`"NONE"`, `"BAD_STATE"`, `"INSUFFICIENT_LIGHT"`, `"EXCESSIVE_MOTION"`,
    /// `"INSUFFICIENT_FEATURES"`, `"CAMERA_UNAVAILABLE"`).
    public var name: String {
      switch self {
      case .none: "NONE"
      case .badState: "BAD_STATE"
      case .insufficientLight: "INSUFFICIENT_LIGHT"
      case .excessiveMotion: "EXCESSIVE_MOTION"
      case .insufficientFeatures: "INSUFFICIENT_FEATURES"
      case .cameraUnavailable: "CAMERA_UNAVAILABLE"
      }
    }
  }
}
