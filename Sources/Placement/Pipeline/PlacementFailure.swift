/// Why a detection was not placed.
public enum PlacementFailure: String, Sendable, Hashable, Codable, CaseIterable {
  /// The box is not finite or has a negative size.
  case invalidBox
  /// The anchor point cannot be unprojected to a world ray (not finite, or outside where the lens
  /// distortion can be inverted).
  case notUnprojectable
  /// Every raycast attempt missed (or there were none).
  case noHit
}
