/// Accumulated MOT counts and the scores derived from them.
public struct MultiObjectTrackingScore: Sendable, Hashable, Codable {
  /// Frames evaluated.
  public var frameCount = 0
  /// Truth objects summed over frames (ground-truth detections).
  public var truthCount = 0
  /// Hypotheses (shown markers) summed over frames.
  public var hypothesisCount = 0
  /// Matched truth objects summed over frames.
  public var matchCount = 0
  /// Unmatched truth objects summed over frames (missed markers).
  public var missCount = 0
  /// Unmatched hypotheses summed over frames (false markers shown).
  public var falsePositiveCount = 0
  /// Identity switches.
  public var idSwitchCount = 0
  /// Frames in which IDF1-matched trajectory pairs were within the threshold.
  public var idTruePositiveCount = 0

  /// Creates empty counts.
  public init() {}

  /// `MOTA = 1 - (misses + false positives + ID switches) / truth count`; `nil` without truth.
  public var mota: Double? {
    guard truthCount > 0 else { return nil }
    return 1 - Double(missCount + falsePositiveCount + idSwitchCount) / Double(truthCount)
  }

  /// `IDF1 = 2 IDTP / (truth count + hypothesis count)`; `nil` when both counts are zero.
  public var idf1: Double? {
    guard truthCount + hypothesisCount > 0 else { return nil }
    return 2 * Double(idTruePositiveCount) / Double(truthCount + hypothesisCount)
  }

  /// ID switches per 1000 frames; `nil` without frames.
  public var idSwitchesPer1000Frames: Double? {
    guard frameCount > 0 else { return nil }
    return Double(idSwitchCount) * 1000 / Double(frameCount)
  }
}
