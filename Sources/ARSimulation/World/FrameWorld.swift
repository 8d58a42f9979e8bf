import SpatialMath

/// What one frame knows about the world (world space, metres): its plane anchors and feature
/// points. Raycasts run against a `FrameWorld`; the truth it was derived from lives in
/// `TruthSurface`.
///
/// Encoded with the recording format's frame field names: `{"planes": [...], "featurePoints":
/// {...}}` (DESIGN §7).
public struct FrameWorld: Sendable, Hashable {
  /// The plane anchors, in the order given (raycast results do not depend on it except for exact
  /// ties with equal identifiers).
  public var planeAnchors: [PlaneAnchor]
  /// The feature points.
  public var featurePoints: FeaturePointCloud

  /// Creates a world.
  public init(planeAnchors: [PlaneAnchor] = [], featurePoints: FeaturePointCloud = .empty) {
    self.planeAnchors = planeAnchors
    self.featurePoints = featurePoints
  }

  /// The anchor with `identifier`, or `nil` when there is none (the first one when repeated).
  public func planeAnchor(identifier: String) -> PlaneAnchor? {
    planeAnchors.first { $0.identifier == identifier }
  }
}

extension FrameWorld: Codable {
  private enum CodingKeys: String, CodingKey {
    case planeAnchors = "planes"
    case featurePoints
  }

  /// Decodes `{"planes": [...], "featurePoints": {...}}`; both default to empty when absent.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    planeAnchors = try c.decodeIfPresent([PlaneAnchor].self, forKey: .planeAnchors) ?? []
    featurePoints = try c.decodeIfPresent(FeaturePointCloud.self, forKey: .featurePoints) ?? .empty
  }

  /// Encodes the same fields and layout that `init(from:)` reads.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(planeAnchors, forKey: .planeAnchors)
    try c.encode(featurePoints, forKey: .featurePoints)
  }
}
