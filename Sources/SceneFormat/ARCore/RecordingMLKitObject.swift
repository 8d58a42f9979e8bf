import ARSimulation
import SpatialMath

/// One object of ML Kit's object detector on the frame's CPU image, as in the JSON:
/// `{"boundingBox": [left, top, right, bottom], "rotationDegrees": 90, "trackingId"?: 3,
/// "labels"?: [{"text": "hazard", "confidence": 0.9, "index"?: 2}]}` — the box in pixels of the
/// upright image (the CPU image turned clockwise by `rotationDegrees`, the value the app gave
/// `InputImage`), top-left origin.
public struct RecordingMLKitObject: Sendable, Hashable {
  /// `[left, top, right, bottom]` in upright-image pixels.
  public var boundingBox: [Double]
  /// The `InputImage` rotation: 0, 90, 180 or 270 (clockwise).
  public var rotationDegrees: Int
  /// `getTrackingId()`, or `nil`.
  public var trackingID: Int?
  /// `getLabels()`, most confident first.
  public var labels: [Label]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates an object; call ``validate()`` to check it.
  public init(
    boundingBox: [Double], rotationDegrees: Int, trackingID: Int? = nil,
    labels: [Label] = [],
    extras: [String: JSONValue] = [:]
  ) {
    self.boundingBox = boundingBox
    self.rotationDegrees = rotationDegrees
    self.trackingID = trackingID
    self.labels = labels
    self.extras = extras
  }

  /// Checks 4 finite edges with `right >= left` and `bottom >= top`, a rotation of 0, 90, 180
  /// or 270, and label confidences in `0...1`.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the object (`labels[0].confidence`).
  public func validate() throws {
    do {
      try RecordingValidation.requireCount(boundingBox, 4)
      try RecordingValidation.requireFinite(boundingBox)
    } catch let error as InputFileError {
      throw error.prefixed(.key("boundingBox"))
    }
    guard boundingBox[2] >= boundingBox[0], boundingBox[3] >= boundingBox[1] else {
      throw InputFileError(
        .invalidValue, "right must be >= left and bottom >= top, got \(boundingBox)",
        path: [.key("boundingBox")])
    }
    guard ARCore.rightAngleDegrees.contains(rotationDegrees) else {
      throw InputFileError(
        .invalidValue, "must be \(ARCore.rightAngleDegreesDescription), got \(rotationDegrees)",
        path: [.key("rotationDegrees")])
    }
    for (offset, label) in labels.enumerated() where !(0...1).contains(label.confidence) {
      throw InputFileError(
        .invalidValue,
        "confidence must be in [0, 1], got \(JSONWriter.text(of: label.confidence))",
        path: [.key("labels"), .index(offset), .key("confidence")])
    }
  }

  /// The domain value.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the object when ``validate()`` would.
  public var detectedObject: ARCore.MLKitDetectedObject {
    get throws {
      try validate()
      return try InputFileError.converting { () throws(ARCoreError) in
        var domainLabels: [ARCore.MLKitDetectedObject.Label] = []
        for label in labels {
          domainLabels.append(
            try ARCore.MLKitDetectedObject.Label(
              text: label.text, confidence: label.confidence, index: label.index))
        }
        return try ARCore.MLKitDetectedObject(
          left: boundingBox[0], top: boundingBox[1], right: boundingBox[2],
          bottom: boundingBox[3], rotationDegrees: rotationDegrees, trackingID: trackingID,
          labels: domainLabels)
      }
    }
  }

  /// The recording form of a detected object.
  public init(_ object: ARCore.MLKitDetectedObject) {
    let b = object.boundingBox
    self.init(
      boundingBox: [b.minX, b.minY, b.maxX, b.maxY], rotationDegrees: object.rotationDegrees,
      trackingID: object.trackingID,
      labels: object.labels.map { Label(text: $0.text, confidence: $0.confidence, index: $0.index) }
    )
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    boundingBox = try object.required("boundingBox") { try $0.numbers(count: 4) }
    rotationDegrees = try object.required("rotationDegrees") { value in
      let degrees = try value.number()
      guard ARCore.rightAngleDegrees.map(Double.init).contains(degrees) else {
        throw InputFileError(
          .invalidValue,
          "must be \(ARCore.rightAngleDegreesDescription), got \(JSONWriter.text(of: degrees))")
      }
      return Int(degrees)
    }
    trackingID = try object.optional("trackingId") { try Self.integer($0) }
    labels =
      try object.optional("labels") {
        try $0.array { value in
          var label = try JSONObjectReader(value, strict: strict)
          let text = try label.required("text") { try $0.string() }
          let confidence = try label.required("confidence") { try $0.number() }
          let index = try label.optional("index") { try Self.integer($0) }
          _ = try label.extras()
          return Label(text: text, confidence: confidence, index: index)
        }
      } ?? []
    extras = try object.extras()
    try validate()
  }

  /// A whole number in `Int32`'s range (ML Kit's ids and indices are Java ints).
  static func integer(_ value: JSONElement) throws -> Int {
    let number = try value.number()
    guard number == number.rounded(), abs(number) <= Double(Int32.max) else {
      throw InputFileError(
        .invalidValue,
        "expected a whole number in Int32's range, got \(JSONWriter.text(of: number))")
    }
    return Int(number)
  }

  /// The JSON object (extras included; `labels` written when not empty).
  public var jsonValue: JSONValue {
    var members = extras
    members["boundingBox"] = .numbers(boundingBox)
    members["rotationDegrees"] = .number(Double(rotationDegrees))
    if let trackingID { members["trackingId"] = .number(Double(trackingID)) }
    if !labels.isEmpty {
      members["labels"] = .array(
        labels.map { label in
          var object: [String: JSONValue] = [
            "text": .string(label.text), "confidence": .number(label.confidence),
          ]
          if let index = label.index { object["index"] = .number(Double(index)) }
          return .object(object)
        })
    }
    return .object(members)
  }

  /// One label of a detected object (`DetectedObject.Label`): `{"text", "confidence", "index"?}`.
  public struct Label: Sendable, Hashable {
    /// The class name.
    public var text: String
    /// Confidence in `0...1`.
    public var confidence: Double
    /// The class index in the model, or `nil`.
    public var index: Int?

    /// Creates a label.
    public init(text: String, confidence: Double, index: Int? = nil) {
      self.text = text
      self.confidence = confidence
      self.index = index
    }
  }
}
