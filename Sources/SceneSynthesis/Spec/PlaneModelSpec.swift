import SceneFormat

/// How plane anchors are derived from true surfaces.
///
/// JSON (every member optional, defaults in brackets): `{"detectionDelaySeconds" [0.5],
/// "growthTimeSeconds" [2], "initialFraction" [0.3], "centerShiftMeters" [0],
/// "poseNoiseMeters" [0], "poseNoiseDegrees" [0], "mergeAfterSeconds" [none]}`.
///
/// A surface counts as seen once its centre projects inside the captured image of the true camera
/// (in front of it). Its anchor appears `detectionDelaySeconds` later with extent
/// `f * true size`, `f = 1 - (1 - initialFraction) * exp(-age / growthTimeSeconds)` (< 1, so an
/// anchor never exceeds the true extent), and its centre starts off by a seeded offset of up to
/// `centerShiftMeters` per axis that is clamped to `(1 - f) / 2` of the true size, so the
/// boundary stays inside the true rectangle. Pose noise (a fixed seeded error per anchor, shrinking
/// with `1 - f`) tilts and shifts the anchor's transform (the same error for every anchor of the
/// surface).
///
/// Merging: with `mergeAfterSeconds`, a surface is first reported as two anchors
/// `plane-<surface>-a` and `-b` over the halves of its rectangle (local x < 0 and > 0), each
/// growing toward its half; `mergeAfterSeconds` after appearance ARKit-style merging happens: `-a`
/// grows to cover the whole surface and `-b` is removed. Without it, one anchor
/// `plane-<surface>`.
public struct PlaneModelSpec: Sendable, Hashable {
  /// Seconds between a surface first being seen and its anchor appearing (>= 0).
  public var detectionDelaySeconds: Double = 0.5
  /// Time constant of the growth towards the true extent (seconds, > 0).
  public var growthTimeSeconds: Double = 2
  /// The fraction of the true extent at appearance (in (0, 1]).
  public var initialFraction: Double = 0.3
  /// The largest initial centre offset per axis (metres, >= 0).
  public var centerShiftMeters: Double = 0
  /// Standard deviation of the initial anchor position error along the normal (metres, >= 0).
  public var poseNoiseMeters: Double = 0
  /// Standard deviation of the initial anchor tilt (degrees, >= 0).
  public var poseNoiseDegrees: Double = 0

  /// Seconds after appearance at which the two half anchors merge, or `nil` for one anchor from
  /// the start.
  public var mergeAfterSeconds: Double?

  /// The default model.
  public init() {}

  /// The extent fraction `f` at `ageSeconds` after appearance.
  public func extentFraction(ageSeconds: Double) -> Double {
    1 - (1 - initialFraction) * _exp(-max(ageSeconds, 0) / growthTimeSeconds)
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    detectionDelaySeconds =
      try object.optional("detectionDelaySeconds") { try $0.number(atLeast: 0) } ?? 0.5
    growthTimeSeconds = try object.optional("growthTimeSeconds") { try $0.positiveNumber() } ?? 2
    initialFraction =
      try object.optional("initialFraction") { value in
        let f = try value.number(atLeast: 0, atMost: 1)
        guard f > 0 else { throw InputFileError(.invalidValue, "must be > 0, got 0") }
        return f
      } ?? 0.3
    centerShiftMeters =
      try object.optional("centerShiftMeters") { try $0.number(atLeast: 0, atMost: 10) } ?? 0
    poseNoiseMeters =
      try object.optional("poseNoiseMeters") { try $0.number(atLeast: 0, atMost: 1) } ?? 0
    poseNoiseDegrees =
      try object.optional("poseNoiseDegrees") { try $0.number(atLeast: 0, atMost: 45) } ?? 0
    mergeAfterSeconds = try object.optional("mergeAfterSeconds") {
      try $0.number(atLeast: 0, atMost: 86_400)
    }
    _ = try object.extras()
  }
}

extension PlaneModelSpec {
  /// The JSON object (every member written; `mergeAfterSeconds` only when set).
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "detectionDelaySeconds": .number(detectionDelaySeconds),
      "growthTimeSeconds": .number(growthTimeSeconds),
      "initialFraction": .number(initialFraction), "centerShiftMeters": .number(centerShiftMeters),
      "poseNoiseMeters": .number(poseNoiseMeters), "poseNoiseDegrees": .number(poseNoiseDegrees),
    ]
    if let mergeAfterSeconds { members["mergeAfterSeconds"] = .number(mergeAfterSeconds) }
    return .object(members)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

@inline(__always) private func _exp(_ x: Double) -> Double { exp(x) }
