import ARSimulation
import Foundation
import Placement
import SceneFormat
import SpatialMath

/// What `ReplayEngine` runs: the placement settings, the tracker and its filter, an optional
/// override of the Vision settings used to invert the boxes, and the truth matching distance.
///
/// JSON form (`arsim replay --config FILE`), every member optional, unknown members refused:
/// ```json
/// { "filter": "kalman", "filterParameters": {"measurement-std": "0.002"},
///   "tracker": {"associationGateMeters": 0.015, "confirmationHitCount": 3},
///   "attempts": [{"target": "existingPlaneGeometry", "alignment": "any"},
///                {"target": "estimatedPlane", "alignment": "any"}],
///   "anchorPoint": "center", "backFacePolicy": "cull", "raycastSeed": 0,
///   "interpretVisionAs": {"cropAndScale": "scaleFill", "modelInputSize": [416, 416],
///                         "orientation": "up"},
///   "matchThresholdMeters": 0.02, "trackerUsesDetectorView": true,
///   "depth": {"windowRadius": 2, "minimumConfidence": 1, "trackerOnDepthFramesOnly": true} }
/// ```
/// `depth` places by scene depth first on frames that have it (`DepthPlacement`: the median of
/// a `(2 windowRadius + 1)²` window of pixels with confidence at least `minimumConfidence`,
/// 0 low, 1 medium, 2 high; both optional, defaults 2 and 1), the attempts after;
/// `trackerOnDepthFramesOnly` is ``trackerOnDepthFramesOnly``.
/// `filter`/`filterParameters` are `AnyPositionFilter.init(name:parameters:)`'s names and
/// parameters (values as strings or numbers); `tracker` overrides members of
/// `MarkerTrackerConfiguration` by the names of its registry (`MarkerTrackerConfiguration.settings`;
/// `measurementError` is an object with `MeasurementErrorModel`'s members; `null` is the
/// default, for the optional limits no limit); `anchorPoint` is `center`, `bottomCenter`,
/// `topCenter` or `[x, y]` fractions (`BoxAnchorPoint`); `interpretVisionAs` has the recording's
/// `"vision"` layout.
public struct ReplaySettings: Sendable, Hashable {
  /// Placement: anchor point, raycast attempts, raycast options.
  public var placement: PlacementSettings
  /// The filter each marker starts from (default `AnyPositionFilter.trackingDefault`).
  public var filter: AnyPositionFilter
  /// The tracker's parameters.
  public var tracker: MarkerTrackerConfiguration
  /// The Vision settings used to invert the boxes instead of the recording's, or `nil` to use the
  /// recording's (e.g. to see what placing with a mismatched orientation or crop does).
  public var interpretVisionAs: VisionRequestSettings?
  /// The distance (metres) within which a marker matches a truth object, or `nil` for half the
  /// smallest spacing of the truth objects (5 cm with fewer than two objects).
  public var matchThresholdMeters: Float?
  /// Whether the tracker gets each detector result's `DetectorView` (the camera of the image the
  /// result was computed on and the part of it the model saw): gates scaled by each
  /// measurement's expected error and lifetimes that run only while a marker should have been
  /// detected. (Either way the tracker is updated only on frames with a detector result.)
  /// `false` gives the tracker no view (fixed gates, time-based lifetimes). Default `true`.
  public var trackerUsesDetectorView: Bool = true
  /// With depth placement (`placement.depth`), whether the tracker is updated only on the
  /// detector frames that have scene depth once a frame with depth has been seen: depth coming
  /// slower than the detector's results then acts as a slower detector (between depth frames the
  /// markers carry on and do not age), as ``StepPlacer``-style depth placers do. `false` updates
  /// the tracker on every detector frame, so frames without depth give it only the raycast
  /// attempts' points (none on a curved surface the planes do not cover, which ages the
  /// markers away). Recordings without depth are unaffected. Default `true`.
  public var trackerOnDepthFramesOnly = true
  /// How ML Kit objects are placed on the frames of an `"arcore"` recording (default: the box
  /// centre and ARCore's samples' hit filter). Not read from the JSON form yet.
  public var arcorePlacement = ARCorePlacement.Settings()

