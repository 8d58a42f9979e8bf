/// Why the harness cannot score a placer's markers.
public enum HarnessError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The recording has no truth objects to score against (`file` names it when known).
  case noTruth(file: String?)
  /// Two markers of one frame have the same id.
  case duplicateMarkerID(frameIndex: Int, id: MarkerID)
  /// A marker's position has a coordinate that is not finite.
  case nonFinitePosition(frameIndex: Int, id: MarkerID)

  /// What went wrong and where.
  public var description: String {
    switch self {
    case .noTruth(let file):
      (file.map { "\($0): " } ?? "")
        + "the recording has no truth objects to score against (\"truth\": {\"objects\": [...]})"
    case .duplicateMarkerID(let frame, let id):
      "frame \(frame): two markers have the id \(id)"
    case .nonFinitePosition(let frame, let id):
      "frame \(frame): marker \(id) has a position that is not finite"
    }
  }
}
