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
/// "falloffMeters" [1]}, "initializingSeconds" [0], "interruptions" [[]]: [{"start": s, "end": s,
/// "outcome" ["relocalized"]: "relocalized" | "failed", "relocalizationSeconds" [1],
/// "relocalizationErrorMeters" [[0, 0, 0]], "resetAfterSeconds" [absent]}],
/// "excessiveMotionDegreesPerSecond" [absent]}`.
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
/// - tracking states: a spec with `initializingSeconds` > 0, interruptions or
///   `excessiveMotionDegreesPerSecond` writes ARKit's
///   tracking state on every frame (`normal`, or `limited` with its reason; a loss interval is
///   `limited` for `insufficientFeatures`). For the first `initializingSeconds` (and as long
///   after a reset) tracking is `limited(initializing)`: frames carry feature points and
///   detections, no plane anchor is detected yet. With `excessiveMotionDegreesPerSecond`, a
///   frame whose true camera turned faster than that since the frame before (the rotation
///   angle between the two poses over the time between them) is `limited(excessiveMotion)`;
///   ARKit's own threshold is not documented, so the spec names it. Such frames are otherwise
///   tracked as usual (planes, points, depth, detections).
/// - interruptions (`see Interruption`): the app is in the background over `[start, end)`, so
///   the recording has no frames then; from `end` tracking is `limited(relocalizing)`.
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

  /// How long tracking initializes at the start and after a reset (seconds, >= 0).
  public var initializingSeconds: Double = 0

  /// The true camera's angular speed above which a frame's tracking is
  /// `limited(excessiveMotion)` (degrees per second, > 0), or `nil` for never.
  public var excessiveMotionDegreesPerSecond: Double?

  /// An interruption (the app sent to the background, a phone call) and the relocalization after
  /// it, as ARKit runs it when the app's `sessionShouldAttemptRelocalization` returns `true`.
  ///
  /// Over `[start, end)` the session delivers no frames. From `end` the reported camera resumes
  /// at the position it had at `start` and follows the device from there, so its position is off
  /// by how far the device moved meanwhile (`truePosition(start) − truePosition(end)`, world
  /// metres; the orientation stays right, as gravity and the compass keep it), and tracking is
  /// `limited(relocalizing)`: plane anchors are kept but not updated, no feature points are
  /// reported, detections still run on the camera image. With outcome `relocalized`, after
  /// `relocalizationSeconds` the pose snaps back (error `relocalizationErrorMeters` left, a
  /// relocalization that lands slightly wrong) and tracking is `normal`. With `failed`, tracking
  /// stays relocalizing to the end, or, with `resetAfterSeconds`, the app gives up then and
  /// resets tracking (`run(_:options: [.resetTracking, .removeExistingAnchors])`): every plane
  /// anchor is removed, tracking initializes again for `initializingSeconds`, and the planes are
  /// detected again as new anchors (new identifiers). A real reset puts the new world origin at
  /// the device; the simulator keeps the new world aligned with the old one (the pose's offset
  /// removed), so one truth scores the whole recording.
  public struct Interruption: Sendable, Hashable {
    /// What relocalization does.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
      /// It succeeds after ``Interruption/relocalizationSeconds``.
      case relocalized
      /// It never succeeds.
      case failed
    }

    /// When the app leaves the foreground (scene seconds).
    public var startSeconds: Double
    /// When it comes back and frames resume (scene seconds, > start).
    public var endSeconds: Double
    /// What relocalization does.
    public var outcome: Outcome = .relocalized
    /// How long relocalizing takes when it succeeds (seconds, >= 0).
    public var relocalizationSeconds: Double = 1
    /// The error a successful relocalization leaves on the reported position (world metres).
    public var relocalizationErrorMeters: SIMD3<Float> = .zero
    /// With outcome `failed`: how long after `end` the app resets tracking, or `nil` for never.
    public var resetAfterSeconds: Double?

    /// Creates an interruption.
    public init(
      startSeconds: Double, endSeconds: Double, outcome: Outcome = .relocalized,
      relocalizationSeconds: Double = 1, relocalizationErrorMeters: SIMD3<Float> = .zero,
      resetAfterSeconds: Double? = nil
    ) {
      self.startSeconds = startSeconds
      self.endSeconds = endSeconds
      self.outcome = outcome
      self.relocalizationSeconds = relocalizationSeconds
      self.relocalizationErrorMeters = relocalizationErrorMeters
      self.resetAfterSeconds = resetAfterSeconds
    }

    /// When relocalizing ends (relocalized or reset; scene seconds), or `nil` for never.
    public var relocalizingEndSeconds: Double? {
      switch outcome {
      case .relocalized: endSeconds + relocalizationSeconds
      case .failed: resetAfterSeconds.map { endSeconds + $0 }
      }
    }
  }

  /// The interruptions, sorted by start and not overlapping.
  public var interruptions: [Interruption] = []

  /// Whether frames carry ARKit's tracking state (initializing or interruptions modelled).
  public var writesTrackingStates: Bool {
    initializingSeconds > 0 || !interruptions.isEmpty || excessiveMotionDegreesPerSecond != nil
  }

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
  func errorTimeline(randomTimes: [Double] = [], interruptionOffsets: [SIMD3<Float>] = [])
    -> TrackingErrorTimeline
  {
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
      jumps: (jumps
        + zip(interruptions, interruptionOffsets).flatMap { jumps(of: $0, offsetMeters: $1) })
        .map {
          TrackingErrorTimeline.Jump(timeSeconds: $0.timeSeconds, offsetMeters: $0.offsetMeters)
        }, corrections: all)
  }

  /// The jumps an interruption gives the reported position, whose offset while relocalizing is
  /// `offsetMeters`: that offset at its end, then its removal at the relocalization (leaving
  /// the relocalization error) or the reset.
  func jumps(of interruption: Interruption, offsetMeters: SIMD3<Float>) -> [Jump] {
    var list = [Jump(timeSeconds: interruption.endSeconds, offsetMeters: offsetMeters)]
    if let end = interruption.relocalizingEndSeconds {
      let residual =
        interruption.outcome == .relocalized ? interruption.relocalizationErrorMeters : .zero
      list.append(Jump(timeSeconds: end, offsetMeters: residual - offsetMeters))
    }
    return list
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
    initializingSeconds =
      try object.optional("initializingSeconds") { try $0.number(atLeast: 0, atMost: 1e6) } ?? 0
    interruptions =
      try object.optional("interruptions") { value in
        try Self.interruptions(value)
      } ?? []
    excessiveMotionDegreesPerSecond = try object.optional("excessiveMotionDegreesPerSecond") {
      try $0.number(atLeast: 1e-6, atMost: 1e6)
    }
    _ = try object.extras()
  }

  /// The `interruptions` array: sorted by start, each after the previous one's relocalizing
  /// (a later interruption while relocalizing is refused).
  static func interruptions(_ value: JSONValue) throws -> [Interruption] {
    let list = try value.array { element in
      var members = try JSONObjectDecoder(element, strict: true)
      let start = try members.required("start") { try $0.number(atLeast: 0) }
      let end = try members.required("end") { try $0.number(atLeast: 0) }
      guard end > start else {
        throw InputFileError(
          .invalidValue, "expected end > start (\(start)), got \(end)", path: [.key("end")])
      }
      let outcome =
        try members.optional("outcome") { value -> Interruption.Outcome in
          let name = try value.string()
          guard let outcome = Interruption.Outcome(rawValue: name) else {
            throw InputFileError(
              .invalidValue,
              "unknown outcome \"\(name)\" (expected \"relocalized\" or \"failed\")")
          }
          return outcome
        } ?? .relocalized
      let seconds =
        try members.optional("relocalizationSeconds") { try $0.number(atLeast: 0, atMost: 1e6) }
        ?? 1
      let error =
        try members.optional("relocalizationErrorMeters") { try $0.floatVector3() } ?? .zero
      let reset = try members.optional("resetAfterSeconds") {
        try $0.number(atLeast: 0, atMost: 1e6)
      }
      if reset != nil, outcome != .failed {
        throw InputFileError(
          .invalidValue, "\"resetAfterSeconds\" needs \"outcome\": \"failed\"",
          path: [.key("resetAfterSeconds")])
      }
      _ = try members.extras()
      return Interruption(
        startSeconds: start, endSeconds: end, outcome: outcome, relocalizationSeconds: seconds,
        relocalizationErrorMeters: error, resetAfterSeconds: reset)
    }
    let sorted = list.enumerated().sorted {
      ($0.element.startSeconds, $0.offset) < ($1.element.startSeconds, $1.offset)
    }
    for k in sorted.indices.dropFirst() {
      let previous = sorted[k - 1].element
      guard let free = previous.relocalizingEndSeconds,
        sorted[k].element.startSeconds >= free
      else {
        throw InputFileError(
          .invalidValue,
          "an interruption starts while the previous one is still relocalizing",
          path: [.index(sorted[k].offset), .key("start")])
      }
    }
    return sorted.map(\.element)
  }

  /// The interruption whose `[start, end)` holds `timeSeconds`, if any.
  public func interruption(at timeSeconds: Double) -> Interruption? {
    interruptions.first { timeSeconds >= $0.startSeconds && timeSeconds < $0.endSeconds }
  }

  /// The interruption relocalizing at `timeSeconds` (from its end to its relocalization or reset),
  /// if any.
  public func relocalizing(at timeSeconds: Double) -> Interruption? {
    interruptions.first {
      timeSeconds >= $0.endSeconds && timeSeconds < ($0.relocalizingEndSeconds ?? .infinity)
    }
  }

  /// Whether tracking initializes at `timeSeconds`: in the first `initializingSeconds`, or as
  /// long after a reset.
  public func isInitializing(at timeSeconds: Double) -> Bool {
    guard initializingSeconds > 0 else { return false }
    if timeSeconds < initializingSeconds { return true }
    return interruptions.contains {
      guard $0.outcome == .failed, let reset = $0.relocalizingEndSeconds else { return false }
      return timeSeconds >= reset && timeSeconds < reset + initializingSeconds
    }
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
      ].merging(correctionMembers) { a, _ in a }.merging(stateMembers) { a, _ in a })
  }

  /// `initializingSeconds`, `interruptions` and `excessiveMotionDegreesPerSecond`, when set.
  private var stateMembers: [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    if initializingSeconds > 0 { members["initializingSeconds"] = .number(initializingSeconds) }
    if let excessiveMotionDegreesPerSecond {
      members["excessiveMotionDegreesPerSecond"] = .number(excessiveMotionDegreesPerSecond)
    }
    if !interruptions.isEmpty {
      members["interruptions"] = .array(
        interruptions.map { interruption in
          var object: [String: JSONValue] = [
            "start": .number(interruption.startSeconds), "end": .number(interruption.endSeconds),
            "outcome": .string(interruption.outcome.rawValue),
            "relocalizationSeconds": .number(interruption.relocalizationSeconds),
            "relocalizationErrorMeters": .floats([
              interruption.relocalizationErrorMeters.x, interruption.relocalizationErrorMeters.y,
              interruption.relocalizationErrorMeters.z,
            ]),
          ]
          if let reset = interruption.resetAfterSeconds {
            object["resetAfterSeconds"] = .number(reset)
          }
          return .object(object)
        })
    }
    return members
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
