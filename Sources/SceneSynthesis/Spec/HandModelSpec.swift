import SceneFormat

/// A synthetic hand whose index finger points at objects in turn, seen by a
/// `VNDetectHumanHandPoseRequest` (21 joints, ``HandJoint`` names).
///
/// JSON: `{"targets": ["button-3", "button-7"], "startSeconds" [0], "dwellSeconds" [1.2],
/// "moveSeconds" [0.4], "hoverMeters" [0.05], "approachFrom" [[-1, 0.5]], "pointNoisePixels" [2],
/// "confidence" [0.9],
/// "rateHz"}`. With `rateHz` the request runs on the first frame and whenever `floor(t ·
/// rateHz)` advances (as apps run hand pose below the frame rate); without, on every frame.
///
/// Target `k` is pointed at from `startSeconds + k · (dwellSeconds + moveSeconds)` for
/// `dwellSeconds`; in between the hand moves (smoothstep) to the next target; after the last it
/// stays. While pointing at an object, the index finger lies on the line from the object's truth
/// position towards a rest point 6 cm out along the surface normal and 12 cm along the surface in
/// the surface-local direction `approachFrom` (x, z; the hand comes in from there, nearly along
/// the surface, as a driver reaches for a button); the fingertip is `hoverMeters` from the object
/// on that line, the DIP, PIP and MCP joints 2.5, 5 and 9 cm behind it, the other fingers curled
/// beside the knuckle and the thumb along the palm. Joints are projected with the true camera; each gets Gaussian noise of
/// `pointNoisePixels` (image pixels) per axis and confidence `confidence` times a uniform draw
/// in 0.8...1; joints outside the image are left out, and the hand is not reported when fewer
/// than 11 of 21 joints are in the image.
public struct HandModelSpec: Sendable, Hashable {
  /// The ids of the objects pointed at, in order (at least one; each an object of the spec).
  public var targets: [String]
  /// When the hand first points (seconds, >= 0).
  public var startSeconds: Double = 0
  /// How long it points at each target (seconds, > 0).
  public var dwellSeconds: Double = 1.2
  /// How long it takes to move to the next target (seconds, >= 0).
  public var moveSeconds: Double = 0.4
  /// The fingertip's distance from the object along the finger (metres, >= 0).
  public var hoverMeters: Double = 0.05
  /// The surface-local direction (x, z) the hand comes in from (non-zero).
  public var approachFrom = SIMD2<Double>(-1, 0.5)
  /// Standard deviation of each joint's image position per axis (pixels, >= 0).
  public var pointNoisePixels: Double = 2
  /// The joints' confidence before the per-joint draw (0...1).
  public var confidence: Double = 0.9
  /// How often the request runs (Hz, > 0), or `nil` for every frame.
  public var rateHz: Double?

  /// A hand pointing at `targets` with the defaults above.
  public init(targets: [String]) { self.targets = targets }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    targets = try object.required("targets") { value in
      let ids = try value.array { try $0.string() }
      guard !ids.isEmpty else { throw InputFileError(.invalidValue, "needs at least one target") }
      return ids
    }
    startSeconds =
      try object.optional("startSeconds") { try $0.number(atLeast: 0, atMost: 86_400) } ?? 0
    dwellSeconds = try object.optional("dwellSeconds") { try $0.positiveNumber() } ?? 1.2
    moveSeconds =
      try object.optional("moveSeconds") { try $0.number(atLeast: 0, atMost: 3600) } ?? 0.4
    hoverMeters =
      try object.optional("hoverMeters") { try $0.number(atLeast: 0, atMost: 1) } ?? 0.05
    approachFrom =
      try object.optional("approachFrom") { value -> SIMD2<Double> in
        let v = try value.finiteNumbers(count: 2)
        guard v[0] != 0 || v[1] != 0, abs(v[0]) <= 1e6, abs(v[1]) <= 1e6 else {
          throw InputFileError(.invalidValue, "must be a non-zero direction")
        }
        return SIMD2(v[0], v[1])
      } ?? SIMD2(-1, 0.5)
    pointNoisePixels =
      try object.optional("pointNoisePixels") { try $0.number(atLeast: 0, atMost: 1000) } ?? 2
    confidence = try object.optional("confidence") { try $0.number(atLeast: 0, atMost: 1) } ?? 0.9
    rateHz = try object.optional("rateHz") { try $0.number(atLeast: 0.001, atMost: 1000) }
    _ = try object.extras()
  }

  /// The JSON object (every member written; `rateHz` when set).
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "targets": .array(targets.map { .string($0) }), "startSeconds": .number(startSeconds),
      "dwellSeconds": .number(dwellSeconds), "moveSeconds": .number(moveSeconds),
      "hoverMeters": .number(hoverMeters), "pointNoisePixels": .number(pointNoisePixels),
      "approachFrom": .numbers([approachFrom.x, approachFrom.y]),
      "confidence": .number(confidence),
    ]
    if let rateHz { members["rateHz"] = .number(rateHz) }
    return .object(members)
  }

  /// The target pointed at, at scene time `t` (seconds): its index in ``targets`` while the hand
  /// dwells on it, `nil` before the start and while moving.
  public func targetIndex(atSceneTime t: Double) -> Int? {
    guard t >= startSeconds else { return nil }
    let period = dwellSeconds + moveSeconds
    let k = Int(((t - startSeconds) / period).rounded(.down))
    if k >= targets.count - 1 { return targets.count - 1 }
    return t - startSeconds - Double(k) * period < dwellSeconds ? k : nil
  }
}
