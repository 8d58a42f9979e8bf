/// A plane anchor's alignment label (`ARPlaneAnchor.Alignment`). A loader accepts a label that
/// does not match the anchor's normal (tilted planes are labelled `vertical`, see BENCHMARKS.md).
public enum RecordingPlaneAlignment: String, Sendable, Hashable, Codable, CaseIterable {
  /// Normal along world +y (floors, tables).
  case horizontal
  /// Normal perpendicular to gravity (walls).
  case vertical
}
