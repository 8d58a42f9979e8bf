import SpatialMath

/// One result of an object tracker on a frame (`VNTrackObjectRequest`'s
/// `VNDetectedObjectObservation`), as in the JSON: `{"id", "boundingBox": [x, y, w, h],
/// "confidence", "label"?}`. The box is normalized with a lower-left origin relative to the
/// tracking request's region of interest in the oriented image (no crop: see the header's
/// `visionRequests.trackObject`), and belongs to this frame's image.
public struct RecordingTrackedObject: Sendable, Hashable {
  /// The track's identifier, stable across the frames it is tracked in (non-empty).
  public var id: String
  /// The box, inside [0, 1].
  public var boundingBox: Rect
  /// The tracker's confidence, 0...1.
  public var confidence: Double
  /// The label of the detection the track was seeded with, or `nil`.
  public var label: String?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a tracked object; call ``validate()`` to check it.
  public init(
    id: String, boundingBox: Rect, confidence: Double, label: String? = nil,
    extras: [String: JSONValue] = [:]
  ) {
    self.id = id
    self.boundingBox = boundingBox
    self.confidence = confidence
    self.label = label
    self.extras = extras
  }

  /// Checks a non-empty id, the box inside the unit square and the confidence in 0...1.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the object (`boundingBox[2]`).
  public func validate() throws {
    guard !id.isEmpty else {
      throw InputFileError(.invalidValue, "id must not be empty", path: [.key("id")])
    }
    do {
      try RecordingValidation.requireUnitBox(boundingBox)
    } catch let error as InputFileError {
      throw error.prefixed(.key("boundingBox"))
    }
    try RecordingValidation.requireUnitInterval(confidence, "confidence")
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    id = try object.required("id") { try $0.string() }
    boundingBox = try object.required("boundingBox") { try $0.rect() }
    confidence = try object.required("confidence") { try $0.number() }
    label = try object.optional("label") { try $0.string() }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["id"] = .string(id)
    members["boundingBox"] = .rect(boundingBox)
    members["confidence"] = .number(confidence)
    if let label { members["label"] = .string(label) }
    return .object(members)
  }
}
