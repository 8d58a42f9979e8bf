import SceneFormat

/// One point of a sweep grid: which value of each axis it takes and the replay settings that
/// result.
public struct SweepCombination: Sendable, Hashable {
  /// The 0-based index in the grid's product order (`SweepGrid`).
  public let index: Int
  /// Per axis present in the grid (`SweepAxis` order): the 0-based index of the value taken and
  /// the value as written in the grid.
  public let choices: [Choice]
  /// The settings as a `ReplaySettings` JSON object: the grid's base with the chosen axis
  /// values applied (what `ReplaySettings.init(json:)` decoded into `settings`).
  public let settingsJSON: JSONValue
  /// The decoded settings.
  public let settings: ReplaySettings

  /// One axis's value in a combination.
  public struct Choice: Sendable, Hashable {
    /// The axis.
    public let axis: SweepAxis
    /// The 0-based index of the value in the axis's list.
    public let valueIndex: Int
    /// The value as written in the grid.
    public let value: JSONValue
  }

  /// The chosen values as one JSON object keyed by axis name (`{"filters": {...}, ...}`).
  public var axesJSON: JSONValue {
    var members: [String: JSONValue] = [:]
    for choice in choices { members[choice.axis.rawValue] = choice.value }
    return .object(members)
  }
}
