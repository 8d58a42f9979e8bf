import SceneFormat

/// How each frame's feature points are sampled.
///
/// JSON (every member optional, defaults in brackets): `{"pointsPerSquareMeter" [60],
/// "noiseMeters" [0.003], "maximumPerFrame" [24]}`. Each frame draws points uniformly over every
/// true surface (`pointsPerSquareMeter` × area, Gaussian noise of `noiseMeters`), keeps those that
/// project into the true camera's image, and keeps at most `maximumPerFrame` of them (the first
/// ones drawn). Identifiers are the frame index times 10 000 plus the point's index. With a
/// recorded point cloud (``RecordedTrajectorySpec``) the visible recorded points are used
/// instead, identifiers being their 1-based numbers in the cloud. `maximumPerFrame` 0 turns
/// feature points off.
public struct FeaturePointModelSpec: Sendable, Hashable {
  /// Sampling density (points per square metre of true surface, >= 0).
  public var pointsPerSquareMeter: Double = 60
  /// Standard deviation of the isotropic point noise (metres, >= 0).
  public var noiseMeters: Double = 0.003
  /// The most points a frame carries (0...10 000).
  public var maximumPerFrame: Int = 24

  /// The default model.
  public init() {}

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    pointsPerSquareMeter =
      try object.optional("pointsPerSquareMeter") { try $0.number(atLeast: 0, atMost: 100_000) }
      ?? 60
    noiseMeters =
      try object.optional("noiseMeters") { try $0.number(atLeast: 0, atMost: 1) } ?? 0.003
    maximumPerFrame =
      try object.optional("maximumPerFrame") { value in
        let n = try value.number(atLeast: 0, atMost: 10_000)
        guard n == n.rounded() else { throw InputFileError(.invalidValue, "must be an integer") }
        return Int(n)
      } ?? 24
    _ = try object.extras()
  }
}

extension FeaturePointModelSpec {
  /// The JSON object (every member written).
  public var jsonValue: JSONValue {
    .object([
      "pointsPerSquareMeter": .number(pointsPerSquareMeter), "noiseMeters": .number(noiseMeters),
      "maximumPerFrame": .number(Double(maximumPerFrame)),
    ])
  }
}
