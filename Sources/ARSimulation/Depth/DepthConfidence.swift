/// How much to trust one depth-map pixel, as ARKit's `ARConfidenceLevel` grades it: the raw
/// values 0, 1 and 2 of the confidence map.
public enum DepthConfidence: UInt8, Sendable, Hashable, CaseIterable, Codable {
  /// Low confidence (0): depth edges, grazing angles, long range, flying pixels, no return.
  case low = 0
  /// Medium confidence (1).
  case medium = 1
  /// High confidence (2).
  case high = 2
}
