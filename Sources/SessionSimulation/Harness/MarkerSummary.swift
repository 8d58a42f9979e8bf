import Placement

/// One marker of a placer over a session: its last state and, with truth, its nearest truth
/// object.
public struct MarkerSummary: Sendable, Hashable {
  /// The marker's id.
  public var id: MarkerID
  /// Its label.
  public var label: String
  /// Its state in the last frame it was shown or reported.
  public var lastState: MarkerState
  /// Whether the placer still reported it in the last frame.
  public var isPresentAtEnd: Bool
  /// Its world position in the last frame it was reported, metres.
  public var lastPosition: SIMD3<Float>
  /// The first and last timestamps (seconds) it was reported.
  public var firstSeenSeconds: Double
  /// The last timestamp (seconds) it was reported.
  public var lastSeenSeconds: Double
  /// Frames in which it was shown (not tentative).
  public var shownFrameCount: Int
  /// RMS frame-to-frame motion while shown in adjacent frames, mm; `nil` with fewer than two.
  public var jitterRMSMillimeters: Double?
  /// The nearest truth object with its label, or `nil`.
  public var truthID: String?
  /// The distance from ``lastPosition`` to it, mm.
  public var placementErrorMillimeters: Double?
}
