import SpatialMath

/// One detector output of a recorded frame (`VNRecognizedObjectObservation`), as in the JSON:
/// `{"label", "confidence", "boundingBox": [x, y, w, h], "labels"?: [{"identifier", "confidence"}]}`.
public struct RecordingDetection: Sendable, Hashable {
  /// The top label.
  public var label: String
  /// Confidence in 0...1.
  public var confidence: Double
  /// The box in Vision normalized coordinates: lower-left origin, 0...1, relative to the region
  /// the model saw; inside [0, 1] with non-negative size.
  public var boundingBox: Rect
  /// The ranked labels (best first), or `nil` when the JSON has none.
  public var labels: [RecordingLabel]?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a detection; call ``validate()`` to check it.
  public init(
    label: String, confidence: Double, boundingBox: Rect, labels: [RecordingLabel]? = nil,
    extras: [String: JSONValue] = [:]
  ) {
    self.label = label
    self.confidence = confidence
    self.boundingBox = boundingBox
    self.labels = labels
    self.extras = extras
  }

  /// Checks confidence in 0...1, the box inside the unit square, and the ranked labels.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the detection (`boundingBox[2]`).
  public func validate() throws {
    guard confidence >= 0 && confidence <= 1 else {
      throw InputFileError(
        .invalidValue, "confidence must be in [0, 1], got \(JSONWriter.text(of: confidence))",
        path: [.key("confidence")])
    }
    do {
      try RecordingValidation.requireUnitBox(boundingBox)
    } catch let error as InputFileError {
      throw error.prefixed(.key("boundingBox"))
    }
    try RecordingLabel.validate(labels: labels ?? [])
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    label = try object.required("label") { try $0.string() }
    confidence = try object.required("confidence") { try $0.number() }
    boundingBox = try object.required("boundingBox") { try $0.rect() }
    labels = try object.optional("labels") {
      try $0.array { try RecordingLabel(json: $0, strict: strict) }
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["label"] = .string(label)
    members["confidence"] = .number(confidence)
    members["boundingBox"] = .rect(boundingBox)
    if let labels { members["labels"] = .array(labels.map(\.jsonValue)) }
    return .object(members)
  }
}
