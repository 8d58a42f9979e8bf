/// How one truth object was marked over a session.
public struct ObjectScore: Sendable, Hashable {
  /// The truth object's id.
  public var id: String
  /// Its label.
  public var label: String
  /// Frames in which it was inside the viewport (0: never in view, so neither matched nor
  /// missed).
  public var visibleFrameCount: Int
  /// Of those, frames in which a shown marker matched it (CLEAR-MOT matching within the
  /// threshold).
  public var matchedFrameCount: Int
  /// RMS distance to its matched marker over those frames, mm; `nil` when never matched.
  public var errorRMSMillimeters: Double?
  /// Seconds from the first frame to the first frame counted in ``matchedFrameCount``; `nil`
  /// exactly when that count is 0.
  public var firstMatchedSeconds: Double?

  /// Creates a score.
  public init(
    id: String, label: String, visibleFrameCount: Int, matchedFrameCount: Int,
    errorRMSMillimeters: Double?, firstMatchedSeconds: Double?
  ) {
    self.id = id
    self.label = label
    self.visibleFrameCount = visibleFrameCount
    self.matchedFrameCount = matchedFrameCount
    self.errorRMSMillimeters = errorRMSMillimeters
    self.firstMatchedSeconds = firstMatchedSeconds
  }
}
