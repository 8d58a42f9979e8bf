import SceneFormat

/// One axis of a sweep grid: a list of values for one member of `ReplaySettings`.
///
/// The case order is the order of the cartesian product (the first axis varies slowest, the
/// last fastest), and the raw values are the grid's member names.
public enum SweepAxis: String, CaseIterable, Sendable, Hashable {
  /// `[{"name": "kalman", "parameters": {...}}, ...]`: the settings' `filter` and
  /// `filterParameters` together.
  case filters
  /// `[{"confirmationHitCount": 3}, ...]`: tracker members, each laid over the base's `tracker`
  /// (members of the value win).
  case trackers
  /// `[[{"target": ..., "alignment": ...}, ...], ...]`: the settings' `attempts`.
  case attempts
  /// `["center", [0.5, 0.9], ...]`: the settings' `anchorPoint`.
  case anchorPoints
  /// `["cull", ...]`: the settings' `backFacePolicy`.
  case backFacePolicies
  /// `[0, 1, ...]`: the settings' `raycastSeed`.
  case raycastSeeds
  /// `[null, {...}, ...]`: the settings' `interpretVisionAs` (`null`: the recording's).
  case interpretVisionAs
  /// `[null, 0.02, ...]`: the settings' `matchThresholdMeters` (`null`: automatic).
  case matchThresholdMeters

  /// The `ReplaySettings` JSON member the axis sets, or `nil` for `filters` (two members).
  var settingsKey: String? {
    switch self {
    case .filters: return nil
    case .trackers: return "tracker"
    case .attempts: return "attempts"
    case .anchorPoints: return "anchorPoint"
    case .backFacePolicies: return "backFacePolicy"
    case .raycastSeeds: return "raycastSeed"
    case .interpretVisionAs: return "interpretVisionAs"
    case .matchThresholdMeters: return "matchThresholdMeters"
    }
  }

  /// `settings` (a `ReplaySettings` JSON object's members) with `value` of this axis applied.
  ///
  /// - Throws: `InputFileError` with a path relative to `value` when `value` is malformed.
  func apply(_ value: JSONValue, to settings: inout [String: JSONValue]) throws {
    switch self {
    case .filters:
      var object = try JSONObjectDecoder(value, strict: true)
      settings["filter"] = .string(try object.required("name") { try $0.string() })
      settings["filterParameters"] =
        try object.optional("parameters") { member -> JSONValue in
          guard case .object = member else {
            throw InputFileError(.typeMismatch, "expected an object, got \(member.typeName)")
          }
          return member
        } ?? .object([:])
      _ = try object.extras()
    case .trackers:
      guard case .object(let members) = value else {
        throw InputFileError(.typeMismatch, "expected an object, got \(value.typeName)")
      }
      var merged: [String: JSONValue] = [:]
      if case .object(let base)? = settings["tracker"] { merged = base }
      merged.merge(members) { _, new in new }
      settings["tracker"] = .object(merged)
    default:
      settings[settingsKey!] = value
    }
  }

  /// A settings error's path rewritten relative to this axis's value: `filter` becomes `name`,
  /// `filterParameters` becomes `parameters`, and the axis's own settings key is dropped.
  func valuePath(ofSettingsPath path: [InputFileError.PathComponent])
    -> [InputFileError.PathComponent]
  {
    guard case .key(let first)? = path.first else { return path }
    switch self {
    case .filters:
      if first == "filter" { return [.key("name")] + path.dropFirst() }
      if first == "filterParameters" { return [.key("parameters")] + path.dropFirst() }
      return path
    default:
      return first == settingsKey ? Array(path.dropFirst()) : path
    }
  }
}
