/// One ranked classification of a detection (`VNClassificationObservation`):
/// `{"identifier", "confidence"}`.
public struct RecordingLabel: Sendable, Hashable {
  /// The class name.
  public var identifier: String
  /// Confidence in 0...1.
  public var confidence: Double
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a label; call ``validate()`` to check it.
  public init(identifier: String, confidence: Double, extras: [String: JSONValue] = [:]) {
    self.identifier = identifier
    self.confidence = confidence
    self.extras = extras
  }

  /// Checks the confidence is in 0...1.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the label (`confidence`).
  public func validate() throws {
    guard confidence >= 0 && confidence <= 1 else {
      throw InputFileError(
        .invalidValue, "confidence must be in [0, 1], got \(JSONWriter.text(of: confidence))",
        path: [.key("confidence")])
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    identifier = try object.required("identifier") { try $0.string() }
    confidence = try object.required("confidence") { try $0.number() }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["identifier"] = .string(identifier)
    members["confidence"] = .number(confidence)
    return .object(members)
  }

  /// Checks every label of a `labels` array.
  ///
  /// - Throws: the first invalid label's ``InputFileError`` at `labels[i]`.
  static func validate(labels: [RecordingLabel]) throws {
    for (offset, label) in labels.enumerated() {
      do {
        try label.validate()
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("labels"))
      }
    }
  }
}
