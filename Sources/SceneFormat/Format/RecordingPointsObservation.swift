import ARSimulation
import SpatialMath

/// One observation of a point request on a frame (a hand from `VNDetectHumanHandPoseRequest`, a
/// body from `VNDetectHumanBodyPoseRequest`), as in the JSON: `{"request": "humanHandPose",
/// "confidence", "points": [{"name", "location": [x, y], "confidence"}]}`. Locations are
/// normalized with a lower-left origin relative to the request's region of interest in the
/// oriented image (no crop; the header's `visionRequests` gives the request's settings).
public struct RecordingPointsObservation: Sendable, Hashable {
  /// One named point (`VNRecognizedPoint`).
  public struct Point: Sendable, Hashable {
    /// The point's name (for hands, Vision's joint name: `indexTip`, `wrist`, ...; non-empty).
    public var name: String
    /// The location (finite; outside 0...1 when the point lies outside the region of interest).
    public var location: SpatialMath.Point
    /// The confidence, 0...1.
    public var confidence: Double

    /// Creates a point.
    public init(name: String, location: SpatialMath.Point, confidence: Double) {
      self.name = name
      self.location = location
      self.confidence = confidence
    }
  }

  /// The request that produced it: `humanHandPose` or `humanBodyPose`.
  public var request: VisionRequestType
  /// The observation's confidence, 0...1.
  public var confidence: Double
  /// The points, in the order recorded.
  public var points: [Point]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates an observation; call ``validate()`` to check it.
  public init(
    request: VisionRequestType, confidence: Double, points: [Point],
    extras: [String: JSONValue] = [:]
  ) {
    self.request = request
    self.confidence = confidence
    self.points = points
    self.extras = extras
  }

  /// The request types that report points.
  public static let pointRequests: [VisionRequestType] = [.humanHandPose, .humanBodyPose]

  /// Checks a point request, confidences in 0...1, non-empty names and finite locations.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the observation
  ///   (`points[3].location[1]`).
  public func validate() throws {
    guard Self.pointRequests.contains(request) else {
      throw InputFileError(
        .invalidValue,
        "request \"\(request.name)\" does not report points; expected one of "
          + Self.pointRequests.map(\.name).joined(separator: ", "), path: [.key("request")])
    }
    try RecordingValidation.requireUnitInterval(confidence, "confidence")
    for (offset, point) in points.enumerated() {
      do {
        guard !point.name.isEmpty else {
          throw InputFileError(.invalidValue, "name must not be empty", path: [.key("name")])
        }
        do {
          try RecordingValidation.requireFinite([point.location.x, point.location.y])
        } catch let error as InputFileError {
          throw error.prefixed(.key("location"))
        }
        try RecordingValidation.requireUnitInterval(point.confidence, "confidence")
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("points"))
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    request = try object.required("request") {
      try $0.named(VisionRequestType.self, what: "request")
    }
    confidence = try object.required("confidence") { try $0.number() }
    points = try object.required("points") {
      try $0.array { value in
        var member = try JSONObjectReader(value, strict: strict)
        let name = try member.required("name") { try $0.string() }
        let location = try member.required("location") { try $0.numbers(count: 2) }
        let confidence = try member.required("confidence") { try $0.number() }
        _ = try member.extras()
        return Point(
          name: name, location: SpatialMath.Point(x: location[0], y: location[1]),
          confidence: confidence)
      }
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["request"] = .string(request.name)
    members["confidence"] = .number(confidence)
    members["points"] = .array(
      points.map {
        .object([
          "name": .string($0.name), "location": .numbers([$0.location.x, $0.location.y]),
          "confidence": .number($0.confidence),
        ])
      })
    return .object(members)
  }
}
