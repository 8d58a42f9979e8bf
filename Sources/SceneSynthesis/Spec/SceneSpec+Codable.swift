// The JSON form and Codable conformance of scene specs. Both go through `JSONValue`, so member
// names, validation and error paths (a thrown `InputFileError`) are those of
// `SceneSpec(jsonBytes:file:)`.
import SceneFormat

extension SceneSpec {
  /// The JSON object: every member written explicitly (defaults included, the device as
  /// intrinsics and resolution), so decoding it gives back the same spec. `baseDirectory` is not
  /// part of the JSON.
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "format": .string(Self.formatName), "version": .number(1),
      "framesPerSecond": .number(framesPerSecond),
      "durationSeconds": .number(durationSeconds),
      "startTimestampSeconds": .number(startTimestampSeconds),
      "device": device.jsonValue,
      "surfaces": .array(surfaces.map(\.jsonValue)), "objects": .array(objects.map(\.jsonValue)),
      "tracking": tracking.jsonValue, "planes": planes.jsonValue,
      "featurePoints": featurePoints.jsonValue,
      "detector": detector.jsonValue,
    ]
    if let description { members["description"] = .string(description) }
    if let vision { members["vision"] = vision.jsonValue }
    if let viewport { members["viewport"] = viewport.jsonValue }
    if let arcore { members["arcore"] = arcore.jsonValue }
    if let trajectory { members["trajectory"] = trajectory.jsonValue }
    if let recordedTrajectory { members["recordedTrajectory"] = recordedTrajectory.jsonValue }
    if let hand { members["hand"] = hand.jsonValue }
    if let contours { members["contours"] = contours.jsonValue }
    if let depth { members["depth"] = depth.jsonValue }
    if !visionRequests.isEmpty {
      members["visionRequests"] = .object(
        Dictionary(uniqueKeysWithValues: visionRequests.map { ($0.key.name, $0.value.jsonValue) }))
    }
    return .object(members)
  }
}

extension SceneSpec: Codable {
  /// Decodes and validates (strict: unknown members are errors); throws ``InputFileError``.
  public init(from decoder: any Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