  /// Creates settings; arguments default to the values documented on the properties.
  public init(
    placement: PlacementSettings = PlacementSettings(),
    filter: AnyPositionFilter = .trackingDefault,
    tracker: MarkerTrackerConfiguration = MarkerTrackerConfiguration(),
    interpretVisionAs: VisionRequestSettings? = nil, matchThresholdMeters: Float? = nil
  ) {
    self.placement = placement
    self.filter = filter
    self.tracker = tracker
    self.interpretVisionAs = interpretVisionAs
    self.matchThresholdMeters = matchThresholdMeters
  }

  /// Decodes settings from the JSON form (see the type's documentation).
  ///
  /// - Throws: `InputFileError` naming the JSON path of the bad member (`tracker.confirmationHitCount`).
  public init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    self.init()
    let filterName = try object.optional("filter") { try $0.string() }
    let parameters =
      try object.optional("filterParameters") { value -> [String: String] in
        guard case .object(let members) = value else {
          throw InputFileError(.typeMismatch, "expected an object, got \(value.typeName)")
        }
        var text: [String: String] = [:]
        for (key, member) in members {
          switch member {
          case .string(let s): text[key] = s
          case .number(let n): text[key] = JSONWriter.text(of: n)
          default:
            throw InputFileError(
              .typeMismatch, "expected a string or a number, got \(member.typeName)",
              path: [.key(key)])
          }
        }
        return text
      } ?? [:]
    if filterName != nil || !parameters.isEmpty {
      do {
        filter = try AnyPositionFilter(name: filterName ?? "kalman", parameters: parameters)
      } catch {
        // The filter error names no place; the path does: `filter` for the name,
        // `filterParameters.<name>` for a parameter.
        throw InputFileError(
          .invalidValue, error.message,
          path: error.parameter.map { [.key("filterParameters"), .key($0)] } ?? [.key("filter")])
      }
    }
    if let tracker = try object.optional("tracker", { try Self.tracker(from: $0) }) {
      self.tracker = tracker
    }
    if let attempts = try object.optional("attempts", { try Self.attempts(from: $0) }) {
      placement.attempts = attempts
    }
    if let anchor = try object.optional("anchorPoint", { try Self.anchorPoint(from: $0) }) {
      placement.anchorPoint = anchor
    }
    if let depth = try object.optional("depth", { try Self.depthPlacement(from: $0) }) {
      placement.depth = depth.placement
      trackerOnDepthFramesOnly = depth.trackerOnDepthFramesOnly
    }
    if let policy = try object.optional(
      "backFacePolicy",
      {
        try $0.named(BackFacePolicy.self, what: "backFacePolicy")
      })
    {
      placement.raycastOptions.backFacePolicy = policy
    }
    if let seed = try object.optional(
      "raycastSeed",
      { value -> UInt64 in
        let n = try value.number()
        guard n >= 0, n < 9_007_199_254_740_992, n == n.rounded() else {
          throw InputFileError(
            .invalidValue, "expected an integer in 0..<2^53, got \(JSONWriter.text(of: n))")
        }
        return UInt64(n)
      })
    {
      placement.raycastOptions.seed = seed
    }
    interpretVisionAs = try object.optional("interpretVisionAs") {
      try RecordingVision(json: $0, strict: true).requestSettings()
    }
    matchThresholdMeters = try object.optional("matchThresholdMeters") { value -> Float in
      let n = try value.number()
      guard n.isFinite, n > 0 else {
        throw InputFileError(.invalidValue, "must be > 0, got \(JSONWriter.text(of: n))")
      }
      return Float(n)
    }
    if let flag = try object.optional("trackerUsesDetectorView", { try $0.bool() }) {
      trackerUsesDetectorView = flag
    }
    _ = try object.extras()
  }

  /// Reads a settings file (JSON).
  ///
  /// Reading stops past `maximumBytes` (`.limitExceeded`, naming the limit
  /// `maximumDocumentBytes`).
  ///
  /// - Throws: `InputFileError` naming `path` and the JSON path (or `.io`).
  public init(
    contentsOfFile path: String,
    maximumBytes: Int = RecordingLimits.default.maximumDocumentBytes
  ) throws {
    let data = try FileReading.contents(ofFile: path, maximumBytes: maximumBytes)
    do {
      self = try ReplaySettings(json: JSONParser.parse(data))
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
  }

  /// The `tracker` object: members of `MarkerTrackerConfiguration` by the names, units and
  /// ranges of its registry (`MarkerTrackerConfiguration.settings`), each laid over the defaults;
  /// a member of a nested value (`measurementError.latencySeconds`) sits in a nested object
  /// (`"measurementError": {"latencySeconds": 0.03}`). As everywhere in the format, `null` is an
  /// absent member: the default (for the optional limits, no limit).
  static func tracker(from value: JSONValue) throws -> MarkerTrackerConfiguration {
    var configuration = MarkerTrackerConfiguration()
    try decode(MarkerTrackerConfiguration.settings, level: 0, from: value, into: &configuration)
    return configuration
  }

  /// Decodes the object `value` holding the rows of `settings` at path element `level`: a row
  /// whose path ends there is a member; rows sharing a longer path's element there are a nested
  /// object (rows of one nested value are contiguous in the registry).
  static func decode(
    _ settings: [TrackerSetting], level: Int, from value: JSONValue,
    into configuration: inout MarkerTrackerConfiguration
  ) throws {
    var object = try JSONObjectDecoder(value, strict: true)
    var start = 0
    while start < settings.count {
      let key = settings[start].path[level]
      var end = start + 1
      while end < settings.count, settings[end].path[level] == key { end += 1 }
      let group = Array(settings[start..<end])
      start = end
      guard group.count == 1, let setting = group.first, setting.path.count == level + 1 else {
        _ = try object.optional(key) {
          try decode(group, level: level + 1, from: $0, into: &configuration)
        }
        continue
      }
      guard
        let given = try object.optional(
          key,
          { value -> TrackerSetting.Value in
            switch (setting.domain, value) {
            case (.flag, _): return .flag(try value.bool())
            default: return .number(try value.number())
            }
          })
      else { continue }
      guard setting.set(given, in: &configuration) else {
        let shown =
          if case .number(let n) = given { JSONWriter.text(of: n) } else { "\(given)" }
        throw InputFileError(
          .invalidValue, "expected \(setting.domain.expected), got \(shown)", path: [.key(key)])
      }
    }
    _ = try object.extras()
  }

  /// `{"windowRadius"?: 0...50, "minimumConfidence"?: 0...2, "trackerOnDepthFramesOnly"?: true}`.
  static func depthPlacement(
    from value: JSONValue
  ) throws -> (placement: DepthPlacement, trackerOnDepthFramesOnly: Bool) {
    var object = try JSONObjectDecoder(value, strict: true)
    func integer(_ value: JSONValue, _ high: Double) throws -> Int {
      let n = try value.number(atLeast: 0, atMost: high)
      guard n == n.rounded() else { throw InputFileError(.invalidValue, "must be an integer") }
      return Int(n)
    }
    let radius = try object.optional("windowRadius") { try integer($0, 50) } ?? 2
    let level = try object.optional("minimumConfidence") { try integer($0, 2) } ?? 1
    let depthFramesOnly = try object.optional("trackerOnDepthFramesOnly") { try $0.bool() } ?? true
    _ = try object.extras()
    let placement = DepthPlacement(
      windowRadius: radius, minimumConfidence: DepthConfidence(rawValue: UInt8(level)) ?? .medium)
    return (placement, depthFramesOnly)
  }

  static func attempts(from value: JSONValue) throws -> [PlacementAttempt] {
    try value.array { element in
      var object = try JSONObjectDecoder(element, strict: true)
      let target = try object.required("target") {
        try $0.named(RaycastQuery.Target.self, what: "target")
      }
      let alignment =
        try object.optional("alignment") {
          try $0.named(RaycastQuery.TargetAlignment.self, what: "alignment")
        } ?? .any
      _ = try object.extras()
      return PlacementAttempt(target: target, alignment: alignment)
    }
  }

  static func anchorPoint(from value: JSONValue) throws -> BoxAnchorPoint {
    if case .string(let name) = value {
      guard let point = BoxAnchorPoint.named.first(where: { $0.name == name })?.point else {
        let valid = BoxAnchorPoint.named.map(\.name).joined(separator: ", ")
        throw InputFileError(
          .invalidValue, "unknown anchorPoint \"\(name)\"; valid: \(valid) or [x, y]")
      }
      return point
    }
    let xy = try value.numbers(count: 2)
    do {
      return try BoxAnchorPoint(x: xy[0], y: xy[1])
    } catch {
      throw InputFileError(.invalidValue, "anchorPoint \(error.description)")
    }
  }
}
