import SceneFormat

/// The synthetic object detector: what a Vision + Core ML request would return for each frame.
///
/// JSON (every member optional, defaults in brackets): `{"boxNoisePixels" [0],
/// "missProbability" [0], "falsePositiveProbability" [0], "labelConfusionProbability" [0],
/// "confidenceMean" [0.9], "confidenceSpread" [0.05], "minimumVisibleFraction" [0.5]}`.
///
/// For each truth object in front of the true camera: its 8 box corners are projected to image
/// pixels, their bounding rectangle gets independent Gaussian noise of `boxNoisePixels` on each
/// edge, becomes image normalized, then a Vision box through `VisionGeometry` (the recording's
/// orientation, region of interest, crop and scale), and is clipped to the model input. It is
/// reported unless less than `minimumVisibleFraction` of the box's area lies inside, or a miss is
/// drawn (`missProbability`). With `labelConfusionProbability` the label is replaced by another
/// label of the scene (uniform). Confidence is uniform in `mean ± spread`, clamped to [0.01, 1].
/// Each frame adds one false positive with `falsePositiveProbability`: a random box (2–10 % of
/// the input per side) with a random scene label and confidence `mean - 0.3 ± spread`.
public struct DetectorModelSpec: Sendable, Hashable {
  /// Standard deviation of each box edge (image pixels, >= 0).
  public var boxNoisePixels: Double = 0
  /// Probability of missing a visible object (0...1).
  public var missProbability: Double = 0
  /// Probability of one false positive per frame (0...1).
  public var falsePositiveProbability: Double = 0
  /// Probability of reporting a wrong label (0...1).
  public var labelConfusionProbability: Double = 0
  /// Mean confidence (0...1).
  public var confidenceMean: Double = 0.9
  /// Half-width of the uniform confidence spread (0...1).
  public var confidenceSpread: Double = 0.05
  /// Least visible fraction of a box's area for it to be reported (0...1).
  public var minimumVisibleFraction: Double = 0.5

  /// A perfect detector (no noise, misses, false positives or confusion).
  public init() {}

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    boxNoisePixels =
      try object.optional("boxNoisePixels") { try $0.number(atLeast: 0, atMost: 1000) } ?? 0
    missProbability =
      try object.optional("missProbability") { try $0.number(atLeast: 0, atMost: 1) } ?? 0
    falsePositiveProbability =
      try object.optional("falsePositiveProbability") { try $0.number(atLeast: 0, atMost: 1) } ?? 0
    labelConfusionProbability =
      try object.optional("labelConfusionProbability") { try $0.number(atLeast: 0, atMost: 1) } ?? 0
    confidenceMean =
      try object.optional("confidenceMean") { try $0.number(atLeast: 0, atMost: 1) } ?? 0.9
    confidenceSpread =
      try object.optional("confidenceSpread") { try $0.number(atLeast: 0, atMost: 1) } ?? 0.05
    minimumVisibleFraction =
      try object.optional("minimumVisibleFraction") { try $0.number(atLeast: 0, atMost: 1) } ?? 0.5
    _ = try object.extras()
  }
}

extension DetectorModelSpec {
  /// The JSON object (every member written).
  public var jsonValue: JSONValue {
    .object([
      "boxNoisePixels": .number(boxNoisePixels), "missProbability": .number(missProbability),
      "falsePositiveProbability": .number(falsePositiveProbability),
      "labelConfusionProbability": .number(labelConfusionProbability),
      "confidenceMean": .number(confidenceMean),
      "confidenceSpread": .number(confidenceSpread),
      "minimumVisibleFraction": .number(minimumVisibleFraction),
    ])
  }
}
