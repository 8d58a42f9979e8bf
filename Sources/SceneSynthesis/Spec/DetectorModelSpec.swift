import ARSimulation
import Placement
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
///
/// How apps really run detectors (all optional; without them every frame gets its own
/// observations, as above):
/// - `"rateHz"`: the detector runs on the first frame and then whenever `floor(t · rateHz)`
///   advances (t the scene time), so below the frame rate most frames get no result;
/// - `"latencyFrames"` [0]: a result arrives that many frames after its image, with
///   `detectionsImageTimestamp` naming the image; results arriving on frames where tracking is
///   lost are dropped;
/// - `"candidates"`: the model emits raw candidates (``CandidateModelSpec``); the observations
///   are then `"nms"` applied to them (default: YOLOv3-Tiny's, per class, IoU 0.45, confidence
///   0.25, at most 100), built as Vision builds them (`DetectionCandidate.detection()`);
/// - `"output"` [`observations`]: what the recording carries: `observations` (a model with an
///   NMS stage), `candidates` (a model without one: the app must suppress), or `both`;
/// - `"tracker"`: an object tracker (`VNTrackObjectRequest`, `ObjectTrackerModel` members) is
///   seeded with each result's observations on the result's image, caught up to the frame the
///   result arrives on, and run on every later frame until the next result, with the true camera
///   motion over the true surfaces; its boxes go to `trackedObjects`.
public struct DetectorModelSpec: Sendable, Hashable {
  /// What a recording carries of the detector's output.
  public enum Output: String, Sendable, Hashable, CaseIterable {
    /// Post-NMS observations (`detections`), as from a model with an NMS stage.
    case observations
    /// Raw candidates only (`detectionCandidates`), as from a model without one.
    case candidates
    /// Both.
    case both
  }

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
  /// How often the detector runs (Hz, > 0), or `nil` for every frame.
  public var rateHz: Double?
  /// Frames between a result's image and its arrival (0...600).
  public var latencyFrames = 0
  /// The raw-candidate model, or `nil` for observations drawn directly.
  public var candidates: CandidateModelSpec?
  /// The suppression that turns candidates into observations.
  public var nms = NonMaximumSuppression.yolov3Tiny
  /// What the recording carries; `candidates` and `both` need ``candidates``.
  public var output = Output.observations
  /// The object tracker run between results, or `nil` for none.
  public var tracker: ObjectTrackerModel?

  /// Whether anything beyond per-frame observations is asked for (rate, latency, candidates,
  /// tracker); without, the synthesizer follows its original per-frame path exactly.
  var isScheduled: Bool {
    rateHz != nil || latencyFrames > 0 || candidates != nil || tracker != nil
  }

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
    rateHz = try object.optional("rateHz") { value -> Double in
      let n = try value.positiveNumber()
      guard n <= 1000 else { throw InputFileError(.invalidValue, "must be <= 1000") }
      return n
    }
    latencyFrames =
      try object.optional("latencyFrames") { value -> Int in
        let n = try value.count()
        guard n <= 600 else { throw InputFileError(.invalidValue, "must be <= 600") }
        return n
      } ?? 0
    candidates = try object.optional("candidates") { try CandidateModelSpec(json: $0) }
    nms = try object.optional("nms") { try Self.nms(json: $0) } ?? .yolov3Tiny
    output =
      try object.optional("output") { value -> Output in
        let name = try value.string()
        guard let output = Output(rawValue: name) else {
          throw InputFileError(
            .invalidValue,
            "unknown output \"\(name)\"; valid: "
              + Output.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return output
      } ?? .observations
    if output != .observations, candidates == nil {
      throw InputFileError(
        .invalidValue, "output \"\(output.rawValue)\" needs a \"candidates\" model",
        path: [.key("output")])
    }
    tracker = try object.optional("tracker") { try ObjectTrackerModel(specJSON: $0) }
    _ = try object.extras()
  }

  /// The `"nms"` object: `{"iouThreshold", "confidenceThreshold", "scope", "maximumDetections"?}`.
  static func nms(json: JSONValue) throws -> NonMaximumSuppression {
    var object = try JSONObjectDecoder(json, strict: true)
    let iou = try object.required("iouThreshold") { try $0.number(atLeast: 0, atMost: 1) }
    let confidence = try object.required("confidenceThreshold") {
      try $0.number(atLeast: 0, atMost: 1)
    }
    let scope = try object.required("scope") {
      try $0.named(NonMaximumSuppressionScope.self, what: "scope")
    }
    let maximum = try object.optional("maximumDetections") { value -> Int in
      let n = try value.count()
      guard n >= 1 else { throw InputFileError(.invalidValue, "must be >= 1") }
      return n
    }
    _ = try object.extras()
    do {
      return try NonMaximumSuppression(
        iouThreshold: iou, confidenceThreshold: confidence, scope: scope,
        maximumDetections: maximum)
    } catch {
      throw InputFileError(.invalidValue, error.description)
    }
  }
}

extension DetectorModelSpec {
  /// The JSON object (every member written; the scheduling members only when set).
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "boxNoisePixels": .number(boxNoisePixels), "missProbability": .number(missProbability),
      "falsePositiveProbability": .number(falsePositiveProbability),
      "labelConfusionProbability": .number(labelConfusionProbability),
      "confidenceMean": .number(confidenceMean),
      "confidenceSpread": .number(confidenceSpread),
      "minimumVisibleFraction": .number(minimumVisibleFraction),
    ]
    if let rateHz { members["rateHz"] = .number(rateHz) }
    if latencyFrames > 0 { members["latencyFrames"] = .number(Double(latencyFrames)) }
    if let candidates {
      members["candidates"] = candidates.jsonValue
      members["output"] = .string(output.rawValue)
      var n: [String: JSONValue] = [
        "iouThreshold": .number(nms.iouThreshold),
        "confidenceThreshold": .number(nms.confidenceThreshold), "scope": .string(nms.scope.name),
      ]
      if let maximum = nms.maximumDetections { n["maximumDetections"] = .number(Double(maximum)) }
      members["nms"] = .object(n)
    }
    if let tracker { members["tracker"] = tracker.specJSONValue }
    return .object(members)
  }
}
