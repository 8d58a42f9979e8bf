import Foundation
import SceneFormat

/// A parameter grid for `arsim sweep`: a base `ReplaySettings` and, per `SweepAxis`, a list of
/// values; the combinations are the cartesian product of the lists.
///
/// JSON form (strict: unknown members are refused; every axis is optional, absent axes keep the
/// base's value; a present axis must have at least one value):
/// ```json
/// { "format": "arplacementsim.sweepGrid", "version": 1,
///   "base": { "tracker": {"confirmationHitCount": 3} },
///   "filters": [{"name": "kalman", "parameters": {"measurement-std": 0.002}},
///               {"name": "oneEuro"}],
///   "trackers": [{"associationGateMeters": 0.015}, {"associationGateMeters": 0.03}],
///   "attempts": [[{"target": "existingPlaneGeometry"}], [{"target": "estimatedPlane"}]],
///   "anchorPoints": ["center", "bottomCenter"], "backFacePolicies": ["cull"],
///   "raycastSeeds": [0], "interpretVisionAs": [null, {...}], "matchThresholdMeters": [null] }
/// ```
/// `base` is a `ReplaySettings` JSON object. Product order: axes in `SweepAxis.allCases` order,
/// the first varying slowest and the last fastest, values in list order; combination `c` takes
/// value `(c / stride(a)) % count(a)` of axis `a`, where `stride(a)` is the product of the counts
/// of the axes after `a`. Absent axes count 1.
public struct SweepGrid: Sendable, Hashable {
  /// The format name in the JSON form.
  public static let format = "arplacementsim.sweepGrid"
  /// The largest number of combinations a grid may have.
  public static let maximumCombinationCount = 100_000

  /// The base settings JSON object (members of `ReplaySettings`'s JSON form).
  public let base: [String: JSONValue]
  /// The axes present, in `SweepAxis` order, each with its values as written.
  public let axes: [(axis: SweepAxis, values: [JSONValue])]
  /// Every combination, in product order (`combinations[c].index == c`).
  public let combinations: [SweepCombination]

  /// Decodes and validates a grid; every combination's settings are decoded here, so a grid
  /// that loads cannot fail later.
  ///
  /// - Throws: `InputFileError` naming the grid JSON path (`filters[1].parameters.beta`,
  ///   `base.tracker.confirmationHitCount`).
  public init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    let format = try object.required("format") { try $0.string() }
    guard format == Self.format else {
      throw InputFileError(
        .unsupportedVersion, "expected \"\(Self.format)\", got \"\(format)\"",
        path: [.key("format")])
    }
    let version = try object.required("version") { try $0.number() }
    guard version == 1 else {
      throw InputFileError(
        .unsupportedVersion, "unsupported version \(JSONWriter.text(of: version)); expected 1",
        path: [.key("version")])
    }
    let base =
      try object.optional("base") { value -> [String: JSONValue] in
        guard case .object(let members) = value else {
          throw InputFileError(.typeMismatch, "expected an object, got \(value.typeName)")
        }
        _ = try ReplaySettings(json: value)
        return members
      } ?? [:]
    var axes: [(axis: SweepAxis, values: [JSONValue])] = []
    for axis in SweepAxis.allCases {
      guard
        let values = try object.optional(
          axis.rawValue,
          { value -> [JSONValue] in
            guard case .array(let elements) = value else {
              throw InputFileError(.typeMismatch, "expected an array, got \(value.typeName)")
            }
            guard !elements.isEmpty else {
              throw InputFileError(.invalidValue, "an axis needs at least one value")
            }
            for (i, element) in elements.enumerated() {
              try Self.validate(element, of: axis, base: base, path: [.index(i)])
            }
            return elements
          })
      else { continue }
      axes.append((axis, values))
    }
    _ = try object.extras()
    var count = 1
    for (axis, values) in axes {
      count *= values.count
      guard count <= Self.maximumCombinationCount else {
        throw InputFileError(
          .invalidValue,
          "the grid has more than \(Self.maximumCombinationCount) combinations",
          path: [.key(axis.rawValue)])
      }
    }
    self.base = base
    self.axes = axes
    combinations = try (0..<count).map { try Self.combination($0, axes: axes, base: base) }
  }

  /// Reads a grid file (JSON).
  ///
  /// Reading stops past `maximumBytes` (`.limitExceeded`, naming the limit
  /// `maximumDocumentBytes`).
  ///
  /// - Throws: `InputFileError` naming `path` and the JSON path (or `.io`, `.syntax`).
  public init(
    contentsOfFile path: String,
    maximumBytes: Int = RecordingLimits.default.maximumDocumentBytes
  ) throws {
    let data = try FileReading.contents(ofFile: path, maximumBytes: maximumBytes)
    do {
      self = try SweepGrid(json: JSONParser.parse(data))
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
  }

  /// Two grids are equal when their base and axes are.
  public static func == (lhs: SweepGrid, rhs: SweepGrid) -> Bool {
    lhs.base == rhs.base && lhs.axes.map(\.axis) == rhs.axes.map(\.axis)
      && lhs.axes.map(\.values) == rhs.axes.map(\.values)
  }

  /// Hashes the base and axes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(base)
    for (axis, values) in axes {
      hasher.combine(axis)
      hasher.combine(values)
    }
  }

  /// Checks one axis value on its own over the base; errors carry the grid path.
  static func validate(
    _ value: JSONValue, of axis: SweepAxis, base: [String: JSONValue],
    path: [InputFileError.PathComponent]
  ) throws {
    var settings = base
    do {
      try axis.apply(value, to: &settings)
    } catch var error as InputFileError {
      error.path = path + error.path
      throw error
    }
    do {
      _ = try ReplaySettings(json: .object(settings))
    } catch var error as InputFileError {
      error.path = path + axis.valuePath(ofSettingsPath: error.path)
      throw error
    }
  }

  /// The combination at `index` in product order.
  static func combination(
    _ index: Int, axes: [(axis: SweepAxis, values: [JSONValue])], base: [String: JSONValue]
  ) throws -> SweepCombination {
    var choices: [SweepCombination.Choice] = []
    var rest = index
    for (axis, values) in axes.reversed() {
      choices.append(
        .init(axis: axis, valueIndex: rest % values.count, value: values[rest % values.count]))
      rest /= values.count
    }
    choices.reverse()
    var settings = base
    for choice in choices { try choice.axis.apply(choice.value, to: &settings) }
    let json = JSONValue.object(settings)
    // Cannot throw once every value passed `validate`: the axes set disjoint members and the
    // one merged member (`tracker`) was validated value by value over the base.
    return SweepCombination(
      index: index, choices: choices, settingsJSON: json, settings: try ReplaySettings(json: json))
  }
}
