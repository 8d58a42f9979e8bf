/// How well one placement explains a placer's markers: the markers the correct placement, or a
/// catalogue mistake, puts in the same frames, compared with the placer's.
public struct DiagnosisFit: Sendable, Hashable {
  /// The mistake, or `nil` for the correct placement.
  public var mistake: PlacementMistake?
  /// The median distance between the placer's shown markers and this placement's (each marker
  /// to the nearest one of its label in the same frame, both ways), mm; `nil` when more than
  /// half of them have no counterpart (it does not explain the markers).
  public var residualMillimeters: Double?

  /// Creates a fit.
  public init(mistake: PlacementMistake?, residualMillimeters: Double?) {
    self.mistake = mistake
    self.residualMillimeters = residualMillimeters
  }

  /// The mistake's identifier, or `none` for the correct placement.
  public var mistakeID: String { mistake?.id ?? "none" }
  /// The mistake's title, or `correct placement`.
  public var title: String { mistake?.title ?? "correct placement" }
}
