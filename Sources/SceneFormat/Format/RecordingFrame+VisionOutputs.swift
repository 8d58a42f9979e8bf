// The optional Vision outputs of a frame beyond its detections: when the detections' image was
// captured (a late result), the detector's raw candidates, object-tracker boxes, point
// observations and contours. Every member is optional; files without them read as before.

extension RecordingFrame {
  /// Decodes the optional Vision members of a frame object.
  mutating func decodeVisionOutputs(_ object: inout JSONObjectReader, strict: Bool) throws {
    detectionsImageTimestamp = try object.optional("detectionsImageTimestamp") { try $0.number() }
    detectionCandidates = try object.optional("detectionCandidates") {
      try $0.array { try RecordingDetectionCandidate(json: $0, strict: strict) }
    }
    trackedObjects = try object.optional("trackedObjects") {
      try $0.array { try RecordingTrackedObject(json: $0, strict: strict) }
    }
    points = try object.optional("points") {
      try $0.array { try RecordingPointsObservation(json: $0, strict: strict) }
    }
    contours = try object.optional("contours") {
      try $0.array { try RecordingContour(json: $0, strict: strict) }
    }
  }

  /// Checks the optional Vision members: the image timestamp finite and not after `timestamp`,
  /// every element valid, tracked-object ids unique within the frame.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the frame (`trackedObjects[2].id`).
  func validateVisionOutputs() throws {
    if let imageTimestamp = detectionsImageTimestamp {
      try RecordingValidation.requireFinite(imageTimestamp, "detectionsImageTimestamp")
      guard imageTimestamp <= timestamp else {
        throw InputFileError(
          .invalidValue,
          "the image of a detector result cannot be captured after the frame it arrives with: "
            + "\(JSONWriter.text(of: imageTimestamp)) > \(JSONWriter.text(of: timestamp))",
          path: [.key("detectionsImageTimestamp")])
      }
    }
    try Self.validate(detectionCandidates, "detectionCandidates") { try $0.validate() }
    try Self.validate(trackedObjects, "trackedObjects") { try $0.validate() }
    try Self.validate(points, "points") { try $0.validate() }
    try Self.validate(contours, "contours") { try $0.validate() }
    var ids: [String: Int] = [:]
    for (offset, object) in (trackedObjects ?? []).enumerated() {
      if let first = ids.updateValue(offset, forKey: object.id) {
        throw InputFileError(
          .invalidValue,
          "duplicate tracked object id \"\(object.id)\" (also trackedObjects[\(first)])",
          path: [.key("trackedObjects"), .index(offset), .key("id")])
      }
    }
  }

  /// Validates each element, prefixing errors with `key[index]`.
  private static func validate<T>(_ values: [T]?, _ key: String, _ check: (T) throws -> Void)
    throws
  {
    for (offset, value) in (values ?? []).enumerated() {
      do {
        try check(value)
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key(key))
      }
    }
  }

  /// Writes the optional Vision members that are present.
  func writeVisionOutputs(into members: inout [String: JSONValue]) {
    if let detectionsImageTimestamp {
      members["detectionsImageTimestamp"] = .number(detectionsImageTimestamp)
    }
    if let detectionCandidates {
      members["detectionCandidates"] = .array(detectionCandidates.map(\.jsonValue))
    }
    if let trackedObjects { members["trackedObjects"] = .array(trackedObjects.map(\.jsonValue)) }
    if let points { members["points"] = .array(points.map(\.jsonValue)) }
    if let contours { members["contours"] = .array(contours.map(\.jsonValue)) }
  }

  /// Whether this frame carries a detector result, given whether the recording declares its
  /// detector settings (`RecordingHeader.detector`): with them, only frames with
  /// ``detectionsImageTimestamp`` or detections do; without them (older recordings), every frame
  /// does.
  public func hasDetectorResult(detectorDeclared: Bool) -> Bool {
    !detectorDeclared || detectionsImageTimestamp != nil || !detections.isEmpty
  }

  /// The capture time of the image the frame's detector result belongs to:
  /// ``detectionsImageTimestamp``, else the frame's own timestamp.
  public var detectorImageTimestamp: Double { detectionsImageTimestamp ?? timestamp }
}
