/// Why a detection was not placed.
public enum PlacementFailure: String, Sendable, Hashable, Codable, CaseIterable {
  /// The box (or point) is not finite, the box has a negative size, or the request settings
  /// cannot map the camera's image.
  case invalidBox
  /// The anchor point cannot be unprojected to a world ray (not finite, or outside where the lens
  /// distortion can be inverted).
  case notUnprojectable
  /// Every raycast attempt missed (or there were none).
  case noHit
}
