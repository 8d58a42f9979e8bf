import ARSimulation
import Foundation
import Placement
import SceneFormat
import Testing
import _TestSupport

@testable import SceneReplay

/// The vocabularies of the package live in one table each (the enums' `allNames`, the filter
/// registry `PositionFilterKind.all`, the tracker settings `MarkerTrackerConfiguration.settings`,
/// the anchor point names, the sweep axes, the device presets). The JSON Schema and the fuzz
/// dictionaries are hand-written copies for other tools; these tests hold them to the tables,
/// so adding a name in Swift fails here until the schema and the dictionaries follow.
@Suite struct VocabularyRegistryTests {
  static let root = RecordingFixtures.packageRoot()

  static func schemaDefinitions() throws -> [String: Any] {
    let data = try Data(
      contentsOf: root.appendingPathComponent("Scenes/schema/recording.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(schema["$defs"] as? [String: Any])
  }

  /// The value at a `/`-separated path below `$defs` (array elements by index).
  static func node(_ path: String, in definitions: [String: Any]) throws -> Any {
    var current: Any = definitions
    for part in path.split(separator: "/") {
      if let index = Int(part), let array = current as? [Any] {
        current = array[index]
      } else {
        current = try #require((current as? [String: Any])?[String(part)], "no \(path)")
      }
    }
    return current
  }

  /// The enum's values as text (numbers as written: `90`).
  static func enumValues(_ path: String, in definitions: [String: Any]) throws -> [String] {
    let object = try #require(try node(path, in: definitions) as? [String: Any], "\(path)")
    let values = try #require(object["enum"] as? [Any], "\(path) has no enum")
    return values.map { value in
      if let number = value as? NSNumber, !(value is String) { return "\(number.intValue)" }
      return "\(value)"
    }
  }

  /// Every schema enum with the Swift table it copies.
  static let enums: [(path: String, names: [String])] = [
    ("cropAndScale", ImageCropAndScaleOption.allNames),
    ("imageOrientation", ImageOrientation.allNames),
    ("interfaceOrientation", InterfaceOrientation.allNames),
    ("plane/properties/alignment", PlaneAnchor.Alignment.allNames),
    ("planeClassification", PlaneAnchor.Classification.allNames),
    ("placementAttempts/items/properties/target", RaycastQuery.Target.allNames),
    ("placementAttempts/items/properties/alignment", RaycastQuery.TargetAlignment.allNames),
    ("anchorPoint/oneOf/0", BoxAnchorPoint.named.map(\.name)),
    ("filterName", PositionFilterKind.all.map(\.name)),
    ("backFacePolicy", BackFacePolicy.allNames),
    ("sceneSpec/properties/device/oneOf/0/properties/preset", SceneDeviceSpec.presetNames),
    ("sceneSpec/properties/surfaces/items/properties/kind", SceneSurfaceSpec.kindNames),
    ("camera/properties/trackingState", Camera.TrackingState.allNames),
    ("camera/properties/trackingStateReason", Camera.TrackingState.Reason.allNames),
    ("platform", RecordingPlatform.allNames),
    ("surfaceRotation", ARCore.SurfaceRotation.allNames),
    ("arcoreTrackingState", ARCore.TrackingState.allNames),
    ("arcoreFrame/properties/trackingFailureReason", ARCore.TrackingFailureReason.allNames),
    (
      "arcoreSession/properties/principalPointConvention",
      ARCore.PrincipalPointConvention.allNames
    ),
    ("arcoreSession/properties/instantPlacementMode", ARCore.Frame.InstantPlacementMode.allNames),
    ("arcoreSession/properties/depthMode", ARCore.Frame.DepthMode.allNames),
    ("arcoreSession/properties/sensorOrientation", ARCore.rightAngleDegrees.map(String.init)),
    ("mlKitObject/properties/rotationDegrees", ARCore.rightAngleDegrees.map(String.init)),
    (
      "filterParameters/propertyNames",
      PositionFilterKind.all.flatMap { $0.parameters.map(\.name) }
    ),
    ("sceneSpec/properties/arcore/properties/depthMode", ARCore.Frame.DepthMode.allNames),
    (
      "sceneSpec/properties/arcore/properties/sensorOrientation",
      ARCore.rightAngleDegrees.map(String.init)
    ),
    ("truthEvent/properties/kind", RecordingTruthEvent.Kind.allNames),
    ("visionRequestType", VisionRequestType.allNames),
    ("nmsScope", NonMaximumSuppressionScope.allNames),
    ("pointsObservation/properties/request", RecordingPointsObservation.pointRequests.map(\.name)),
    ("headerMembers/properties/visionRequests/propertyNames", imageRequestNames),
    ("sceneSpec/properties/visionRequests/propertyNames", imageRequestNames),
    (
      "sceneSpec/properties/detector/properties/output",
      DetectorModelSpec.Output.allCases.map(\.rawValue)
    ),
    (
      "sceneSpec/properties/tracking/properties/interruptions/items/properties/outcome",
      TrackingModelSpec.Interruption.Outcome.allCases.map(\.rawValue)
    ),
  ]

  /// The requests without a model, which the `visionRequests` maps are keyed by.
  static let imageRequestNames = VisionRequestType.allNames.filter {
    $0 != VisionRequestType.coreMLModel.name
  }

  @Test(arguments: enums.indices)
  func schemaEnumsAreTheSwiftTables(index: Int) throws {
    let (path, names) = Self.enums[index]
    #expect(try Self.enumValues(path, in: Self.schemaDefinitions()) == names, "\(path)")
  }

  @Test func everySchemaEnumIsHeldByATable() throws {
    // A new enum in the schema must join `enums` (or be a constant such as a format name).
    var found: [String] = []
    func walk(_ value: Any, _ path: String) {
      if let object = value as? [String: Any] {
        if object["enum"] != nil { found.append(path) }
        for (key, member) in object { walk(member, path.isEmpty ? key : "\(path)/\(key)") }
      } else if let array = value as? [Any] {
        for (i, element) in array.enumerated() { walk(element, "\(path)/\(i)") }
      }
    }
    walk(try Self.schemaDefinitions(), "")
    #expect(found.sorted() == Self.enums.map(\.path).sorted())
  }

  @Test func schemaTrackerIsTheSettingsRegistry() throws {
    let definitions = try Self.schemaDefinitions()
    let tracker = try #require(try Self.node("replayTracker", in: definitions) as? [String: Any])
    let settings = MarkerTrackerConfiguration.settings
    // Each level's members are the rows' path elements there; nested objects refuse others.
    func members(_ object: [String: Any], _ prefix: [String]) throws -> [String: Any] {
      let properties = try #require(object["properties"] as? [String: Any], "\(prefix)")
      let names = Set(
        settings.map(\.path).filter { $0.starts(with: prefix) && $0.count > prefix.count }
          .map { $0[prefix.count] })
      #expect(Set(properties.keys) == names, "\(prefix)")
      #expect(object["additionalProperties"] as? Bool == false, "\(prefix)")
      return properties
    }
    let top = try members(tracker, [])
    let nested = try members(
      try #require(top["measurementError"] as? [String: Any]), ["measurementError"])
    for setting in settings {
      let level = setting.path.count == 1 ? top : nested
      var property = try #require(level[setting.path.last!] as? [String: Any], "\(setting.name)")
      if setting.isOptional {
        // `null` or the domain.
        let choices = try #require(property["oneOf"] as? [[String: Any]], "\(setting.name)")
        #expect(
          choices.count == 2 && choices[0] as? [String: String] == ["type": "null"],
          "\(setting.name)")
        property = try #require(choices.last)
      }
      let type = property["type"] as? String
      let reference = property["$ref"] as? String
      func number(_ key: String) -> Double? { (property[key] as? NSNumber)?.doubleValue }
      let minimum = number("minimum")
      switch setting.domain {
      case .positive: #expect(reference == "#/$defs/positive", "\(setting.name)")
      case .nonNegative: #expect(type == "number" && minimum == 0, "\(setting.name)")
      case .finite: #expect(type == "number" && property.count == 1, "\(setting.name)")
      case .integer(let least):
        #expect(
          type == "integer" && minimum == Double(least)
            && number("maximum") == Double(TrackerSetting.Domain.maximumInteger),
          "\(setting.name)")
      case .flag: #expect(type == "boolean", "\(setting.name)")
      case .interval(let lower, let upper, let includesUpper):
        #expect(
          type == "number" && minimum == lower
            && number(includesUpper ? "maximum" : "exclusiveMaximum") == upper
            && property.count == 3, "\(setting.name)")
      }
    }
  }

