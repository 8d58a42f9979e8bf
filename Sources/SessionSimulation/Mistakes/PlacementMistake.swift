/// One classic placement mistake: a stable identifier, a title, what the app does wrong, and the
/// steps that make it (``PlacementSteps`` with one step wrong).
///
/// Adding a mistake is one file (the steps type and its `PlacementMistake` value) and one row in
/// ``catalogue``.
public struct PlacementMistake: Sendable, Identifiable, Hashable, CustomStringConvertible {
  /// The stable identifier (kebab-case; `arsim score --json` writes it in `diagnosis`).
  public let id: String
  /// A short title ("Vision y not flipped").
  public let title: String
  /// What the app does wrong, as one sentence.
  public let summary: String
  /// The steps that make the mistake.
  public let steps: any PlacementSteps
  let applicability: @Sendable (SimulatedFrame) -> Bool

  /// Creates a mistake; `isApplicable` says whether it can change the placement of a frame
  /// (e.g. ignoring the region of interest cannot when the region is the whole image).
  public init(
    id: String, title: String, summary: String, steps: any PlacementSteps,
    isApplicable: @escaping @Sendable (SimulatedFrame) -> Bool = { _ in true }
  ) {
    self.id = id
    self.title = title
    self.summary = summary
    self.steps = steps
    applicability = isApplicable
  }

  /// Whether the mistake can place `frame`'s observations differently from the correct steps
  /// (decided from the frame's settings, not from where anything lands).
  public func isApplicable(to frame: SimulatedFrame) -> Bool { applicability(frame) }

  /// A fresh placer making this mistake (``StepPlacer`` with its steps).
  public func makePlacer() -> StepPlacer { StepPlacer(steps: steps) }

  /// Equal when the identifiers are.
  public static func == (a: PlacementMistake, b: PlacementMistake) -> Bool { a.id == b.id }

  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// `"title" (id)`.
  public var description: String { "\"\(title)\" (\(id))" }
}
