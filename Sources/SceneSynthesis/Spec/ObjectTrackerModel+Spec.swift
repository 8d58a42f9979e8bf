import ARSimulation
import SceneFormat

extension ObjectTrackerModel {
  /// The member names of a tracker model in scene specs (the Swift property names), in order.
  static let specMemberNames = [
    "driftPixelsPerFrame", "scaleDriftPerFrame", "confidenceDecayPerFrame",
    "confidenceLossPerPixelOfMotion", "lossProbabilityPerFrame", "minimumConfidence",
  ]

  /// Decodes a scene spec's `"tracker"` object: any of ``specMemberNames`` (defaults of
  /// `ObjectTrackerModel.default`); unknown members and out-of-range values are errors.
  init(specJSON json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    let d = ObjectTrackerModel.default
    var values = [
      d.driftPixelsPerFrame, d.scaleDriftPerFrame, d.confidenceDecayPerFrame,
      d.confidenceLossPerPixelOfMotion, d.lossProbabilityPerFrame, d.minimumConfidence,
    ]
    for (index, name) in Self.specMemberNames.enumerated() {
      if let value = try object.optional(name, { try $0.number() }) { values[index] = value }
    }
    _ = try object.extras()
    do {
      try self.init(
        driftPixelsPerFrame: values[0], scaleDriftPerFrame: values[1],
        confidenceDecayPerFrame: values[2], confidenceLossPerPixelOfMotion: values[3],
        lossProbabilityPerFrame: values[4], minimumConfidence: values[5])
    } catch {
      guard case .outOfRange(let name, _, _) = error else { throw error }
      throw InputFileError(.invalidValue, error.description, path: [.key(name)])
    }
  }

  /// The spec JSON object (every member written).
  var specJSONValue: JSONValue {
    let values = [
      driftPixelsPerFrame, scaleDriftPerFrame, confidenceDecayPerFrame,
      confidenceLossPerPixelOfMotion, lossProbabilityPerFrame, minimumConfidence,
    ]
    return .object(
      Dictionary(uniqueKeysWithValues: zip(Self.specMemberNames, values.map { .number($0) })))
  }
}
