import Foundation
import SessionSimulation
import Testing
import _TestSupport

/// The score's JSON Schema (Scenes/schema/score.schema.json) is held against the one table of
/// metrics and the catalogue: every metric key is a required property, every property is written,
/// and the diagnosis enum lists exactly the catalogue's identifiers and `none`.
@Suite struct ScoreSchemaTests {
  static func schemaDefinitions() throws -> [String: JSONValue] {
    let path = RecordingFixtures.packageRoot().appendingPathComponent(
      "Scenes/schema/score.schema.json"
    ).path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    guard case .object(let root) = try JSONParser.parse([UInt8](bytes)),
      case .object(let definitions)? = root["$defs"]
    else {
      Issue.record("no $defs")
      return [:]
    }
    return definitions
  }

  static func strings(_ value: JSONValue?) -> [String] {
    guard case .array(let elements)? = value else { return [] }
    return elements.compactMap { if case .string(let s) = $0 { s } else { nil } }
  }

  @Test func scorePropertiesAreTheMetricTable() throws {
    guard case .object(let score)? = try Self.schemaDefinitions()["score"],
      case .object(let properties)? = score["properties"]
    else {
      Issue.record("no score definition")
      return
    }
    let required = Set(Self.strings(score["required"]))
    for metric in PlacementScore.metricTable {
      #expect(required.contains(metric.key), "\(metric.key) is not required")
    }
    // The writer writes exactly the schema's properties.
    let empty = PlacementScorer(truth: RecordingTruth()).score()
    guard case .object(let written) = empty.jsonValue else { return }
    #expect(Set(written.keys) == Set(properties.keys))
    #expect(required == Set(properties.keys))
  }

  @Test func diagnosisEnumIsTheCatalogue() throws {
    guard case .object(let fit)? = try Self.schemaDefinitions()["diagnosisFit"],
      case .object(let properties)? = fit["properties"],
      case .object(let mistake)? = properties["mistake"]
    else {
      Issue.record("no diagnosisFit.mistake")
      return
    }
    #expect(
      Set(Self.strings(mistake["enum"])) == Set(["none"] + PlacementMistake.catalogue.map(\.id)))
    // The best fit takes the same identifiers (or null), as the metric table lists them.
    guard case .object(let score)? = try Self.schemaDefinitions()["score"],
      case .object(let properties)? = score["properties"],
      case .object(let bestFit)? = properties["bestFitMistake"],
      case .array(let values)? = bestFit["enum"]
    else {
      Issue.record("no score.bestFitMistake enum")
      return
    }
    #expect(Self.strings(bestFit["enum"]) == Self.strings(mistake["enum"]))
    #expect(values.contains(.null))
    #expect(
      Set(Self.strings(bestFit["enum"]))
        == Set(PlacementScore.metric(named: "bestFitMistake")?.textValues ?? []))
  }

  @Test func versionIsTheWritersVersion() throws {
    guard case .object(let score)? = try Self.schemaDefinitions()["score"],
      case .object(let properties)? = score["properties"],
      case .object(let version)? = properties["version"]
    else {
      Issue.record("no score.version")
      return
    }
    #expect(version["const"] == .number(Double(PlacementScore.formatVersion)))
  }
}
