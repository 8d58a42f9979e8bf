import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

/// The recording writer and `Scenes/schema/recording.schema.json` held against each other, both
/// ways, on the maximal recordings of `Tests/Fixtures/maximal-recordings/` (every optional
/// member the format has, ARKit and ARCore), written as JSON and as JSON Lines:
/// - every member the writer emits is a property the schema lists at that place;
/// - every property the schema lists (header and frames, nested objects included) is emitted;
/// - every object schema a frame reaches allows nothing else (`additionalProperties: false`,
///   or a schema for the values of a map).
///
/// Adding a recording member: add it to the writer and the reader, to the schema and to a
/// maximal recording; each failure names the member, its place and the side it is missing from.
@Suite("Recording writer vs recording.schema.json")
struct RecordingSchemaContractTests {
  static let root = RecordingFixtures.packageRoot()
  static let schemaName = "Scenes/schema/recording.schema.json"
  static let fixtureNames = ["arkit.json", "arcore.json"]

  /// The schema's `$defs`.
  static func definitions() throws -> [String: JSONValue] {
    let bytes = try FileReading.contents(
      ofFile: root.appendingPathComponent(schemaName).path)
    guard case .object(let schema) = try JSONParser.parse(bytes),
      case .object(let definitions)? = schema["$defs"]
    else { throw InputFileError(.typeMismatch, "no $defs", file: schemaName) }
    return definitions
  }

  /// The maximal recordings, decoded strictly (a member the reader does not know is an error)
  /// and completed with the members only importers write: the ARKit data logger's colours of
  /// the feature points (`featurePoints.colorsYCbCr`, kept as an extra member).
  static func maximalRecordings() throws -> [(name: String, recording: Recording)] {
    try fixtureNames.map { name in
      let path = RecordingFixtures.fixturesDirectory("maximal-recordings/" + name).path
      var recording = try Recording(contentsOfFile: path, strict: true)
      if name == "arkit.json" {
        recording.frames[0].featurePoints?.extras["colorsYCbCr"] = .array([
          .array([.number(128), .number(120), .number(130)]),
          .array([.number(64), .number(128), .number(128)]),
        ])
      }
      return (name, recording)
    }
  }

  /// What the writer emits for every maximal recording, each output with its schema root:
  /// the JSON document (`recording`), and the JSON Lines header (`header`) and frame lines
  /// (`frame`, at `frames[]`).
  static func writerOutputs() throws -> [(
    place: String, value: JSONValue, root: String, path: String
  )] {
    var outputs: [(String, JSONValue, String, String)] = []
    for (name, recording) in try maximalRecordings() {
      outputs.append(
        ("\(name) as JSON", try JSONParser.parse(recording.jsonBytes()), "recording", ""))
      let lines = try recording.jsonLinesBytes().split(separator: 0x0A)
      for (index, line) in lines.enumerated() {
        outputs.append(
          (
            "\(name) as JSON Lines, line \(index + 1)", try JSONParser.parse(Array(line)),
            index == 0 ? "header" : "frame", index == 0 ? "" : "frames[]"
          ))
      }
    }
    return outputs
  }

  @Test("Every member the writer emits is in the schema")
  func emittedMembersAreInTheSchema() throws {
    let schema = SchemaWalker(definitions: try Self.definitions())
    for output in try Self.writerOutputs() {
      var emitted: Set<String> = []
      var problems: [String] = []
      schema.walk(
        output.value, against: .object(["$ref": .string("#/$defs/\(output.root)")]),
        at: output.path, emitted: &emitted, problems: &problems)
      for problem in problems { Issue.record("\(output.place): \(problem)") }
    }
  }

  @Test("Every member the schema lists is emitted by the writer for a maximal recording")
  func schemaMembersAreEmitted() throws {
    let schema = SchemaWalker(definitions: try Self.definitions())
    var emitted: Set<String> = []
    for output in try Self.writerOutputs() {
      var problems: [String] = []
      schema.walk(
        output.value, against: .object(["$ref": .string("#/$defs/\(output.root)")]),
        at: output.path, emitted: &emitted, problems: &problems)
    }
    let listed = schema.properties(reachableFrom: "recording")
    #expect(listed.count > 100, "the walk found too few schema properties: \(listed.count)")
    for (path, place) in listed.sorted(by: { $0.key < $1.key }) where !emitted.contains(path) {
      let message =
        "\(path): \(Self.schemaName) lists it (\(place)) but the writer never emitted it for "
        + "Tests/Fixtures/maximal-recordings/: add it to a maximal recording (and to the "
        + "reader and writer if they do not know it)"
      Issue.record(Comment(rawValue: message))
    }
  }

  @Test("The schema's frame objects allow no other members")
  func frameObjectsAreClosed() throws {
    let schema = SchemaWalker(definitions: try Self.definitions())
    let open = schema.openObjects(reachableFrom: "frame", at: "frames[]")
    for (path, place) in open.sorted(by: { $0.key < $1.key }) {
      let message =
        "\(path) (\(place)) in \(Self.schemaName) allows members it does not list: "
        + "add \"additionalProperties\": false"
      Issue.record(Comment(rawValue: message))
    }
  }

