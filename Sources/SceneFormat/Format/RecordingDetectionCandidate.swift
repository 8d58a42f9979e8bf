import SpatialMath

/// One raw, pre-NMS output of a detector model (a row of a YOLO model's `coordinates` and
/// `confidence` arrays), as in the JSON: `{"boundingBox": [x, y, w, h], "labels":
/// [{"identifier", "confidence"}]}`. The box is in Vision's convention (normalized, lower-left
/// origin, relative to the model input); `labels` are the per-class confidences, any order.
public struct RecordingDetectionCandidate: Sendable, Hashable {
  /// The box in Vision normalized coordinates, inside [0, 1].
  public var boundingBox: Rect
  /// The per-class confidences (each in 0...1); classes not listed have confidence 0.
  public var labels: [RecordingLabel]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a candidate; call ``validate()`` to check it.
  public init(boundingBox: Rect, labels: [RecordingLabel], extras: [String: JSONValue] = [:]) {
    self.boundingBox = boundingBox
    self.labels = labels
    self.extras = extras
  }

  /// Checks the box lies inside the unit square and every confidence is in 0...1.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the candidate (`labels[1].confidence`).
  public func validate() throws {
    do {
      try RecordingValidation.requireUnitBox(boundingBox)
    } catch let error as InputFileError {
      throw error.prefixed(.key("boundingBox"))
    }
    try RecordingLabel.validate(labels: labels)
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    boundingBox = try object.required("boundingBox") { try $0.rect() }
    labels = try object.required("labels") {
      try $0.array { try RecordingLabel(json: $0, strict: strict) }
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["boundingBox"] = .rect(boundingBox)
    members["labels"] = .array(labels.map(\.jsonValue))
    return .object(members)
  }
}
