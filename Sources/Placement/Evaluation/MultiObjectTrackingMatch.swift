/// How one truth object was matched in one frame (`MultiObjectTrackingEvaluator.addFrame`).
public struct MultiObjectTrackingMatch: Sendable, Hashable {
  /// The truth object's id.
  public var truthID: String
  /// The matched hypothesis (marker id), or `nil` for a miss.
  public var hypothesisID: Int?
  /// Whether this match is an identity switch: the object was last matched to another hypothesis.
  public var isIDSwitch: Bool

  /// Creates a match record.
  public init(truthID: String, hypothesisID: Int?, isIDSwitch: Bool) {
    self.truthID = truthID
    self.hypothesisID = hypothesisID
    self.isIDSwitch = isIDSwitch
  }
}