  /// The stored properties of `value` as (path, value), a struct's members by their path below it
  /// (`measurementError.latencySeconds`).
  static func leaves(of value: Any, prefix: String = "") -> [(String, Any)] {
    Mirror(reflecting: value).children.flatMap { child -> [(String, Any)] in
      let name = prefix + (child.label ?? "?")
      return Mirror(reflecting: child.value).displayStyle == .struct
        ? leaves(of: child.value, prefix: name + ".") : [(name, child.value)]
    }
  }

  /// Every stored property of the configuration (and of its error model) has a row (a new
  /// property without one fails).
  @Test func everyTrackerPropertyHasARow() {
    let properties = Self.leaves(of: MarkerTrackerConfiguration()).map(\.0)
    #expect(properties == MarkerTrackerConfiguration.settings.map(\.name))
    // Each row reads the property it names: set a valid value through the row, read it back
    // through the mirror (and `null` for an optional one).
    for setting in MarkerTrackerConfiguration.settings {
      var configuration = MarkerTrackerConfiguration()
      let (value, expected): (TrackerSetting.Value, [String]) =
        switch setting.domain {
        case .flag: (.flag(true), ["true"])
        case .interval: (.number(0.125), ["0.125", "Optional(0.125)"])
        default: (.number(7), ["7", "7.0", "Optional(7.0)"])
        }
      #expect(setting.set(value, in: &configuration), "\(setting.name)")
      #expect(setting.value(in: configuration) == value, "\(setting.name)")
      let read = Self.leaves(of: configuration).first { $0.0 == setting.name }.map { "\($0.1)" }
      #expect(expected.contains(read ?? ""), "\(setting.name): \(String(describing: read))")
      #expect(setting.set(.null, in: &configuration) == setting.isOptional, "\(setting.name)")
      if setting.isOptional {
        let cleared = Self.leaves(of: configuration).first { $0.0 == setting.name }
        #expect(cleared.map { "\($0.1)" } == "nil", "\(setting.name)")
      }
    }
  }

