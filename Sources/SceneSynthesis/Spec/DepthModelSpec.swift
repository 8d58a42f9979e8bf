import SceneFormat

/// The LiDAR depth model of a scene spec: how `sceneDepth` and `smoothedSceneDepth` are made
/// from the noise-free depth of the true surfaces (``TruthDepthRenderer``, from the **true**
/// camera: the sensor sees the world, not the tracker's estimate). Needs a device with LiDAR
/// (``SceneDeviceSpec/hasLiDAR``).
///
/// JSON (every member optional, defaults in brackets): `{"rateHz" [60], "width" [256],
/// "height" [192], "maximumRangeMeters" [5], "noiseAtOneMeterMeters" [0.004],
/// "dropoutAngleDegrees" [85], "lowConfidenceAngleDegrees" [70],
/// "mediumConfidenceAngleDegrees" [45], "mediumConfidenceRangeMeters" [2.5],
/// "lowConfidenceRangeMeters" [4], "edgeRelativeThreshold" [0.01],
/// "flyingPixelProbability" [0.5], "smoothingTimeSeconds" [0.1], "holdFrames" [2],
/// "smoothed" [true]}`.
///
/// Per depth frame (at most `rateHz` a second, on the frame clock; frames between carry no
/// depth), for pixel `p` with true z-depth `z` and incidence cosine `c = |n·r|` (ray `r`,
/// surface normal `n`):
/// - **no return** (depth 0, confidence low) when nothing was hit, `z > maximumRangeMeters`, or
///   the incidence angle exceeds `dropoutAngleDegrees`;
/// - **edge** when a 4-neighbour has no return or differs from `z` by more than
///   `edgeRelativeThreshold * z` (1 %: 8 mm at 0.8 m, so a button 15 mm proud of a panel has
///   edges; a plane's own slope between neighbours stays below it up to about 60° incidence);
/// - **noise**: `z' = z + σ g`, `σ = noiseAtOneMeterMeters * z² / max(c, 0.25)` (growing with
///   the square of the range and at grazing angles), `g` standard normal;
/// - **flying pixels**: an edge pixel, with probability `flyingPixelProbability`, takes
///   `z + u (z_far - z)` instead, `u` uniform in [0, 1), `z_far` its farthest returning
///   4-neighbour: a point floating between the two surfaces, as a LiDAR's footprint straddling
///   an edge reports;
/// - **confidence**: low at edges, beyond `lowConfidenceAngleDegrees` or
///   `lowConfidenceRangeMeters`; medium beyond `mediumConfidenceAngleDegrees` or
///   `mediumConfidenceRangeMeters`; high otherwise.
///
/// Smoothed map (`smoothed`): per pixel an exponential moving average over depth frames,
/// `s += α (z' - s)`, `α = 1 - exp(-Δt / smoothingTimeSeconds)` (`Δt` the time since the last
/// depth frame), restarting at `z'` when it jumps by more than 10 % of `s`; so a surface moving in
/// depth is followed with a lag of about `smoothingTimeSeconds`. A pixel that loses its return
/// keeps its smoothed value (low confidence) for up to `holdFrames` depth frames: the smoothed
/// map has fewer holes. Otherwise its confidence is the raw one.
///
/// Randomness: the depth stream of the synthesizer draws three values per pixel and depth frame
/// whatever the pixel is, so the bytes depend only on the spec and the seed.
public struct DepthModelSpec: Sendable, Hashable {
  /// Depth frames per second (in (0, 1000]).
  public var rateHz: Double = 60
  /// Map width (pixels, 1...1024).
  public var width = 256
  /// Map height (pixels, 1...1024).
  public var height = 192
  /// No return beyond this z-depth (metres, > 0).
  public var maximumRangeMeters: Double = 5
  /// The noise standard deviation at 1 m, head-on (metres, >= 0).
  public var noiseAtOneMeterMeters: Double = 0.004
  /// No return beyond this incidence angle (degrees).
  public var dropoutAngleDegrees: Double = 85
  /// Low confidence beyond this incidence angle (degrees).
  public var lowConfidenceAngleDegrees: Double = 70
  /// Medium confidence beyond this incidence angle (degrees).
  public var mediumConfidenceAngleDegrees: Double = 45
  /// Medium confidence beyond this range (metres).
  public var mediumConfidenceRangeMeters: Double = 2.5
  /// Low confidence beyond this range (metres).
  public var lowConfidenceRangeMeters: Double = 4
  /// A neighbour this far away relative to the depth makes an edge (>= 0).
  public var edgeRelativeThreshold: Double = 0.01
  /// The probability that an edge pixel flies (in [0, 1]).
  public var flyingPixelProbability: Double = 0.5
  /// The smoothing time constant (seconds, > 0).
  public var smoothingTimeSeconds: Double = 0.1
  /// Depth frames a smoothed pixel outlives its return (>= 0).
  public var holdFrames = 2
  /// Whether frames carry `smoothedSceneDepth`.
  public var smoothed = true

