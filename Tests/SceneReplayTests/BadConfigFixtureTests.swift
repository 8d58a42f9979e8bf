import Foundation
import SceneFormat
import SceneSynthesis
import Testing
import _TestSupport

@testable import SceneReplay

/// Bad replay settings (`arsim replay --config`) and bad scene specs (`arsim synth`), made by
/// scripts/make-bad-configs.py with one defect each: every file fails with the expected kind,
/// and the error names the file, the JSON path and (for text that is not JSON) the line.
/// Expectations are written by hand from each file's defect; nothing traps.
@Suite struct BadConfigFixtureTests {
  static let fixtures = RecordingFixtures.packageRoot()
    .appendingPathComponent("Tests/Fixtures")

  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var kind: InputFileError.Kind
    /// The dotted JSON path; empty for the root and for text that is not JSON.
    var jsonPath: String
    var line: Int? = nil
    var testDescription: String { file }
  }

  static let settingsCases: [Case] = [
    // Ends after `3` and the final newline: the end of input is on line 2.
    Case(file: "syntax-truncated.json", kind: .syntax, jsonPath: "", line: 2),
    Case(file: "syntax-nan-literal.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "top-level-array.json", kind: .typeMismatch, jsonPath: ""),
    Case(file: "unknown-member.json", kind: .unknownField, jsonPath: "colour"),
    Case(file: "unknown-filter-name.json", kind: .invalidValue, jsonPath: "filter"),
    Case(file: "filter-not-a-string.json", kind: .typeMismatch, jsonPath: "filter"),
    Case(
      file: "filter-parameter-negative.json", kind: .invalidValue,
      jsonPath: "filterParameters.gate"),
    Case(
      file: "filter-parameter-boolean.json", kind: .typeMismatch, jsonPath: "filterParameters.gate"),
    Case(file: "tracker-unknown-member.json", kind: .unknownField, jsonPath: "tracker.gateMeters"),
    // Each tracker member is checked against its registry row: the path names the member.
    Case(
      file: "tracker-negative-gate.json", kind: .invalidValue,
      jsonPath: "tracker.associationGateMeters"),
    Case(
      file: "tracker-fractional-count.json", kind: .invalidValue,
      jsonPath: "tracker.confirmationHitCount"),
    Case(
      file: "tracker-rigid-layout-string.json", kind: .typeMismatch,
      jsonPath: "tracker.rigidLayout"),
    Case(file: "attempt-unknown-target.json", kind: .invalidValue, jsonPath: "attempts[0].target"),
    Case(file: "anchor-point-out-of-range.json", kind: .invalidValue, jsonPath: "anchorPoint"),
    Case(file: "anchor-point-unknown-name.json", kind: .invalidValue, jsonPath: "anchorPoint"),
    Case(file: "back-face-policy-unknown.json", kind: .invalidValue, jsonPath: "backFacePolicy"),
    Case(file: "raycast-seed-negative.json", kind: .invalidValue, jsonPath: "raycastSeed"),
    Case(file: "raycast-seed-fraction.json", kind: .invalidValue, jsonPath: "raycastSeed"),
    Case(file: "match-threshold-zero.json", kind: .invalidValue, jsonPath: "matchThresholdMeters"),
    Case(
      file: "tracker-view-gate-zero.json", kind: .invalidValue,
      jsonPath: "tracker.associationGateChiSquare"),
    Case(
      file: "tracker-view-margin-half.json", kind: .invalidValue,
      jsonPath: "tracker.detectionMarginFraction"),
    Case(
      file: "tracker-view-error-unknown-member.json", kind: .unknownField,
      jsonPath: "tracker.measurementError.pixels"),
    Case(
      file: "tracker-view-error-latency-negative.json", kind: .invalidValue,
      jsonPath: "tracker.measurementError.latencySeconds"),
    Case(
      file: "tracker-view-flag-number.json", kind: .typeMismatch,
      jsonPath: "trackerUsesDetectorView"),
    Case(
      file: "vision-model-size-zero.json", kind: .invalidValue,
      jsonPath: "interpretVisionAs.modelInputSize[0]"),
  ]

  static let specCases: [Case] = [
    Case(file: "syntax-truncated.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-nan-literal.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "unknown-member.json", kind: .unknownField, jsonPath: "colour"),
    Case(file: "unknown-format.json", kind: .unsupportedVersion, jsonPath: "format"),
    // A missing member is reported on the object that lacks it (the root); the message names it.
    Case(file: "missing-device.json", kind: .missingField, jsonPath: ""),
    Case(file: "fps-zero.json", kind: .invalidValue, jsonPath: "framesPerSecond"),
    Case(file: "fps-nan-string.json", kind: .typeMismatch, jsonPath: "framesPerSecond"),
    Case(file: "duration-negative.json", kind: .invalidValue, jsonPath: "durationSeconds"),
    Case(file: "unknown-device-preset.json", kind: .invalidValue, jsonPath: "device.preset"),
    Case(file: "surface-size-negative.json", kind: .invalidValue, jsonPath: "surfaces[0].size"),
    Case(file: "surface-size-zero.json", kind: .invalidValue, jsonPath: "surfaces[0].size"),
    Case(file: "object-unknown-surface.json", kind: .invalidValue, jsonPath: "objects[0].surface"),
    // Sizes and positions over ±1e6 m (`SceneSpec.coordinateLimitMeters`) are refused; a depth of
    // 8.1e305 m used to decode and synthesize a NaN truth position (scene-spec fuzzer).
    Case(file: "object-size-huge.json", kind: .invalidValue, jsonPath: "objects[0].size[2]"),
    Case(
      file: "object-surface-position-huge.json", kind: .invalidValue,
      jsonPath: "objects[0].surfacePosition[0]"),
    Case(
      file: "waypoint-time-repeated.json", kind: .invalidValue,
      jsonPath: "trajectory.waypoints[2].time"),
    // Times 0, 2, 1: the first time that does not increase is waypoint 2's.
    // z = 0.2 m on a surface 0.3 m deep (half 0.15 m): off the surface.
    Case(
      file: "object-outside-surface.json", kind: .invalidValue,
      jsonPath: "objects[0].surfacePosition[1]"),
    Case(
      file: "waypoint-time-decreasing.json", kind: .invalidValue,
      jsonPath: "trajectory.waypoints[2].time"),
    Case(
      file: "waypoint-position-huge.json", kind: .invalidValue,
      jsonPath: "trajectory.waypoints[0].position[0]"),
    Case(
      file: "detector-miss-probability-over-one.json", kind: .invalidValue,
      jsonPath: "detector.missProbability"),
    // Edges 1, 4, 2: the first that does not increase is edge 2.
    Case(
      file: "hand-edges-decreasing.json", kind: .invalidValue,
      jsonPath: "trajectory.hand.bandEdgesHertz[2]"),
    Case(
      file: "hand-band-count-mismatch.json", kind: .invalidValue,
      jsonPath: "trajectory.hand.velocityRMSMetersPerSecond"),
    Case(
      file: "hand-components-zero.json", kind: .invalidValue,
      jsonPath: "trajectory.hand.componentsPerBand"),
  ]

  static func check(_ error: InputFileError, _ testCase: Case, path: String) {
    #expect(error.kind == testCase.kind, "\(error)")
    #expect(error.jsonPath == testCase.jsonPath, "\(error)")
    #expect(error.file == path)
    if let line = testCase.line { #expect(error.line == line, "\(error)") }
    #expect(error.description.hasPrefix(path + ":"))
    if !testCase.jsonPath.isEmpty { #expect(error.description.contains(testCase.jsonPath)) }
  }

  @Test(arguments: settingsCases)
  func replaySettings(_ testCase: Case) throws {
    let path = Self.fixtures.appendingPathComponent("bad-replay-settings/" + testCase.file).path
    let error = try #require(throws: InputFileError.self) {
      try ReplaySettings(contentsOfFile: path)
    }
    Self.check(error, testCase, path: path)
  }

  @Test(arguments: specCases)
  func sceneSpec(_ testCase: Case) throws {
    let path = Self.fixtures.appendingPathComponent("bad-scene-specs/" + testCase.file).path
    let error = try #require(throws: InputFileError.self) { try SceneSpec(contentsOfFile: path) }
    Self.check(error, testCase, path: path)
  }

  /// The spec every bad one is made from decodes, so each fixture's only defect is its own; and
  /// every fixture file has a case.
  @Test func baseSpecIsValidAndEveryFileHasACase() throws {
    let specs = Self.fixtures.appendingPathComponent("bad-scene-specs")
    _ = try SceneSpec(contentsOfFile: specs.appendingPathComponent("valid.json").path)
    let specFiles = try FileManager.default.contentsOfDirectory(atPath: specs.path).sorted()
    #expect(specFiles == (Self.specCases.map(\.file) + ["valid.json"]).sorted())
    let settings = Self.fixtures.appendingPathComponent("bad-replay-settings").path
    let settingsFiles = try FileManager.default.contentsOfDirectory(atPath: settings).sorted()
    #expect(settingsFiles == Self.settingsCases.map(\.file).sorted())
  }
}