  @Test func schemaSweepAxesAreTheSweepAxes() throws {
    let properties = try #require(
      try Self.node("sweepGrid/properties", in: Self.schemaDefinitions()) as? [String: Any])
    #expect(
      properties.keys.sorted()
        == (SweepAxis.allCases.map(\.rawValue) + ["base", "format", "version"]).sorted())
  }

  // MARK: Fuzz dictionaries

  /// The quoted names of a libFuzzer dictionary (`"\"name\""` lines); other entries (numbers,
  /// arrays) are literals, not names.
  static func dictionaryNames(_ file: String) throws -> [String] {
    let text = try String(
      contentsOf: root.appendingPathComponent("Fuzz/\(file)"), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("\"\\\""), line.hasSuffix("\\\"\"") else { return nil }
      return String(line.dropFirst(3).dropLast(3))
    }
  }

  /// The member names of schema objects `paths` (their `properties`).
  static func memberNames(_ paths: [String], in definitions: [String: Any]) throws -> Set<String> {
    var names: Set<String> = []
    for path in paths {
      let object = try #require(try node(path, in: definitions) as? [String: Any], "\(path)")
      let properties = try #require(object["properties"] as? [String: Any], "\(path)")
      names.formUnion(properties.keys)
    }
    return names
  }

  @Test func recordingDictionaryHasEveryNameOfTheRecordingAndNoOther() throws {
    let definitions = try Self.schemaDefinitions()
    let members = try Self.memberNames(
      [
        "recording/allOf/1", "headerMembers", "frame", "camera", "lensDistortion", "plane",
        "extent", "featurePoints", "detection", "label", "vision",
        "vision/properties/scaleFitAlignment", "viewport", "displayTransform", "truth",
        "truthObject", "arcoreSession", "displayGeometry", "arcoreFrame", "arcoreIntrinsics",
        "arcoreFrame/properties/planeStates/items", "mlKitObject",
        "mlKitObject/properties/labels/items", "truthEvent", "detectorSettings",
        "detectorSettings/properties/nms", "detectionCandidate", "trackedObject", "recognizedPoint",
        "pointsObservation", "contour", "imageRequest", "appAnchor", "depthMap",
        "truthSurface",
      ], in: definitions)
    let values = Set(
      ImageCropAndScaleOption.allNames + ImageOrientation.allNames + InterfaceOrientation.allNames
        + PlaneAnchor.Alignment.allNames + PlaneAnchor.Classification.allNames
        + Camera.TrackingState.allNames + Camera.TrackingState.Reason.allNames
        + RecordingPlatform.allNames + ARCore.SurfaceRotation.allNames
        + ARCore.TrackingState.allNames + ARCore.TrackingFailureReason.allNames
        + ARCore.PrincipalPointConvention.allNames + ARCore.Frame.InstantPlacementMode.allNames
        + ARCore.Frame.DepthMode.allNames
        + RecordingTruthEvent.Kind.allNames
        + VisionRequestType.allNames + NonMaximumSuppressionScope.allNames
        + ["arplacementsim.recording"])
    let dictionary = Set(try Self.dictionaryNames("recording.dict"))
    #expect(members.union(values).subtracting(dictionary).sorted() == [], "missing")
    #expect(dictionary.subtracting(members.union(values)).sorted() == [], "unknown")
  }

  @Test func replaySettingsDictionaryHasEveryNameOfTheSettingsAndNoOther() throws {
    let definitions = try Self.schemaDefinitions()
    let members = try Self.memberNames(
      [
        "replaySettings", "replayTracker", "replayTracker/properties/measurementError",
        "replaySettings/properties/depth",
        "placementAttempts/items", "vision",
      ], in: definitions)
    var values = Set(
      PositionFilterKind.all.map(\.name) + RaycastQuery.Target.allNames
        + RaycastQuery.TargetAlignment.allNames + BoxAnchorPoint.named.map(\.name)
        + BackFacePolicy.allNames + ImageCropAndScaleOption.allNames + ImageOrientation.allNames)
    for kind in PositionFilterKind.all {
      for parameter in kind.parameters {
        values.insert(parameter.name)
        if case .choice(let names) = parameter.domain { values.formUnion(names) }
        if parameter.domain == .positiveOrOff { values.insert("off") }
      }
    }
    let dictionary = Set(try Self.dictionaryNames("replay-settings.dict"))
    #expect(members.union(values).subtracting(dictionary).sorted() == [], "missing")
    #expect(dictionary.subtracting(members.union(values)).sorted() == [], "unknown")
  }
}

