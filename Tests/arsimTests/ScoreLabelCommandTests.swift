import Foundation
import SceneFormat
import Testing
import _TestSupport

/// `arsim score` with markers exactly on every button of the dashboard but the wrong labels:
/// the gate must fail. With markers exactly on the buttons, a marker is in view exactly when its
/// button is, so (T the truth object-frames in view) a wrong label makes every object-frame a
/// miss and every marker-frame a false positive: misses = false positives = T, no match, MOTA =
/// 1 - 2T / T = -1, IDF1 = 0.
@Suite("arsim score: labels count")
struct ScoreLabelCommandTests {
  static let recording = ScoreCommandTests.scenes.appendingPathComponent(
    "dashboard-portrait.json"
  ).path

  /// The buttons' ids, labels and positions, in recording order.
  static func buttons() throws -> [(id: String, label: String, position: [Double])] {
    let data = try Data(contentsOf: URL(fileURLWithPath: recording))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let truth = try #require(root["truth"] as? [String: Any])
    let objects = try #require(truth["objects"] as? [[String: Any]])
    return try objects.map {
      (
        try #require($0["id"] as? String), try #require($0["label"] as? String),
        try #require($0["position"] as? [Double])
      )
    }
  }

  /// A markers file with one marker on every button in each of the 600 frames, the button at
  /// index i labelled `label(i)`.
  static func markersFile(in directory: URL, _ label: (Int) -> String) throws -> String {
    let buttons = try buttons()
    let markers = buttons.indices.map { i in
      let p = buttons[i].position
      return
        #"{"id": \#(i + 1), "label": "\#(label(i))", "position": [\#(p[0]), \#(p[1]), \#(p[2])]}"#
    }.joined(separator: ", ")
    let lines = (0..<600).map { #"{"frame": \#($0), "markers": [\#(markers)]}"# }
    return try ScoreCommandTests.write(lines, "markers.jsonl", in: directory)
  }

  static func score(_ path: String, _ extra: [String] = []) throws -> (
    status: Int32, score: [String: Any]
  ) {
    let result = try ArsimRunner.run(
      ["score", recording, "--markers", path, "--json", "--no-diagnosis"] + extra)
    return (result.status, try ScoreCommandTests.json(result.stdout))
  }

  @Test func rightLabelsStillScorePerfectly() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let labels = try Self.buttons().map(\.label)
    let (status, score) = try Self.score(
      try Self.markersFile(in: directory) { labels[$0] }, ["--require", "mota>=0.9"])
    #expect(status == 0)
    #expect(score["mota"] as? Double == 1 && score["idf1"] as? Double == 1)
    #expect(score["misses"] as? Int == 0 && score["falsePositives"] as? Int == 0)
  }

  /// Each button gets the next button's label (the dashboard's labels repeat every six buttons,
  /// so no button keeps its own; the nearest button of the label it gets is at least 20 cm away,
  /// the threshold 4 cm), or a label no button has.
  @Test(arguments: ["permuted", "unknown"])
  func wrongLabelsFailTheGate(kind: String) throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let labels = try Self.buttons().map(\.label)
    let path = try Self.markersFile(in: directory) { i in
      kind == "permuted" ? labels[(i + 1) % labels.count] : "glovebox"
    }
    for i in labels.indices where kind == "permuted" {
      #expect(labels[(i + 1) % labels.count] != labels[i])
    }
    let (status, score) = try Self.score(path, ["--require", "mota>=0.9"])
    #expect(status == 2)
    let truthFrames = try #require(score["truthObjectFrames"] as? Int)
    #expect(truthFrames > 0)
    #expect(score["misses"] as? Int == truthFrames)
    #expect(score["falsePositives"] as? Int == truthFrames)
    #expect(score["idSwitches"] as? Int == 0)
    #expect(score["mota"] as? Double == -1)
    #expect(score["idf1"] as? Double == 0)
    #expect(score["falseMarkers"] as? Int == 12)
    let objects = try #require(score["objects"] as? [[String: Any]])
    #expect(objects.allSatisfy { $0["matchedFrames"] as? Int == 0 })
    let idf1Gate = try ArsimRunner.run([
      "score", Self.recording, "--markers", path, "--no-diagnosis", "--require", "idf1>=0.9",
    ])
    #expect(idf1Gate.status == 2)
    #expect(idf1Gate.stderr.contains("requirement idf1>=0.9 failed"))
  }
}
