import Foundation
import Placement
import SceneFormat
import Testing

@testable import SceneReplay

/// `SweepGrid`: decoding, strict rejection with grid JSON paths, and the product order.
@Suite struct SweepGridTests {
  /// The package root (this file is Tests/SceneReplayTests/Sweep/SweepGridTests.swift).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let sample = root.appendingPathComponent("Scenes/grids/filters-and-anchors.json").path

  static func grid(_ text: String) throws -> SweepGrid {
    try SweepGrid(json: JSONParser.parse(text))
  }

  /// Every grid in Scenes/grids decodes.
  @Test func everyGridInScenesDecodes() throws {
    let directory = Self.root.appendingPathComponent("Scenes/grids").path
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(!names.isEmpty)
    for name in names {
      let grid = try SweepGrid(contentsOfFile: directory + "/" + name)
      #expect(!grid.combinations.isEmpty)
    }
  }

  /// The sample: axes filters (3), trackers (2), attempts (2), anchorPoints (2) make 24
  /// combinations; combination c takes value (c / stride) % count per axis with strides 8, 4, 2, 1.
  @Test func sampleProductOrder() throws {
    let grid = try SweepGrid(contentsOfFile: Self.sample)
    #expect(grid.axes.map(\.axis) == [.filters, .trackers, .attempts, .anchorPoints])
    #expect(grid.combinations.count == 24)
    // 13 = 1*8 + 1*4 + 0*2 + 1*1.
    #expect(grid.combinations[13].choices.map(\.valueIndex) == [1, 1, 0, 1])
    #expect(grid.combinations[0].choices.map(\.valueIndex) == [0, 0, 0, 0])
    #expect(grid.combinations[1].choices.map(\.valueIndex) == [0, 0, 0, 1])
    #expect(grid.combinations[23].choices.map(\.valueIndex) == [2, 1, 1, 1])
    #expect(grid.combinations.map(\.index) == Array(0..<24))
    let c13 = grid.combinations[13].settings
    // filters[1] is kalman with measurement-std 0.004; trackers[1] lays a 3 cm gate over the
    // base's confirmationHitCount 3; anchorPoints[1] is [0.5, 0.4].
    #expect(
      c13.filter
        == (try AnyPositionFilter(name: "kalman", parameters: ["measurement-std": "0.004"])))
    #expect(c13.tracker.associationGateMeters == 0.03)
    #expect(c13.tracker.confirmationHitCount == 3)
    #expect(try c13.placement.anchorPoint == BoxAnchorPoint(x: 0.5, y: 0.4))
    #expect(c13.matchThresholdMeters == 0.02)
  }

  /// A fully general order check: three axes of counts 2, 3, 2, every index, last axis fastest.
  @Test func productOrderIsRowMajor() throws {
    let grid = try Self.grid(
      """
      {"format": "arplacementsim.sweepGrid", "version": 1,
       "raycastSeeds": [10, 11], "backFacePolicies": ["cull", "include", "cull"],
       "matchThresholdMeters": [null, 0.05]}
      """)
    // SweepAxis order: backFacePolicies, raycastSeeds, matchThresholdMeters (not file order).
    #expect(grid.axes.map(\.axis) == [.backFacePolicies, .raycastSeeds, .matchThresholdMeters])
    var expected: [[Int]] = []
    for a in 0..<3 { for b in 0..<2 { for c in 0..<2 { expected.append([a, b, c]) } } }
    #expect(grid.combinations.map { $0.choices.map(\.valueIndex) } == expected)
    let c7 = grid.combinations[7]  // [1, 1, 1]: include, seed 11, 5 cm.
    #expect(c7.settings.placement.raycastOptions.backFacePolicy == .include)
    #expect(c7.settings.placement.raycastOptions.seed == 11)
    #expect(c7.settings.matchThresholdMeters == 0.05)
    #expect(grid.combinations[0].settings.matchThresholdMeters == nil)
  }

  @Test func gridWithoutAxesIsTheBase() throws {
    let grid = try Self.grid(
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "base": {"filter": "median"}}"#)
    #expect(grid.combinations.count == 1)
    #expect(grid.combinations[0].axesJSON == .object([:]))
    #expect(
      grid.combinations[0].settings.filter
        == (try AnyPositionFilter(name: "median", parameters: [:])))
  }

  static let rejections: [(String, String)] = [
    (#"{"format": "arplacementsim.recording", "version": 1}"#, "format"),
    (#"{"format": "arplacementsim.sweepGrid"}"#, ""),
    (#"{"format": "arplacementsim.sweepGrid", "version": 2}"#, "version"),
    (#"{"format": "arplacementsim.sweepGrid", "version": 1, "filter": []}"#, "filter"),
    (#"{"format": "arplacementsim.sweepGrid", "version": 1, "filters": []}"#, "filters"),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "filters": {"name": "kalman"}}"#,
      "filters"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "filters": [{"name": "kalman"}, {"name": "nope"}]}"#,
      "filters[1].name"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "filters": [{"name": "kalman", "parameters": {"measurement-std": true}}]}"#,
      #"filters[0].parameters["measurement-std"]"#
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "filters": [{"name": "oneEuro", "parameters": {"beta": -1}}]}"#,
      "filters[0].parameters.beta"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "filters": [{"name": "kalman", "gate": 1}]}"#,
      "filters[0].gate"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "trackers": [{}, {"confirmationHitCount": 2.5}]}"#,
      "trackers[1].confirmationHitCount"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "anchorPoints": ["center", "middle"]}"#,
      "anchorPoints[1]"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "attempts": [[{"target": "estimatedPlane", "extra": 1}]]}"#,
      "attempts[0][0].extra"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "raycastSeeds": [0, -1]}"#,
      "raycastSeeds[1]"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "matchThresholdMeters": [0]}"#,
      "matchThresholdMeters[0]"
    ),
    (
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "base": {"tracker": {"bogus": 1}}}"#,
      "base.tracker.bogus"
    ),
  ]

  @Test(arguments: rejections)
  func rejectsWithTheGridPath(text: String, path: String) throws {
    do {
      _ = try Self.grid(text)
      Issue.record("accepted \(text)")
    } catch let error as InputFileError {
      #expect(error.jsonPath == path, "\(error)")
    }
  }

  @Test func fileErrorsNameTheFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SweepGridTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("grid.json").path
    try Data(
      #"{"format": "arplacementsim.sweepGrid", "version": 1, "anchorPoints": [[0.5, 2]]}"#.utf8
    ).write(to: URL(fileURLWithPath: path))
    do {
      _ = try SweepGrid(contentsOfFile: path)
      Issue.record("accepted an anchor point outside [0, 1]")
    } catch let error as InputFileError {
      #expect(error.file == path)
      #expect(error.jsonPath == "anchorPoints[0]")
      #expect(error.description.hasPrefix("\(path): anchorPoints[0]: "))
    }
  }
}