  /// The default model.
  public init() {}

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    func integer(_ value: JSONValue, _ low: Double, _ high: Double) throws -> Int {
      let n = try value.number(atLeast: low, atMost: high)
      guard n == n.rounded() else { throw InputFileError(.invalidValue, "must be an integer") }
      return Int(n)
    }
    rateHz =
      try object.optional("rateHz") { value in
        let rate = try value.positiveNumber()
        guard rate <= 1000 else { throw InputFileError(.invalidValue, "must be <= 1000") }
        return rate
      } ?? 60
    width = try object.optional("width") { try integer($0, 1, 1024) } ?? 256
    height = try object.optional("height") { try integer($0, 1, 1024) } ?? 192
    maximumRangeMeters =
      try object.optional("maximumRangeMeters") { value in
        let range = try value.positiveNumber()
        guard range <= 60_000 else { throw InputFileError(.invalidValue, "must be <= 60000") }
        return range
      } ?? 5
    noiseAtOneMeterMeters =
      try object.optional("noiseAtOneMeterMeters") { try $0.number(atLeast: 0, atMost: 1) }
      ?? 0.004
    dropoutAngleDegrees =
      try object.optional("dropoutAngleDegrees") { try $0.number(atLeast: 0, atMost: 90) } ?? 85
    lowConfidenceAngleDegrees =
      try object.optional("lowConfidenceAngleDegrees") { try $0.number(atLeast: 0, atMost: 90) }
      ?? 70
    mediumConfidenceAngleDegrees =
      try object.optional("mediumConfidenceAngleDegrees") {
        try $0.number(atLeast: 0, atMost: 90)
      } ?? 45
    mediumConfidenceRangeMeters =
      try object.optional("mediumConfidenceRangeMeters") { try $0.number(atLeast: 0) } ?? 2.5
    lowConfidenceRangeMeters =
      try object.optional("lowConfidenceRangeMeters") { try $0.number(atLeast: 0) } ?? 4
    edgeRelativeThreshold =
      try object.optional("edgeRelativeThreshold") { try $0.number(atLeast: 0, atMost: 10) }
      ?? 0.01
    flyingPixelProbability =
      try object.optional("flyingPixelProbability") { try $0.number(atLeast: 0, atMost: 1) }
      ?? 0.5
    smoothingTimeSeconds =
      try object.optional("smoothingTimeSeconds") { value in
        let seconds = try value.positiveNumber()
        guard seconds <= 3600 else { throw InputFileError(.invalidValue, "must be <= 3600") }
        return seconds
      } ?? 0.1
    holdFrames = try object.optional("holdFrames") { try integer($0, 0, 1000) } ?? 2
    smoothed = try object.optional("smoothed") { try $0.bool() } ?? true
    _ = try object.extras()
  }
}

extension DepthModelSpec {
  /// The JSON object (every member written).
  public var jsonValue: JSONValue {
    .object([
      "rateHz": .number(rateHz), "width": .number(Double(width)),
      "height": .number(Double(height)), "maximumRangeMeters": .number(maximumRangeMeters),
      "noiseAtOneMeterMeters": .number(noiseAtOneMeterMeters),
      "dropoutAngleDegrees": .number(dropoutAngleDegrees),
      "lowConfidenceAngleDegrees": .number(lowConfidenceAngleDegrees),
      "mediumConfidenceAngleDegrees": .number(mediumConfidenceAngleDegrees),
      "mediumConfidenceRangeMeters": .number(mediumConfidenceRangeMeters),
      "lowConfidenceRangeMeters": .number(lowConfidenceRangeMeters),
      "edgeRelativeThreshold": .number(edgeRelativeThreshold),
      "flyingPixelProbability": .number(flyingPixelProbability),
      "smoothingTimeSeconds": .number(smoothingTimeSeconds),
      "holdFrames": .number(Double(holdFrames)), "smoothed": .bool(smoothed),
    ])
  }
}
