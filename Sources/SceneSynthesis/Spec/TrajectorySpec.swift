import ARSimulation
import SceneFormat
import SpatialMath

/// The true camera path of a scene spec: timed waypoints the camera moves through while looking at
/// a point, plus hand tremor.
///
/// JSON: `{"waypoints": [{"time": s, "position": [x, y, z], "lookAt": [x, y, z]}, ...],
/// "tremor"?: {"positionAmplitudeMeters", "rotationAmplitudeDegrees", "frequencyHertz"},
/// "hand"?: {...}}` (``HandMotionSpec``: handheld motion fitted to a real trajectory), world
/// metres, seconds from the start of the scene, times strictly increasing. Between waypoints the
/// position and look-at point move with smoothstep easing (zero velocity at each waypoint, like a
/// hand that pauses); before the first and after the last the camera holds. The camera's roll
/// follows the viewport's interface orientation (the phone is held upright for `portrait`), see
/// ``SceneSynthesizer``.
public struct TrajectorySpec: Sendable, Hashable {
  /// One timed waypoint (world metres, seconds).
  public struct Waypoint: Sendable, Hashable {
    /// Seconds from the start of the scene.
    public var timeSeconds: Double
    /// The optical centre in world metres.
    public var position: SIMD3<Float>
    /// The world point the optical axis goes through (must differ from `position`).
    public var lookAt: SIMD3<Float>

    /// Creates a waypoint.
    public init(timeSeconds: Double, position: SIMD3<Float>, lookAt: SIMD3<Float>) {
      self.timeSeconds = timeSeconds
      self.position = position
      self.lookAt = lookAt
    }
  }

  /// Hand tremor: a sum of three sines per axis with seeded phases and frequencies spread around
  /// `frequencyHertz`; the amplitudes are the per-axis peak of each sine divided by 3 (so the sum
  /// stays within the amplitude).
  public struct Tremor: Sendable, Hashable {
    /// Peak displacement per axis (metres, >= 0).
    public var positionAmplitudeMeters: Double
    /// Peak rotation per axis (degrees, >= 0).
    public var rotationAmplitudeDegrees: Double
    /// Centre frequency (hertz, > 0); physiological tremor is 4–12 Hz.
    public var frequencyHertz: Double

    /// No tremor.
    public static let none = Tremor(
      positionAmplitudeMeters: 0, rotationAmplitudeDegrees: 0, frequencyHertz: 8)

    /// Creates tremor parameters.
    public init(
      positionAmplitudeMeters: Double, rotationAmplitudeDegrees: Double, frequencyHertz: Double
    ) {
      self.positionAmplitudeMeters = positionAmplitudeMeters
      self.rotationAmplitudeDegrees = rotationAmplitudeDegrees
      self.frequencyHertz = frequencyHertz
    }
  }

  /// The waypoints, times strictly increasing; at least one.
  public var waypoints: [Waypoint]
  /// The tremor added to the eased path.
  public var tremor: Tremor
  /// The handheld motion added to the eased path, or `nil` for none.
  public var hand: HandMotionSpec?

  /// Creates a trajectory (call sites that build one in code are trusted; JSON is validated).
  public init(waypoints: [Waypoint], tremor: Tremor = .none, hand: HandMotionSpec? = nil) {
    self.waypoints = waypoints
    self.tremor = tremor
    self.hand = hand
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    var previous: Double?
    waypoints = try object.required("waypoints") { value in
      let list = try value.array { element -> Waypoint in
        var members = try JSONObjectDecoder(element, strict: true)
        let time = try members.required("time") { try $0.number(atLeast: 0) }
        if let previous, !(time > previous) {
          throw InputFileError(
            .invalidValue, "waypoint times must be strictly increasing", path: [.key("time")])
        }
        previous = time
        let position = try members.required("position") { try $0.floatVector3() }
        let lookAt = try members.required("lookAt") { try $0.floatVector3() }
        guard (lookAt - position).length > 1e-4 else {
          throw InputFileError(
            .invalidValue, "lookAt must differ from position", path: [.key("lookAt")])
        }
        _ = try members.extras()
        return Waypoint(timeSeconds: time, position: position, lookAt: lookAt)
      }
      guard !list.isEmpty else {
        throw InputFileError(.invalidValue, "needs at least one waypoint")
      }
      return list
    }
    tremor =
      try object.optional("tremor") { value in
        var members = try JSONObjectDecoder(value, strict: true)
        let tremor = Tremor(
          positionAmplitudeMeters: try members.required("positionAmplitudeMeters") {
            try $0.number(atLeast: 0, atMost: 1)
          },
          rotationAmplitudeDegrees: try members.required("rotationAmplitudeDegrees") {
            try $0.number(atLeast: 0, atMost: 45)
          },
          frequencyHertz: try members.required("frequencyHertz") { try $0.positiveNumber() })
        _ = try members.extras()
        return tremor
      } ?? .none
    hand = try object.optional("hand") { try HandMotionSpec(json: $0) }
    _ = try object.extras()
  }

  /// The eased position and look-at point at `timeSeconds` (before tremor).
  func easedPose(at timeSeconds: Double) -> (position: SIMD3<Float>, lookAt: SIMD3<Float>) {
    guard let first = waypoints.first, let last = waypoints.last else {
      return (.zero, SIMD3(0, 0, -1))
    }
    if timeSeconds <= first.timeSeconds { return (first.position, first.lookAt) }
    if timeSeconds >= last.timeSeconds { return (last.position, last.lookAt) }
    let next = waypoints.firstIndex { $0.timeSeconds > timeSeconds } ?? (waypoints.count - 1)
    let a = waypoints[next - 1]
    let b = waypoints[next]
    let u = (timeSeconds - a.timeSeconds) / (b.timeSeconds - a.timeSeconds)
    let s = Float(u * u * (3 - 2 * u))
    return (a.position + s * (b.position - a.position), a.lookAt + s * (b.lookAt - a.lookAt))
  }
}

extension TrajectorySpec {
  /// The JSON object (`hand` only when set).
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "waypoints": .array(
        waypoints.map { point in
          .object([
            "time": .number(point.timeSeconds),
            "position": .floats([point.position.x, point.position.y, point.position.z]),
            "lookAt": .floats([point.lookAt.x, point.lookAt.y, point.lookAt.z]),
          ])
        }),
      "tremor": .object([
        "positionAmplitudeMeters": .number(tremor.positionAmplitudeMeters),
        "rotationAmplitudeDegrees": .number(tremor.rotationAmplitudeDegrees),
        "frequencyHertz": .number(tremor.frequencyHertz),
      ]),
    ]
    if let hand { members["hand"] = hand.jsonValue }
    return .object(members)
  }
}
