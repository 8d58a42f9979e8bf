import SceneFormat

/// How the reported (tracked) camera pose departs from the true one. The truth and the detector
/// stay on the true pose; only `frames[i].camera` carries these errors.
///
/// JSON (every member optional, defaults in brackets): `{"positionNoiseMeters" [0],
/// "rotationNoiseDegrees" [0], "driftMetersPerSecond" [[0, 0, 0]], "jumps" [[]]: [{"time": s,
/// "offsetMeters": [x, y, z]}], "lossIntervals" [[]]: [[start, end], ...]}`.
/// - noise: independent Gaussian per frame (standard deviations; rotation about a random axis);
/// - drift: a world offset growing linearly with time;
/// - jumps: from `time` on, the reported pose is shifted by `offsetMeters` (relocalization
///   errors accumulate);
/// - loss intervals (seconds, `start < end`, half-open `[start, end)`): tracking is lost; the
///   reported camera holds the last tracked pose, frames carry no feature points and no
///   detections (apps skip detection while ARKit's tracking state is `.limited`), and plane
///   anchors are frozen. Format v1 has no tracking-state member, so loss shows as exactly that.
public struct TrackingModelSpec: Sendable, Hashable {
  /// Standard deviation of the per-frame position noise (metres, >= 0).
  public var positionNoiseMeters: Double = 0
  /// Standard deviation of the per-frame rotation noise (degrees, >= 0).
  public var rotationNoiseDegrees: Double = 0
  /// Drift velocity (world metres per second).
  public var driftMetersPerSecond: SIMD3<Float> = .zero
  /// A sudden shift of the reported pose (a relocalization error), kept from its time on.
  public struct Jump: Sendable, Hashable {
    /// When it happens (seconds from the start).
    public var timeSeconds: Double
    /// The world offset added to the reported position from then on (metres).
    public var offsetMeters: SIMD3<Float>

    /// Creates a jump.
    public init(timeSeconds: Double, offsetMeters: SIMD3<Float>) {
      self.timeSeconds = timeSeconds
      self.offsetMeters = offsetMeters
    }
  }

  /// The jumps, sorted by time.
  public var jumps: [Jump] = []
  /// Tracking-loss intervals `[start, end)` in seconds.
  public var lossIntervals: [ClosedRange<Double>] = []

  /// A perfect tracker.
  public init() {}

  /// Whether tracking is lost at `timeSeconds` (inside some `[start, end)`).
  public func isLost(at timeSeconds: Double) -> Bool {
    lossIntervals.contains { timeSeconds >= $0.lowerBound && timeSeconds < $0.upperBound }
  }

  /// The deterministic part of the pose error at `timeSeconds`: drift plus the jumps so far.
  func offset(at timeSeconds: Double) -> SIMD3<Float> {
    var total = Float(timeSeconds) * driftMetersPerSecond
    for jump in jumps where jump.timeSeconds <= timeSeconds { total += jump.offsetMeters }
    return total
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    positionNoiseMeters =
      try object.optional("positionNoiseMeters") { try $0.number(atLeast: 0, atMost: 1) } ?? 0
    rotationNoiseDegrees =
      try object.optional("rotationNoiseDegrees") { try $0.number(atLeast: 0, atMost: 45) } ?? 0
    driftMetersPerSecond =
      try object.optional("driftMetersPerSecond") { try $0.floatVector3() } ?? .zero
    jumps =
      try object.optional("jumps") { value in
        try value.array { element in
          var members = try JSONObjectDecoder(element, strict: true)
          let time = try members.required("time") { try $0.number(atLeast: 0) }
          let offset = try members.required("offsetMeters") { try $0.floatVector3() }
          _ = try members.extras()
          return Jump(timeSeconds: time, offsetMeters: offset)
        }.sorted { $0.timeSeconds < $1.timeSeconds }
      } ?? []
    lossIntervals =
      try object.optional("lossIntervals") { value in
        try value.array { element in
          let pair = try element.finiteNumbers(count: 2)
          guard pair[0] >= 0, pair[0] < pair[1] else {
            throw InputFileError(.invalidValue, "expected [start, end] with 0 <= start < end")
          }
          return pair[0]...pair[1]
        }
      } ?? []
    _ = try object.extras()
  }
}

extension TrackingModelSpec {
  /// The JSON object (every member written).
  public var jsonValue: JSONValue {
    .object([
      "positionNoiseMeters": .number(positionNoiseMeters),
      "rotationNoiseDegrees": .number(rotationNoiseDegrees),
      "driftMetersPerSecond": .floats([
        driftMetersPerSecond.x, driftMetersPerSecond.y, driftMetersPerSecond.z,
      ]),
      "jumps": .array(
        jumps.map {
          .object([
            "time": .number($0.timeSeconds),
            "offsetMeters": .floats([$0.offsetMeters.x, $0.offsetMeters.y, $0.offsetMeters.z]),
          ])
        }),
      "lossIntervals": .array(lossIntervals.map { .numbers([$0.lowerBound, $0.upperBound]) }),
    ])
  }
}
