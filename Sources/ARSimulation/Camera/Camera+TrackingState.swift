extension Camera {
  /// The quality of the camera pose (ARKit's `ARCamera.TrackingState`).
  ///
  /// Written in recordings as `"trackingState": "normal" | "notAvailable" | "limited"` with, for
  /// `limited` only, `"trackingStateReason": "initializing" | "excessiveMotion" |
  /// "insufficientFeatures" | "relocalizing"` (see ``name`` and ``Reason/name``).
  public enum TrackingState: Sendable, Hashable {
    /// No pose yet (ARKit's `.notAvailable`).
    case notAvailable
    /// A pose of questionable quality, for the reason given (ARKit's `.limited(_:)`).
    case limited(Reason)
    /// Tracking works as intended (ARKit's `.normal`).
    case normal

    /// Why tracking is limited (ARKit's `ARCamera.TrackingState.Reason`, same raw values).
    public enum Reason: Int, CaseNameCodable, Hashable {
      /// The session has just started or resumed (ARKit raw value 0).
      case initializing = 0
      /// The device moves too fast (ARKit raw value 1).
      case excessiveMotion = 1
      /// The scene shows too little texture (ARKit raw value 2).
      case insufficientFeatures = 2
      /// The session is trying to resume after an interruption (ARKit raw value 3).
      case relocalizing = 3

      /// Decodes the case from its name.
      public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
      /// Encodes the case name.
      public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

      /// The case name, as written in recordings.
      public var name: String {
        switch self {
        case .initializing: "initializing"
        case .excessiveMotion: "excessiveMotion"
        case .insufficientFeatures: "insufficientFeatures"
        case .relocalizing: "relocalizing"
        }
      }
    }

    /// The state names as written in recordings, in ARKit's order.
    public static let allNames = ["notAvailable", "limited", "normal"]

    /// The state for a recorded name and reason; `nil` when the name is unknown, a `limited`
    /// state has no reason or another state has one.
    public init?(name: String, reason: Reason?) {
      switch (name, reason) {
      case ("notAvailable", nil): self = .notAvailable
      case ("normal", nil): self = .normal
      case ("limited", let reason?): self = .limited(reason)
      default: return nil
      }
    }

    /// The state's name as written in recordings (`limited` without its reason).
    public var name: String {
      switch self {
      case .notAvailable: "notAvailable"
      case .limited: "limited"
      case .normal: "normal"
      }
    }

    /// The reason of a `limited` state, else `nil`.
    public var reason: Reason? {
      if case .limited(let reason) = self { return reason }
      return nil
    }
  }
}