  @Test("The maximal recordings round-trip through the writer and the reader")
  func maximalRecordingsRoundTrip() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, recording) in try Self.maximalRecordings() {
      #expect(try Recording(jsonBytes: recording.jsonBytes(), file: name) == recording, "\(name)")
      let path = directory.appendingPathComponent(name + "l").path
      try recording.write(toFile: path)
      #expect(try Recording(contentsOfFile: path) == recording, "\(name) as JSON Lines")
    }
  }
}

/// Walks JSON values along the schema's `$ref`, `properties`, `allOf`, `additionalProperties`
/// (a schema for the values of a map) and `items`: the subset `recording.schema.json` uses for
/// its objects. Places are written `frames[].camera.distortion`, `visionRequests.*`.
struct SchemaWalker {
  let definitions: [String: JSONValue]

  /// `node` with its `$ref`s followed, and the name of the last definition followed.
  func resolved(_ node: JSONValue, name: String? = nil) -> ([String: JSONValue], String?) {
    guard case .object(let members) = node else { return ([:], name) }
    if case .string(let reference)? = members["$ref"], reference.hasPrefix("#/$defs/") {
      let definition = String(reference.dropFirst("#/$defs/".count))
      return resolved(definitions[definition] ?? .object([:]), name: definition)
    }
    return (members, name)
  }

  /// The properties of an object schema: its own and those of its `allOf` members.
  func properties(of node: [String: JSONValue]) -> [String: JSONValue] {
    var found: [String: JSONValue] = [:]
    if case .object(let own)? = node["properties"] { found = own }
    if case .array(let parts)? = node["allOf"] {
      for part in parts {
        found.merge(properties(of: resolved(part).0)) { first, _ in first }
      }
    }
    return found
  }

  /// The schema for the values of a map (`additionalProperties` given as a schema), or `nil`.
  func mapValues(of node: [String: JSONValue]) -> JSONValue? {
    if case .object? = node["additionalProperties"] { return node["additionalProperties"] }
    return nil
  }

  func place(_ name: String?) -> String { name.map { "$defs/\($0)" } ?? "an inline schema" }

  /// Walks `value` against `schema` at `path`, inserting each member's place into `emitted` and
  /// appending a problem for each member the schema does not list there.
  func walk(
    _ value: JSONValue, against schema: JSONValue, at path: String, emitted: inout Set<String>,
    problems: inout [String]
  ) {
    let (node, name) = resolved(schema)
    switch value {
    case .object(let members):
      let properties = properties(of: node)
      for key in members.keys.sorted() {
        let member = members[key]!
        let memberPath = path.isEmpty ? key : "\(path).\(key)"
        if let sub = properties[key] {
          emitted.insert(memberPath)
          walk(member, against: sub, at: memberPath, emitted: &emitted, problems: &problems)
        } else if let values = mapValues(of: node) {
          emitted.insert("\(path).*")
          walk(member, against: values, at: "\(path).*", emitted: &emitted, problems: &problems)
        } else {
          problems.append(
            "\(memberPath): the writer emits it but \(RecordingSchemaContractTests.schemaName) "
              + "does not list it (\(place(name)) at \(path.isEmpty ? "the top level" : path))")
        }
      }
    case .array(let elements):
      guard let items = node["items"] else { return }
      for element in elements {
        walk(element, against: items, at: path + "[]", emitted: &emitted, problems: &problems)
      }
    default: break
    }
  }

  /// Every property place the schema lists under the definition `root`, with the definition
  /// (or inline schema) that lists it.
  func properties(reachableFrom root: String) -> [String: String] {
    var found: [String: String] = [:]
    collect(.object(["$ref": .string("#/$defs/\(root)")]), at: "", depth: 0) { path, _, name in
      if !path.hasSuffix("[]") { found[path] = place(name) }
    }
    return found
  }

  /// The object schemas under the definition `root` (placed at `path`) that neither forbid
  /// other members (`additionalProperties: false`) nor are maps, with where each is defined.
  func openObjects(reachableFrom root: String, at path: String) -> [String: String] {
    var open: [String: String] = [:]
    func check(_ node: [String: JSONValue], _ name: String?, _ path: String) {
      guard node["properties"] != nil || node["type"] == .string("object") else { return }
      if node["additionalProperties"] == .bool(false) || mapValues(of: node) != nil { return }
      open[path] = place(name)
    }
    let start = JSONValue.object(["$ref": .string("#/$defs/\(root)")])
    let (node, name) = resolved(start)
    check(node, name, path)
    collect(start, at: path, depth: 0) { path, sub, _ in
      let (node, name) = resolved(sub)
      check(node, name, path)
    }
    return open
  }

  /// Calls `visit` with the place, schema and defining name of every property (and map value
  /// and array item object) under `schema`.
  private func collect(
    _ schema: JSONValue, at path: String, depth: Int,
    _ visit: (String, JSONValue, String?) -> Void
  ) {
    guard depth < 32 else { return }
    let (node, name) = resolved(schema)
    for (key, sub) in properties(of: node).sorted(by: { $0.key < $1.key }) {
      let memberPath = path.isEmpty ? key : "\(path).\(key)"
      visit(memberPath, sub, name)
      collect(sub, at: memberPath, depth: depth + 1, visit)
    }
    if let values = mapValues(of: node) {
      visit("\(path).*", values, name)
      collect(values, at: "\(path).*", depth: depth + 1, visit)
    }
    if let items = node["items"] {
      visit(path + "[]", items, name)
      collect(items, at: path + "[]", depth: depth + 1, visit)
    }
  }
}