// MARK: Documentation

extension VocabularyRegistryTests {
  static let filtersArticle = "Sources/Placement/Placement.docc/Filters.md"

  /// The filter registry as a Markdown table.
  static func filterTable() -> String {
    var lines = [
      "| Filter | Parameter | Meaning | Unit | Values | Default |", "|---|---|---|---|---|---|",
    ]
    for kind in PositionFilterKind.all {
      lines.append("| `\(kind.name)` | | \(kind.title): \(kind.summary) | | | |")
      for parameter in kind.parameters {
        var values =
          switch parameter.domain {
          case .positive: "> 0"
          case .nonNegative: ">= 0"
          case .positiveOrOff: "> 0 or `off`"
          case .integer(let minimum):
            "integer \(minimum)...\(FilterParameter.Domain.maximumInteger)"
          case .choice(let names): names.map { "`\($0)`" }.joined(separator: ", ")
          }
        if let requirement = parameter.requirement {
          values += " (only with `\(requirement.parameter)` `\(requirement.value)`)"
        }
        lines.append(
          "| | `\(parameter.name)` | \(parameter.summary) | \(parameter.unit ?? "") | \(values) "
            + "| \(parameter.defaultDescription) |")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The tracker settings as a Markdown table.
  static func trackerTable() -> String {
    var lines = ["| Setting | Meaning | Unit | Values | Default |", "|---|---|---|---|---|"]
    for setting in MarkerTrackerConfiguration.settings {
      var values =
        switch setting.domain {
        case .positive: "> 0"
        case .nonNegative: ">= 0"
        case .finite: "finite"
        case .integer(let minimum): "integer \(minimum)...\(TrackerSetting.Domain.maximumInteger)"
        case .flag: "`true`, `false`"
        case .interval: setting.domain.intervalDescription ?? ""
        }
      if setting.isOptional { values += " or `null` (no limit)" }
      lines.append(
        "| `\(setting.name)` | \(setting.summary) | \(setting.unit ?? "") | \(values) "
          + "| \(setting.defaultDescription) |")
    }
    return lines.joined(separator: "\n")
  }

  /// The text between the begin and end markers of `section` in `article`.
  static func section(_ section: String, of text: String) throws -> Range<String.Index> {
    let begin = try #require(text.range(of: "<!-- registry: \(section) "), "no \(section) marker")
    let lineEnd = try #require(text[begin.upperBound...].range(of: "-->\n"))
    let end = try #require(text.range(of: "<!-- end registry: \(section) -->"))
    return lineEnd.upperBound..<end.lowerBound
  }

  /// Renders the tables into the article when `ARSIM_UPDATE_DOCS=1` (a developer's convenience),
  /// otherwise compares. One test for both sections, so that rewriting never races.
  @Test func articleTablesAreTheRegistries() throws {
    let url = Self.root.appendingPathComponent(Self.filtersArticle)
    var text = try String(contentsOf: url, encoding: .utf8)
    let update = ProcessInfo.processInfo.environment["ARSIM_UPDATE_DOCS"] == "1"
    for (section, table) in [
      ("filters", Self.filterTable()), ("tracker settings", Self.trackerTable()),
    ] {
      let range = try Self.section(section, of: text)
      if update {
        text.replaceSubrange(range, with: table + "\n")
      } else {
        #expect(
          String(text[range]) == table + "\n",
          "\(Self.filtersArticle) (\(section)) differs from the registry; run the tests with ARSIM_UPDATE_DOCS=1 to rewrite it:\n\(table)"
        )
      }
    }
    if update { try text.write(to: url, atomically: true, encoding: .utf8) }
  }
}
