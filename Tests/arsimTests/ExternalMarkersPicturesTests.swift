import Foundation
import SceneFormat
import Testing
import _TestSupport

/// Another program's markers in the pictures and the report (`arsim render --markers`,
/// `arsim score --report`), checked against replay's own pictures of the same markers: replay's
/// `--out` lines drawn as external markers must show the markers replay draws, and one marker
/// summary (members and values) comes out of both commands.
@Suite("Pictures of any program's markers")
struct ExternalMarkersPicturesTests {
  static let recording = ScoreCommandTests.scenes.appendingPathComponent(
    "dashboard-portrait.json"
  ).path

  /// The `<title>` texts of an SVG document that start with `#` (one per drawn marker or track).
  static func markerTitles(_ svg: String) -> Set<String> {
    var titles: Set<String> = []
    var rest = svg[...]
    while let open = rest.range(of: "<title>") {
      rest = rest[open.upperBound...]
      guard let close = rest.range(of: "</title>") else { break }
      let title = String(rest[..<close.lowerBound])
      if title.hasPrefix("#") { titles.insert(title) }
      rest = rest[close.upperBound...]
    }
    return titles
  }

  static func run(_ arguments: [String]) throws -> String {
    let result = try ArsimRunner.run(arguments)
    #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
    return result.stdout
  }

  @Test func renderDrawsTheMarkersReplayDraws() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (out, _) = try ScoreCommandTests.replay(Self.recording, in: directory)
    for frame in ["300", "599"] {
      let own = try Self.run(["render", Self.recording, "--frame", frame])
      let external = try Self.run(["render", Self.recording, "--markers", out, "--frame", frame])
      let titles = Self.markerTitles(own)
      #expect(!titles.isEmpty)
      // Replay's frame picture also titles its placements; every marker it draws is drawn
      // from the file too, with the same id, label and state.
      let ownMarkers = titles.filter { $0.hasSuffix("(confirmed)") || $0.hasSuffix("(coasting)") }
      #expect(!ownMarkers.isEmpty)
      #expect(ownMarkers.isSubset(of: Self.markerTitles(external)), "frame \(frame)")
    }
    let ownTop = try Self.run(["render", Self.recording, "--top-down"])
    let externalTop = try Self.run(["render", Self.recording, "--markers", out, "--top-down"])
    #expect(!Self.markerTitles(ownTop).isEmpty)
    #expect(Self.markerTitles(ownTop) == Self.markerTitles(externalTop))
  }

  @Test func scoreReportIsReplaysReportOfTheMarkers() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (out, replayReport) = try ScoreCommandTests.replay(Self.recording, in: directory)
    let page = directory.appendingPathComponent("score.html").path
    let scored = try ScoreCommandTests.json(
      try Self.run([
        "score", Self.recording, "--markers", out, "--report", page, "--json", "--no-diagnosis",
      ]))
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("dashboard-portrait.json: score report"))
    #expect(html.contains("markers read from \(out)"))
    let mota = try #require(scored["mota"] as? Double)
    #expect(html.contains(String(format: "%.3f", mota)))
    // The same summaries, member for member and value for value (parsed exactly), as replay's
    // report of its own markers.
    let replayJSON = try ScoreCommandTests.exact(
      try Self.run(["replay", Self.recording, "--json"]))
    let scoreJSON = try ScoreCommandTests.exact(
      try Self.run(["score", Self.recording, "--markers", out, "--json", "--no-diagnosis"]))
    guard case .array(let replayMarkers)? = replayJSON["markers"],
      case .array(let scoreMarkers)? = scoreJSON["markers"]
    else {
      Issue.record("markers missing")
      return
    }
    #expect(
      !replayMarkers.isEmpty && replayMarkers.count == (replayReport["markers"] as? [Any])?.count)
    #expect(replayMarkers == scoreMarkers)
    let scoreMarkerObjects = try #require(scored["markers"] as? [[String: Any]])
    // Every shown marker has its section, as in replay's report.
    for marker in scoreMarkerObjects where (marker["shownFrameCount"] as? Int ?? 0) > 0 {
      #expect(html.contains("id=\"marker-\(marker["id"] as? Int ?? -1)\""))
    }
  }

  /// String ids are drawn with the smallest free number, in order of first appearance; an
  /// integer id keeps its value unless a string took it first: "b" is drawn as 1, the integer 1
  /// as 2 (1 is taken), 5 as 5 and "a" as 3.
  @Test func stringIDsAreNumberedAndNamed() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let truth = try #require(try Recording(contentsOfFile: Self.recording).header.truth)
    func marker(_ id: String, _ index: Int) -> String {
      let object = truth.objects[index]
      let p = object.position
      return
        #"{"id": \#(id), "label": "\#(object.label)", "position": [\#(p.x), \#(p.y), \#(p.z)]}"#
    }
    let line =
      #"{"frame": 599, "markers": ["# + marker(#""b""#, 1) + ", " + marker("1", 2) + ", "
      + marker("5", 5) + ", " + marker(#""a""#, 6) + "]}"
    let file = try ScoreCommandTests.write([line], "ids.jsonl", in: directory)
    let page = directory.appendingPathComponent("ids.html").path
    _ = try Self.run(["score", Self.recording, "--markers", file, "--report", page])
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("#1 &quot;b&quot;"))
    #expect(html.contains("#3 &quot;a&quot;"))
    #expect(html.contains("#2 &quot;1&quot;"))
    #expect(html.contains("#5 "))
    let svg = try Self.run(["render", Self.recording, "--markers", file])
    let titles = Self.markerTitles(svg)
    for (number, index) in [(1, 1), (2, 2), (5, 5), (3, 6)] {
      let label = truth.objects[index].label
      #expect(titles.contains("#\(number) \(label) (confirmed)"), "#\(number)")
    }
  }

  @Test func badCombinationsAreUsageErrors() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try ScoreCommandTests.write(
      [#"{"frame": 0, "markers": []}"#], "m.jsonl", in: directory)
    let settings = directory.appendingPathComponent("settings.json")
    try Data("{}".utf8).write(to: settings)
    let both = try ArsimRunner.run(
      ["render", Self.recording, "--markers", file, "--config", settings.path])
    #expect(both.status == 64)
    #expect(both.stderr.contains("--config"))
    let stdin = try ArsimRunner.run(["render", "-", "--markers", "-"], input: .text(""))
    #expect(stdin.status == 64)
    #expect(stdin.stderr.contains("standard input"))
    // A markers line past the recording's end is named with the file and line.
    let late = try ScoreCommandTests.write(
      [#"{"frame": 600, "markers": []}"#], "late.jsonl", in: directory)
    let past = try ArsimRunner.run(["render", Self.recording, "--markers", late])
    #expect(past.status == 1)
    #expect(past.stderr.contains("late.jsonl:1"), "\(past.stderr)")
  }
}
