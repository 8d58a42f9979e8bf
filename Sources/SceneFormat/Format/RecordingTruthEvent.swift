import ARSimulation

/// One event of the scene that the recording's truth knows about and the frames alone cannot
/// show: a sudden shift of the reported camera pose (a relocalization error), an interval in
/// which tracking was lost, the drift of the reported pose, a tracking correction, or an
/// interruption of the session and the relocalization after it. A
/// synthesized recording carries the events of its spec; pictures mark them on the time axis;
/// a session moves the app's anchors by the drift and corrections (see `TrackingErrorTimeline`).
///
/// JSON: `{"kind": "trackingJump", "timestamp": t, "offsetMeters": [x, y, z]}`,
/// `{"kind": "trackingLost", "timestamp": t0, "endTimestamp": t1}`,
/// `{"kind": "trackingDrift", "timestamp": t0, "velocityMetersPerSecond": [x, y, z]}` or
/// `{"kind": "trackingCorrection", "timestamp": t, "fraction": f, "radiusMeters": r,
/// "falloffMeters": w}` or `{"kind": "trackingInterrupted", "timestamp": t0, "endTimestamp": t1,
/// "offsetMeters": [x, y, z], "relocalizedTimestamp": t2 | "resetTimestamp": t2}` (at most one
/// of the last two). Timestamps are seconds on the frames' clock (`frames[i].timestamp`); a
/// loss interval is half-open `[t0, t1)`.
public struct RecordingTruthEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: CaseNameCodable, Hashable {
    /// From `timestamp` on, the reported camera position is off by ``offsetMeters`` more than
    /// before (world metres; jumps accumulate).
    case trackingJump
    /// From `timestamp` to ``endTimestamp`` tracking was lost (ARKit's `.limited` or
    /// `.notAvailable`): the reported pose holds, no detections run.
    case trackingLost
    /// From `timestamp` on, the reported camera position drifts by
    /// ``velocityMetersPerSecond`` × (t − `timestamp`) more than before (world metres).
    case trackingDrift
    /// At `timestamp` tracking removes ``fraction`` of the error the reported position has
    /// accumulated (drift, jumps, earlier corrections); anchors within ``radiusMeters`` of the
    /// camera absorb the same fraction of their own error, with a weight falling linearly to 0
    /// over the next ``falloffMeters``.
    case trackingCorrection
    /// The session was interrupted (the app in the background: no frames) from `timestamp` to
    /// ``endTimestamp``, then relocalized: from ``endTimestamp`` the frames report
    /// `.limited(.relocalizing)` with the reported camera position off by ``offsetMeters`` more
    /// than before (world metres: the pose resumed where it was held, and the device had moved),
    /// until ``relocalizedTimestamp`` (relocalization succeeded), ``resetTimestamp`` (it failed
    /// and the app reset tracking, removing every anchor), or the end of the recording (it
    /// never succeeded). The position changes are written as `trackingJump` events too.
    case trackingInterrupted

