import ARSimulation

/// How the app ran its detector, as in the header's JSON: `{"rateHz"?, "latencyFrames"?,
/// "nms"?: {"iouThreshold", "confidenceThreshold", "scope", "maximumDetections"?}}`.
///
/// When a recording has these settings, a frame carries a detector result only when it has
/// `detectionsImageTimestamp` or detections (a result that found nothing has the timestamp and
/// no detections); frames without either had no result. Without them (older recordings) every
/// frame's `detections` is the result for its own image.
public struct RecordingDetectorSettings: Sendable, Hashable {
  /// The non-maximum suppression the model's last stage (or the app) applies to raw candidates.
  public struct NMS: Sendable, Hashable {
    /// Candidates overlapping a kept one by more than this IoU are suppressed (0...1).
    public var iouThreshold: Double
    /// Candidates whose best class confidence is below this are dropped (0...1).
    public var confidenceThreshold: Double
    /// Which candidates may suppress each other.
    public var scope: NonMaximumSuppressionScope
    /// The most detections kept, or `nil` for no limit (>= 1).
    public var maximumDetections: Int?

    /// Creates settings.
    public init(
      iouThreshold: Double, confidenceThreshold: Double, scope: NonMaximumSuppressionScope,
      maximumDetections: Int? = nil
    ) {
      self.iouThreshold = iouThreshold
      self.confidenceThreshold = confidenceThreshold
      self.scope = scope
      self.maximumDetections = maximumDetections
    }
  }

  /// How often the detector ran (Hz, > 0), or `nil` when not recorded.
  public var rateHz: Double?
  /// How many frames after its image a result arrived (>= 0), or `nil` when not recorded.
  public var latencyFrames: Int?
  /// The suppression applied to the raw candidates, or `nil` when not recorded.
  public var nms: NMS?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates settings; call ``validate()`` to check them.
  public init(
    rateHz: Double? = nil, latencyFrames: Int? = nil, nms: NMS? = nil,
    extras: [String: JSONValue] = [:]
  ) {
    self.rateHz = rateHz
    self.latencyFrames = latencyFrames
    self.nms = nms
    self.extras = extras
  }

  /// Checks a positive rate, a non-negative latency and the NMS settings' ranges.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the settings (`nms.iouThreshold`).
  public func validate() throws {
    if let rateHz, !(rateHz.isFinite && rateHz > 0) {
      throw InputFileError(
        .invalidValue, "must be > 0, got \(JSONWriter.text(of: rateHz))", path: [.key("rateHz")])
    }
    if let latencyFrames, latencyFrames < 0 {
      throw InputFileError(
        .invalidValue, "must be >= 0, got \(latencyFrames)", path: [.key("latencyFrames")])
    }
    if let nms {
      do {
        try RecordingValidation.requireUnitInterval(nms.iouThreshold, "iouThreshold")
        try RecordingValidation.requireUnitInterval(nms.confidenceThreshold, "confidenceThreshold")
        if let maximum = nms.maximumDetections, maximum < 1 {
          throw InputFileError(
            .invalidValue, "must be >= 1, got \(maximum)", path: [.key("maximumDetections")])
        }
      } catch let error as InputFileError {
        throw error.prefixed(.key("nms"))
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    rateHz = try object.optional("rateHz") { try $0.number() }
    latencyFrames = try object.optional("latencyFrames") { try $0.count() }
    nms = try object.optional("nms") { value in
      var members = try JSONObjectReader(value, strict: strict)
      let nms = NMS(
        iouThreshold: try members.required("iouThreshold") { try $0.number() },
        confidenceThreshold: try members.required("confidenceThreshold") { try $0.number() },
        scope: try members.required("scope") {
          try $0.named(NonMaximumSuppressionScope.self, what: "scope")
        },
        maximumDetections: try members.optional("maximumDetections") { try $0.count() })
      _ = try members.extras()
      return nms
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    if let rateHz { members["rateHz"] = .number(rateHz) }
    if let latencyFrames { members["latencyFrames"] = .number(Double(latencyFrames)) }
    if let nms {
      var n: [String: JSONValue] = [
        "iouThreshold": .number(nms.iouThreshold),
        "confidenceThreshold": .number(nms.confidenceThreshold), "scope": .string(nms.scope.name),
      ]
      if let maximum = nms.maximumDetections { n["maximumDetections"] = .number(Double(maximum)) }
      members["nms"] = .object(n)
    }
    return .object(members)
  }
}
