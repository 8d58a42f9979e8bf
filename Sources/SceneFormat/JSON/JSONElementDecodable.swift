/// A recording type decoded from an element of a ``JSONDocument``, which also decodes from a
/// parsed ``JSONValue`` (through a document built from it: same checks and errors). Internal.
package protocol JSONElementDecodable {
  /// Decodes (and validates) from `json`; unknown members are errors when `strict`.
  init(json: JSONElement, strict: Bool) throws
}

extension JSONElementDecodable {
  /// Decodes (and validates) from a parsed value.
  package init(json: JSONValue, strict: Bool) throws {
    self = try JSONDocument.withElement(of: json) { try Self(json: $0, strict: strict) }
  }
}

extension RecordingARCoreFrame: JSONElementDecodable {}
extension RecordingARCoreIntrinsics: JSONElementDecodable {}
extension RecordingARCoreSession: JSONElementDecodable {}
extension RecordingCamera: JSONElementDecodable {}
extension RecordingContour: JSONElementDecodable {}
extension RecordingDetection: JSONElementDecodable {}
extension RecordingDetectionCandidate: JSONElementDecodable {}
extension RecordingDetectorSettings: JSONElementDecodable {}
extension RecordingDisplayGeometry: JSONElementDecodable {}
extension RecordingFeaturePoints: JSONElementDecodable {}
extension RecordingImageRequest: JSONElementDecodable {}
extension RecordingLabel: JSONElementDecodable {}
extension RecordingLensDistortion: JSONElementDecodable {}
extension RecordingMLKitObject: JSONElementDecodable {}
extension RecordingPlane: JSONElementDecodable {}
extension RecordingPlaneExtent: JSONElementDecodable {}
extension RecordingPointsObservation: JSONElementDecodable {}
extension RecordingTrackedObject: JSONElementDecodable {}
extension RecordingTruth: JSONElementDecodable {}
extension RecordingTruthEvent: JSONElementDecodable {}
extension RecordingTruthObject: JSONElementDecodable {}
extension RecordingViewport: JSONElementDecodable {}
extension RecordingVision: JSONElementDecodable {}