    /// Decodes the case from its name.
    public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// The name used in JSON.
    public var name: String {
      switch self {
      case .trackingJump: "trackingJump"
      case .trackingLost: "trackingLost"
      case .trackingDrift: "trackingDrift"
      case .trackingCorrection: "trackingCorrection"
      case .trackingInterrupted: "trackingInterrupted"
      }
    }
  }

  /// What happened.
  public var kind: Kind
  /// When it happened (a loss: when it started), seconds on the frames' clock.
  public var timestamp: Double
  /// When a loss or an interruption ended (exclusive), seconds; `nil` for other kinds.
  public var endTimestamp: Double?
  /// The jump's world offset, or an interruption's offset of the reported position while
  /// relocalizing, metres; `nil` for other kinds.
  public var offsetMeters: SIMD3<Double>?
  /// When the relocalization after an interruption succeeded, seconds; `nil` for other kinds
  /// and an interruption that never relocalized.
  public var relocalizedTimestamp: Double?
  /// When the app reset tracking after an interruption whose relocalization failed, seconds;
  /// `nil` for other kinds and an interruption without a reset.
  public var resetTimestamp: Double?
  /// The drift's world velocity, metres per second; `nil` for other kinds.
  public var velocityMetersPerSecond: SIMD3<Double>?
  /// The part of the accumulated error a correction removes, 0...1; `nil` for other kinds.
  public var fraction: Double?
  /// The distance from the camera (metres, >= 0) within which anchors absorb a correction in
  /// full; `nil` for other kinds.
  public var radiusMeters: Double?
  /// The width (metres, >= 0) beyond ``radiusMeters`` over which the weight of a correction
  /// falls linearly to 0; `nil` for other kinds.
  public var falloffMeters: Double?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// A jump of the reported camera position by `offsetMeters` (world metres) at `timestamp`.
  public static func trackingJump(
    timestamp: Double, offsetMeters: SIMD3<Double>
  ) -> RecordingTruthEvent {
    RecordingTruthEvent(
      kind: .trackingJump, timestamp: timestamp, endTimestamp: nil, offsetMeters: offsetMeters,
      extras: [:])
  }

  /// Tracking lost over `[timestamp, endTimestamp)`, seconds.
  public static func trackingLost(timestamp: Double, endTimestamp: Double) -> RecordingTruthEvent {
    RecordingTruthEvent(
      kind: .trackingLost, timestamp: timestamp, endTimestamp: endTimestamp, offsetMeters: nil,
      extras: [:])
  }

  /// A drift of the reported camera position at `velocityMetersPerSecond` (world metres per
  /// second) from `timestamp` on.
  public static func trackingDrift(
    timestamp: Double, velocityMetersPerSecond: SIMD3<Double>
  ) -> RecordingTruthEvent {
    RecordingTruthEvent(
      kind: .trackingDrift, timestamp: timestamp, endTimestamp: nil, offsetMeters: nil,
      velocityMetersPerSecond: velocityMetersPerSecond)
  }

  /// A correction at `timestamp` removing `fraction` of the accumulated error, absorbed in full
  /// by anchors within `radiusMeters` of the camera and fading out over `falloffMeters`.
  public static func trackingCorrection(
    timestamp: Double, fraction: Double, radiusMeters: Double, falloffMeters: Double
  ) -> RecordingTruthEvent {
    RecordingTruthEvent(
      kind: .trackingCorrection, timestamp: timestamp, endTimestamp: nil, offsetMeters: nil,
      fraction: fraction, radiusMeters: radiusMeters, falloffMeters: falloffMeters)
  }

  /// An interruption over `[timestamp, endTimestamp)` followed by relocalization with the
  /// reported position off by `offsetMeters` until `relocalizedTimestamp` or `resetTimestamp`
  /// (neither: to the end).
  public static func trackingInterrupted(
    timestamp: Double, endTimestamp: Double, offsetMeters: SIMD3<Double>,
    relocalizedTimestamp: Double? = nil, resetTimestamp: Double? = nil
  ) -> RecordingTruthEvent {
    RecordingTruthEvent(
      kind: .trackingInterrupted, timestamp: timestamp, endTimestamp: endTimestamp,
      offsetMeters: offsetMeters, relocalizedTimestamp: relocalizedTimestamp,
      resetTimestamp: resetTimestamp)
  }

  /// The interval `[endTimestamp, relocalized or reset or +∞)` of an interruption in which the
  /// frames report `.limited(.relocalizing)`, with the offset of the reported position then;
  /// `nil` for other kinds.
  public var relocalizingInterval: (start: Double, end: Double, offsetMeters: SIMD3<Double>)? {
    guard kind == .trackingInterrupted, let endTimestamp, let offsetMeters else { return nil }
    return (endTimestamp, relocalizedTimestamp ?? resetTimestamp ?? .infinity, offsetMeters)
  }

  /// Creates an event; call ``validate()`` to check it.
  public init(
    kind: Kind, timestamp: Double, endTimestamp: Double?, offsetMeters: SIMD3<Double>?,
    velocityMetersPerSecond: SIMD3<Double>? = nil, fraction: Double? = nil,
    radiusMeters: Double? = nil, falloffMeters: Double? = nil,
    relocalizedTimestamp: Double? = nil, resetTimestamp: Double? = nil,
    extras: [String: JSONValue] = [:]
  ) {
    self.relocalizedTimestamp = relocalizedTimestamp
    self.resetTimestamp = resetTimestamp
    self.kind = kind
    self.timestamp = timestamp
    self.endTimestamp = endTimestamp
    self.offsetMeters = offsetMeters
    self.velocityMetersPerSecond = velocityMetersPerSecond
    self.fraction = fraction
    self.radiusMeters = radiusMeters
    self.falloffMeters = falloffMeters
    self.extras = extras
  }

  /// Checks a finite timestamp and the members of the kind: a finite offset for a jump, a finite
  /// end after the start for a loss, a finite velocity for a drift, a fraction in 0...1 and a
  /// finite radius and falloff >= 0 for a correction (and no member where it does not belong).
  ///
  /// - Throws: ``InputFileError`` with a path relative to the event (`endTimestamp`).
  public func validate() throws {
    try RecordingValidation.requireFinite(timestamp, "timestamp")
    try validateMembersOfKind()
    switch kind {
    case .trackingDrift, .trackingCorrection:
      try validateDriftOrCorrection()
    case .trackingInterrupted:
      try validateInterruption()
    case .trackingJump:
      guard let offsetMeters else {
        throw InputFileError(
          .missingField, "a trackingJump needs \"offsetMeters\"", path: [.key("offsetMeters")])
      }
      do {
        try RecordingValidation.requireFinite([offsetMeters.x, offsetMeters.y, offsetMeters.z])
      } catch let error as InputFileError {
        throw error.prefixed(.key("offsetMeters"))
      }
      if endTimestamp != nil {
        throw InputFileError(
          .invalidValue, "a trackingJump has no \"endTimestamp\"", path: [.key("endTimestamp")])
      }
    case .trackingLost:
      guard let endTimestamp else {
        throw InputFileError(
          .missingField, "a trackingLost needs \"endTimestamp\"", path: [.key("endTimestamp")])
      }
      try RecordingValidation.requireFinite(endTimestamp, "endTimestamp")
      guard endTimestamp > timestamp else {
        throw InputFileError(
          .invalidValue,
          "must be after timestamp \(JSONWriter.text(of: timestamp)), got \(JSONWriter.text(of: endTimestamp))",
          path: [.key("endTimestamp")])
      }
      if offsetMeters != nil {
        throw InputFileError(
          .invalidValue, "a trackingLost has no \"offsetMeters\"", path: [.key("offsetMeters")])
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    kind = try object.required("kind") { try $0.named(Kind.self, what: "event kind") }
    timestamp = try object.required("timestamp") { try $0.number() }
    endTimestamp = try object.optional("endTimestamp") { try $0.number() }
    offsetMeters = try object.optional("offsetMeters") { try $0.vector3() }
    velocityMetersPerSecond = try object.optional("velocityMetersPerSecond") { try $0.vector3() }
    fraction = try object.optional("fraction") { try $0.number() }
    radiusMeters = try object.optional("radiusMeters") { try $0.number() }
    falloffMeters = try object.optional("falloffMeters") { try $0.number() }
    relocalizedTimestamp = try object.optional("relocalizedTimestamp") { try $0.number() }
    resetTimestamp = try object.optional("resetTimestamp") { try $0.number() }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; absent members not written).
  public var jsonValue: JSONValue {
    var members = extras
    members["kind"] = .string(kind.name)
    members["timestamp"] = .number(timestamp)
    if let endTimestamp { members["endTimestamp"] = .number(endTimestamp) }
    if let offsetMeters { members["offsetMeters"] = .vector3(offsetMeters) }
    if let velocityMetersPerSecond {
      members["velocityMetersPerSecond"] = .vector3(velocityMetersPerSecond)
    }
    if let fraction { members["fraction"] = .number(fraction) }
    if let radiusMeters { members["radiusMeters"] = .number(radiusMeters) }
    if let falloffMeters { members["falloffMeters"] = .number(falloffMeters) }
    if let relocalizedTimestamp {
      members["relocalizedTimestamp"] = .number(relocalizedTimestamp)
    }
    if let resetTimestamp { members["resetTimestamp"] = .number(resetTimestamp) }
    return .object(members)
  }
}
