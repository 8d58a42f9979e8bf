import Foundation
import SceneFormat
import Testing
import _TestSupport

/// `arsim score` end to end: its contract (markers file, --json keys, --require, exit
/// statuses, named errors), and replay's own `--out` lines scoring to replay's metrics exactly.
@Suite("arsim score")
struct ScoreCommandTests {
  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")
  static let recordings = [
    "dashboard-portrait.json", "dashboard-downmirrored.json", "tabletop-landscape.json",
    "real-arkit-logger.json", "recordings/dashboard-three-frames.json",
    "recordings/dashboard-three-frames.jsonl",
  ]

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The members of a JSON object parsed exactly (numbers as the `Double` their text denotes;
  /// Foundation's parser may round the last digit).
  static func exact(_ text: String) throws -> [String: JSONValue] {
    guard case .object(let members) = try JSONParser.parse(text) else {
      Issue.record("not an object: \(text.prefix(80))")
      return [:]
    }
    return members
  }

  /// Writes `lines` to a file in `directory` and returns its path.
  static func write(_ lines: [String], _ name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    return url.path
  }

  /// Replay's `--out` lines of a recording, and replay's `--json` report.
  static func replay(_ recording: String, in directory: URL) throws -> (
    out: String, report: [String: Any]
  ) {
    let out = directory.appendingPathComponent("out.jsonl").path
    let result = try ArsimRunner.run(["replay", recording, "--json", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    return (out, try json(result.stdout))
  }

  /// Replay's metric names beside score's (the same numbers under the contract's names).
  static let sameNumbers: [(replay: String, score: String)] = [
    ("mota", "mota"), ("idf1", "idf1"), ("idSwitchCount", "idSwitches"),
    ("missCount", "misses"), ("falsePositiveCount", "falsePositives"),
    ("truthCount", "truthObjectFrames"),
    ("placementErrorRMSMillimeters", "placementErrorRmsMm"),
    ("placementErrorMaxMillimeters", "placementErrorMaxMm"),
    ("jitterRMSMillimeters", "jitterRmsMm"),
    ("reprojectionErrorRMSPixels", "reprojectionErrorRmsPx"),
    ("missedObjectCount", "missedObjects"), ("neverInViewObjectCount", "objectsNeverInView"),
    ("falseMarkerCount", "falseMarkers"),
    ("matchThresholdMeters", "matchThresholdMeters"),
  ]

  /// Replay's placeable figures (`metrics.placeable`) beside score's (the same figures, of a
  /// placeability that can differ: see `replayOutLinesReproduceReplayMetrics`).
  static let samePlaceableNumbers: [(replay: String, score: String)] = [
    ("mota", "placeableMota"), ("idf1", "placeableIdf1"), ("idSwitchCount", "placeableIdSwitches"),
    ("missCount", "placeableMisses"), ("falsePositiveCount", "placeableFalsePositives"),
    ("truthCount", "placeableObjectFrames"),
  ]

  @Test(arguments: recordings)
  func replayOutLinesReproduceReplayMetrics(relativePath: String) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent(relativePath).path
    let out = directory.appendingPathComponent("out.jsonl").path
    let replayed = try ArsimRunner.run(["replay", recording, "--json", "--out", out])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    let report = try Self.exact(replayed.stdout)
    guard case .object(let metrics)? = report["metrics"] else {
      Issue.record("\(relativePath): no metrics")
      return
    }
    let result = try ArsimRunner.run([
      "score", recording, "--markers", out, "--json", "--no-diagnosis",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let score = try Self.exact(result.stdout)
    for (replayKey, scoreKey) in Self.sameNumbers {
      // Exactly the same number, or both null.
      #expect(metrics[replayKey] != nil)
      #expect(metrics[replayKey] == score[scoreKey], "\(relativePath): \(replayKey) vs \(scoreKey)")
    }
    #expect(score["frames"] == report["frameCount"])
    // The placeable figures replay prints, under score's names. Score decides placeability by
    // the ray alone (it does not see the placer's detections), replay also by a detection of
    // the object's label placed on it: score's placeable object-frames are among replay's, so
    // it counts at most as many, and at most as many misses.
    guard case .object(let placeable)? = metrics["placeable"] else {
      Issue.record("\(relativePath): no placeable metrics")
      return
    }
    for (replayKey, scoreKey) in Self.samePlaceableNumbers {
      #expect(placeable[replayKey] != nil && score[scoreKey] != nil, "\(scoreKey)")
    }
    for (replayKey, scoreKey) in [
      ("truthCount", "placeableObjectFrames"), ("missCount", "placeableMisses"),
    ] {
      guard case .number(let replayed)? = placeable[replayKey],
        case .number(let scored)? = score[scoreKey]
      else {
        Issue.record("\(relativePath): \(scoreKey) is not a number")
        continue
      }
      #expect(scored <= replayed, "\(relativePath): \(scoreKey)")
    }
    guard case .object(let first)? = metrics["timeToFirstConfirmedSeconds"],
      case .array(let objects)? = score["objects"]
    else {
      Issue.record("\(relativePath): no times or objects")
      return
    }
    #expect(objects.count == first.count)
    for case .object(let object) in objects {
      guard case .string(let id)? = object["id"] else { continue }
      #expect(object["firstMatchedSeconds"] == first[id], "\(id)")
    }
  }

  @Test func jsonHasTheContractKeys() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let (out, _) = try Self.replay(recording, in: directory)
    let score = try Self.json(
      try ArsimRunner.run(["score", recording, "--markers", out, "--json"]).stdout)
    for key in [
      "format", "version", "frames", "mota", "idf1", "idSwitches", "misses", "falsePositives",
      "placementErrorRmsMm", "placementErrorMaxMm", "jitterRmsMm", "objects", "diagnosis",
      "placeableMota", "placeableIdf1", "placeableMisses", "placeableFalsePositives",
      "placeableToConfirmedMaxSeconds", "asPlacedErrorRmsMm", "bestFitMistake",
      "bestFitResidualMm",
    ] {
      #expect(score[key] != nil, "missing \(key)")
    }
    #expect(score["format"] as? String == "arplacementsim.score")
    #expect(score["version"] as? Int == 3)
    let object = try #require((score["objects"] as? [[String: Any]])?.first)
    for key in ["id", "label", "errorRmsMm", "firstMatchedSeconds"] {
      #expect(object[key] != nil, "objects[0] misses \(key)")
    }
    let fits = try #require(score["diagnosis"] as? [[String: Any]])
    #expect(!fits.isEmpty)
    for fit in fits {
      #expect(fit["mistake"] is String && fit["residualMm"] != nil)
    }
    // Replay's own markers are the correct placement.
    #expect(fits.first?["mistake"] as? String == "none")
    #expect(score["bestFitMistake"] as? String == "none")
    #expect(score["bestFitResidualMm"] as? Double == fits.first?["residualMm"] as? Double)
  }

  /// A frame without a line shows no markers: an empty file scores every truth object-frame as
  /// a miss; a file with one frame's line equals one that lists every frame, empty but that one.
  @Test func missingFramesShowNoMarkers() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let empty = try Self.write([], "empty.jsonl", in: directory)
    let score = try Self.json(
      try ArsimRunner.run(["score", recording, "--markers", empty, "--json", "--no-diagnosis"])
        .stdout)
    #expect(score["mota"] as? Double == 0)
    #expect(score["misses"] as? Int == score["truthObjectFrames"] as? Int)
    #expect(score["falsePositives"] as? Int == 0)
    // Every object ever in view is missed; the others are counted as never in view.
    let objects = try #require(score["objects"] as? [[String: Any]])
    let inView = objects.filter { ($0["visibleFrames"] as? Int ?? 0) > 0 }.count
    #expect(inView > 0 && objects.count == 12)
    #expect(score["missedObjects"] as? Int == inView)
    #expect(score["objectsNeverInView"] as? Int == 12 - inView)
    #expect(objects.allSatisfy { $0["firstMatchedSeconds"] is NSNull })

    let (out, _) = try Self.replay(recording, in: directory)
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    let only = try Self.write([String(lines[300])], "only.jsonl", in: directory)
    let spelled = try Self.write(
      (0..<600).map { $0 == 300 ? String(lines[300]) : "{\"frame\":\($0),\"markers\":[]}" },
      "spelled.jsonl", in: directory)
    let a = try ArsimRunner.run(["score", recording, "--markers", only, "--json"])
    let b = try ArsimRunner.run(["score", recording, "--markers", spelled, "--json"])
    #expect(a.status == 0 && b.status == 0)
    #expect(a.stdout == b.stdout)
  }

  /// Tentative markers are neither shown nor scored: dropping them changes no metric, and
  /// marking every marker tentative leaves nothing matched.
  @Test func tentativeMarkersAreNotScored() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let (out, _) = try Self.replay(recording, in: directory)
    var withoutTentative: [String] = []
    var allTentative: [String] = []
    var stringIDs: [String] = []
    for line in try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n") {
      var object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let markers = try #require(object["markers"] as? [[String: Any]])
      object["markers"] = markers.filter { $0["state"] as? String != "tentative" }
      withoutTentative.append(
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
      object["markers"] = markers.map { marker -> [String: Any] in
        var copy = marker
        copy["state"] = "tentative"
        return copy
      }
      allTentative.append(
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
      object["markers"] = markers.map { marker -> [String: Any] in
        var copy = marker
        copy["id"] = "marker-\(marker["id"] as? Int ?? -1)"
        return copy
      }
      stringIDs.append(
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }
    func score(_ lines: [String], _ name: String) throws -> [String: JSONValue] {
      let path = try Self.write(lines, name, in: directory)
      let result = try ArsimRunner.run([
        "score", recording, "--markers", path, "--json", "--no-diagnosis",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      return try Self.exact(result.stdout)
    }
    let original = try score(
      try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init),
      "original.jsonl")
    let dropped = try score(withoutTentative, "dropped.jsonl")
    // String ids score like integer ids (only identity matters).
    let renamed = try score(stringIDs, "renamed.jsonl")
    for (_, key) in Self.sameNumbers + [("", "asPlacedErrorRmsMm"), ("", "frames")] {
      #expect(original[key] != nil)
      #expect(original[key] == dropped[key], "\(key)")
      #expect(original[key] == renamed[key], "\(key)")
    }
    let tentative = try score(allTentative, "tentative.jsonl")
    #expect(tentative["mota"] == .number(0))
    #expect(tentative["falsePositives"] == .number(0))
    // Every object ever in view is missed (which objects are in view does not depend on the
    // markers).
    #expect(tentative["objectsNeverInView"] == original["objectsNeverInView"])
    if case .number(let unseen)? = tentative["objectsNeverInView"] {
      #expect(tentative["missedObjects"] == .number(12 - unseen))
    } else {
      Issue.record("objectsNeverInView is missing")
    }
  }

  @Test func requireIsACIGate() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let (out, report) = try Self.replay(recording, in: directory)
    let mota = try #require((report["metrics"] as? [String: Any])?["mota"] as? Double)
    let base = ["score", recording, "--markers", out, "--no-diagnosis"]
    let pass = try ArsimRunner.run(
      base + ["--require", "mota>=\(mota - 1e-6)", "--require=missedObjects <= 0"])
    #expect(pass.status == 0, "\(pass.stderr)")
    #expect(pass.stdout.contains("MOTA"))
    let fail = try ArsimRunner.run(
      base + ["--require", "mota>\(mota + 1e-6)", "--require", "idSwitches<1", "--json"])
    #expect(fail.status == 2)
    #expect(fail.stderr.contains("requirement mota>"))
    #expect(!fail.stderr.contains("idSwitches"))
    #expect(abs((try Self.json(fail.stdout)["mota"] as? Double ?? 0) - mota) < 1e-9)
    // An undefined metric fails every requirement: no marker at the end has an error.
    let empty = try Self.write([], "empty.jsonl", in: directory)
    let undefined = try ArsimRunner.run([
      "score", recording, "--markers", empty, "--no-diagnosis", "--require",
      "placementErrorRmsMm<1000",
    ])
    #expect(undefined.status == 2)
    #expect(undefined.stderr.contains("placementErrorRmsMm is null"))
    for bad in ["mota", "speed>=1", "mota>=high", "mota>=nan", "mota=>0.8", "bestFitMistake>=none"]
    {
      let result = try ArsimRunner.run(base + ["--require", bad])
      #expect(result.status == 64, "\(bad)")
      #expect(result.stderr.contains("--require"), "\(bad): \(result.stderr)")
    }
    let misspelt = try ArsimRunner.run(base + ["--require", "mota=>0.8"])
    #expect(misspelt.stderr.contains(">=, <=, >, <, == or !="), "\(misspelt.stderr)")
    // The placeable figures and the best fit are gates too (replay's markers fit the correct
    // placement; --no-diagnosis leaves the best fit undefined, which fails).
    let placeable = try #require(
      ((report["metrics"] as? [String: Any])?["placeable"] as? [String: Any])?["mota"] as? Double)
    let gated = try ArsimRunner.run([
      "score", recording, "--markers", out, "--require", "placeableMota>=\(placeable - 1e-6)",
      "--require", "bestFitMistake==none", "--require", "asPlacedErrorRmsMm<1000",
    ])
    #expect(gated.status == 0, "\(gated.stderr)")
    #expect(gated.stdout.contains("placeable: MOTA"))
    let undiagnosed = try ArsimRunner.run(base + ["--require", "bestFitMistake==none"])
    #expect(undiagnosed.status == 2)
    #expect(undiagnosed.stderr.contains("bestFitMistake is null"), "\(undiagnosed.stderr)")
    #expect(try ArsimRunner.run(base + ["--require"]).status == 64)
    #expect(try ArsimRunner.run(["score", recording]).status == 64)
  }

  struct BadLine: CustomTestStringConvertible, Sendable {
    let name: String
    let lines: [String]
    /// `file:line` and the JSON path expected in the message.
    let line: Int
    let path: String
    var testDescription: String { name }
  }

  static let marker = #"{"id": 1, "label": "hazard", "position": [0, 1, -0.6]}"#
  static let badLines: [BadLine] = [
    BadLine(name: "not JSON", lines: ["{\"frame\": 0, \"markers\": ["], line: 1, path: ""),
    BadLine(
      name: "missing frame", lines: [#"{"markers": []}"#], line: 1, path: ""),
    BadLine(
      name: "negative frame", lines: [#"{"frame": -1, "markers": []}"#], line: 1, path: "frame"),
    BadLine(
      name: "fractional frame", lines: [#"{"frame": 0.5, "markers": []}"#], line: 1,
      path: "frame"),
    BadLine(
      name: "markers not an array", lines: [#"{"frame": 0, "markers": {}}"#], line: 1,
      path: "markers"),
    BadLine(
      name: "position with two numbers",
      lines: [
        "",
        #"{"frame": 2, "markers": [\#(marker), {"id": 2, "label": "fan", "position": [0, 1]}]}"#,
      ],
      line: 2, path: "markers[1].position"),
    BadLine(
      name: "position not finite",
      lines: [#"{"frame": 0, "markers": [{"id": 2, "label": "fan", "position": [0, 1e300, 0]}]}"#],
      line: 1, path: "markers[0].position[1]"),
    BadLine(
      name: "id boolean",
      lines: [#"{"frame": 0, "markers": [{"id": true, "label": "fan", "position": [0, 1, 0]}]}"#],
      line: 1, path: "markers[0].id"),
    BadLine(
      name: "label missing",
      lines: [#"{"frame": 0, "markers": [{"id": 4, "position": [0, 1, 0]}]}"#],
      line: 1, path: "markers[0]"),
    BadLine(
      name: "unknown state",
      lines: [
        #"{"frame": 0, "markers": [{"id": 4, "label": "fan", "position": [0, 1, 0], "state": "shown"}]}"#
      ],
      line: 1, path: "markers[0].state"),
    BadLine(
      name: "duplicate id", lines: [#"{"frame": 0, "markers": [\#(marker), \#(marker)]}"#],
      line: 1, path: "markers[1].id"),
    BadLine(
      name: "frames out of order",
      lines: [#"{"frame": 5, "markers": []}"#, #"{"frame": 3, "markers": []}"#], line: 2,
      path: "frame"),
    BadLine(
      name: "frame past the end", lines: [#"{"frame": 600, "markers": []}"#], line: 1,
      path: "frame"),
  ]

  @Test(arguments: badLines)
  func badMarkersFilesAreNamed(_ bad: BadLine) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let path = try Self.write(bad.lines, "bad.jsonl", in: directory)
    let result = try ArsimRunner.run([
      "score", recording, "--markers", path, "--no-diagnosis",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("\(path):\(bad.line)"), "\(result.stderr)")
    if !bad.path.isEmpty {
      #expect(result.stderr.contains(": \(bad.path): "), "\(result.stderr)")
    }
  }

  /// `--markers -` reads standard input: the same score as from the file, and a bad line is
  /// named as standard input's.
  @Test func markersFromStandardInput() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let (out, _) = try Self.replay(recording, in: directory)
    let lines = try String(contentsOfFile: out, encoding: .utf8)
    let fromFile = try ArsimRunner.run(["score", recording, "--markers", out, "--json"])
    let fromInput = try ArsimRunner.run(
      ["score", recording, "--markers", "-", "--json"], stdin: lines)
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(fromInput.status == 0, "\(fromInput.stderr)")
    #expect(!fromFile.stdout.isEmpty)
    #expect(fromInput.stdout == fromFile.stdout)
    let bad = try ArsimRunner.run(
      ["score", recording, "--markers", "-", "--no-diagnosis"],
      stdin: "{\"frame\": 0, \"markers\": []}\n{\"frame\": -2, \"markers\": []}\n")
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("<stdin>:2"), "\(bad.stderr)")
    #expect(bad.stderr.contains(": frame: "), "\(bad.stderr)")
  }

  @Test func unreadableFilesAreNamed() throws {
    let recording = Self.scenes.appendingPathComponent("dashboard-portrait.json").path
    let missing = "/nonexistent/markers.jsonl"
    let result = try ArsimRunner.run(["score", recording, "--markers", missing])
    #expect(result.status == 1)
    #expect(result.stderr.contains(missing))
    let noTruth = RecordingFixtures.packageRoot().appendingPathComponent(
      "Tests/Fixtures/bad-inputs/header-missing-frames.json"
    ).path
    #expect(try ArsimRunner.run(["score", noTruth, "--markers", missing]).status == 1)
  }
}
