import Foundation
import SceneFormat
import SpatialMath

/// How the reported (tracked) camera pose departs from the true one. The truth and the detector
/// stay on the true pose; only `frames[i].camera` carries these errors.
///
/// JSON (every member optional, defaults in brackets): `{"positionNoiseMeters" [0],
/// "rotationNoiseDegrees" [0], "driftMetersPerSecond" [[0, 0, 0]], "jumps" [[]]: [{"time": s,
/// "offsetMeters": [x, y, z]}], "lossIntervals" [[]]: [[start, end], ...], "corrections" [[]]:
/// [{"time": s, "fraction" [1], "radiusMeters" [1.5], "falloffMeters" [1]}],
/// "randomCorrections" [absent]: {"meanIntervalSeconds": s, "fraction" [1], "radiusMeters" [1.5],
/// "falloffMeters" [1]}}`.
/// - noise: independent Gaussian per frame (standard deviations; rotation about a random axis);
/// - drift: a world offset growing linearly with time;
/// - jumps: from `time` on, the reported pose is shifted by `offsetMeters` (relocalization
///   errors accumulate);
/// - loss intervals (seconds, `start < end`, half-open `[start, end)`): tracking is lost; the
///   reported camera holds the last tracked pose, frames carry no feature points and no
///   detections (apps skip detection while ARKit's tracking state is `.limited`), and plane
///   anchors are frozen. Format v1 has no tracking-state member, so loss shows as exactly that.
/// - corrections: at `time`, tracking removes `fraction` of the error it has accumulated (drift,
///   jumps, earlier corrections): the reported camera moves toward the true pose, and anchors
///   within `radiusMeters` of the camera (plane anchors, an app's anchors) absorb the same
///   fraction of the error they were mapped with, with a weight falling linearly to 0 over the
///   next `falloffMeters`; the world origin stays (see `TrackingErrorTimeline`). With
///   corrections, plane anchors are mapped with the camera's error when first detected (without
///   them they stay on the truth, as before).
/// - random corrections: more corrections at times drawn from the seed (exponential intervals
///   of mean `meanIntervalSeconds` from the start), with the given fraction, radius and falloff.
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
  /// The tracking corrections at fixed times (scene seconds), sorted by time.
  public var corrections: [TrackingErrorTimeline.Correction] = []
  /// Corrections at random times drawn from the seed.
  public struct RandomCorrections: Sendable, Hashable {
    /// The mean interval between corrections (seconds, > 0; exponential intervals).
    public var meanIntervalSeconds: Double
    /// The fraction, radius and falloff of each (its `timeSeconds` is not used).
    public var shape: TrackingErrorTimeline.Correction

    /// Creates the model.
    public init(meanIntervalSeconds: Double, shape: TrackingErrorTimeline.Correction) {
      self.meanIntervalSeconds = meanIntervalSeconds
      self.shape = shape
    }
  }
  /// The random corrections, or `nil` for none.
  public var randomCorrections: RandomCorrections?

  /// Whether the spec corrects tracking (fixed or random corrections).
  public var hasCorrections: Bool { !corrections.isEmpty || randomCorrections != nil }

  /// A perfect tracker.
  public init() {}

  /// Whether tracking is lost at `timeSeconds` (inside some `[start, end)`).
  public func isLost(at timeSeconds: Double) -> Bool {
    lossIntervals.contains { timeSeconds >= $0.lowerBound && timeSeconds < $0.upperBound }
  }

  /// The error timeline (scene seconds) with the fixed corrections and `randomTimes` drawn
  /// for the random ones (see `TrackingErrorTimeline`).
  func errorTimeline(randomTimes: [Double] = []) -> TrackingErrorTimeline {
    var all = corrections
    if let model = randomCorrections {
      for time in randomTimes {
        var correction = model.shape
        correction.timeSeconds = time
        all.append(correction)
      }
    }
    return TrackingErrorTimeline(
      driftMetersPerSecond: driftMetersPerSecond,
      jumps: jumps.map {
        TrackingErrorTimeline.Jump(timeSeconds: $0.timeSeconds, offsetMeters: $0.offsetMeters)
      }, corrections: all)
  }

  /// The times of the random corrections within `durationSeconds`: exponential intervals of
  /// the mean interval drawn from `random` (one value per correction, and one past the end).
  func randomCorrectionTimes(durationSeconds: Double, using random: inout SplitMix64) -> [Double] {
    guard let model = randomCorrections else { return [] }
    var times: [Double] = []
    var time = 0.0
    while true {
      time += -model.meanIntervalSeconds * log(1 - random.nextUnitDouble())
      guard time < durationSeconds, times.count < 10_000 else { return times }
      times.append(time)
    }
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
    corrections =
      try object.optional("corrections") { value in
        try value.array { element in
          var members = try JSONObjectDecoder(element, strict: true)
          let time = try members.required("time") { try $0.number(atLeast: 0) }
          var correction = try Self.correctionShape(&members)
          correction.timeSeconds = time
          _ = try members.extras()
          return correction
        }.sorted { $0.timeSeconds < $1.timeSeconds }
      } ?? []
    randomCorrections = try object.optional("randomCorrections") { value in
      var members = try JSONObjectDecoder(value, strict: true)
      let interval = try members.required("meanIntervalSeconds") {
        try $0.number(atLeast: 0.01, atMost: 1e6)
      }
      let shape = try Self.correctionShape(&members)
      _ = try members.extras()
      return RandomCorrections(meanIntervalSeconds: interval, shape: shape)
    }
    _ = try object.extras()
  }

  /// A correction's `fraction` [1], `radiusMeters` [1.5] and `falloffMeters` [1] (time 0).
  static func correctionShape(_ members: inout JSONObjectDecoder) throws
    -> TrackingErrorTimeline.Correction
  {
    TrackingErrorTimeline.Correction(
      timeSeconds: 0,
      fraction: try members.optional("fraction") { try $0.number(atLeast: 0, atMost: 1) } ?? 1,
      radiusMeters: try members.optional("radiusMeters") { try $0.number(atLeast: 0, atMost: 1e4) }
        ?? 1.5,
      falloffMeters: try members.optional("falloffMeters") {
        try $0.number(atLeast: 0, atMost: 1e4)
      } ?? 1)
  }
}

extension TrackingModelSpec {
  /// The JSON object (every member written; `corrections` and `randomCorrections` only when
  /// set).
  public var jsonValue: JSONValue {
    .object(
      [
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
      ].merging(correctionMembers) { a, _ in a })
  }

  /// `corrections` and `randomCorrections`, when the spec has them.
  private var correctionMembers: [String: JSONValue] {
    func shape(_ c: TrackingErrorTimeline.Correction) -> [String: JSONValue] {
      [
        "fraction": .number(c.fraction), "radiusMeters": .number(c.radiusMeters),
        "falloffMeters": .number(c.falloffMeters),
      ]
    }
    var members: [String: JSONValue] = [:]
    if !corrections.isEmpty {
      members["corrections"] = .array(
        corrections.map {
          .object(shape($0).merging(["time": .number($0.timeSeconds)]) { a, _ in a })
        })
    }
    if let random = randomCorrections {
      members["randomCorrections"] = .object(
        shape(random.shape).merging(["meanIntervalSeconds": .number(random.meanIntervalSeconds)]) {
          a, _ in a
        })
    }
    return members
  }
}
