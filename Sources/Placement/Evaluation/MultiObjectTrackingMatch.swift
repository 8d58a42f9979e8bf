/// How one truth object was matched in one frame (`MultiObjectTrackingEvaluator.addFrame`).
public struct MultiObjectTrackingMatch: Sendable, Hashable {
  /// The truth object's id.
  public var truthID: String
  /// The matched hypothesis (marker id), or `nil` for a miss.
  public var hypothesisID: Int?
  /// The distance between the object and the matched hypothesis, metres (at most the threshold),
  /// or `nil` for a miss.
  public var distanceMeters: Float?
  /// Whether this match is an identity switch: the object was last matched to another hypothesis.
  public var isIDSwitch: Bool

  /// Creates a match record.
  public init(truthID: String, hypothesisID: Int?, distanceMeters: Float? = nil, isIDSwitch: Bool) {
    self.truthID = truthID
    self.hypothesisID = hypothesisID
    self.distanceMeters = distanceMeters
    self.isIDSwitch = isIDSwitch
  }
}
