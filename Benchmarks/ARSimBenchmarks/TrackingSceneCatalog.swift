import Foundation
import SceneFormat
import SceneReplay

/// The bundled scenes with truth that `tracking-scenes` measures: the recording, its spec and
/// seed (as listed in Scenes/README.md).
struct TrackingSceneCatalog {
  struct Entry {
    let name: String
    let recording: String
    let spec: String
    let seed: UInt64
    /// The baseline RMS placement error of the markers shown at the end (mm), measured with an
    /// earlier version of the tracker: the goal is to be no worse; `nil` for scenes without a
    /// baseline.
    var placementErrorBeforeMillimeters: Double?
    /// Whether the cause analysis applies: it replays every frame as a detector frame on the
    /// recording's Vision settings, so scenes with a detector below the frame rate (late
    /// results) or ARCore's ML Kit objects get the goals only.
    var analyzesCauses = true
  }

  static let entries: [Entry] = [
    Entry(
      name: "dashboard-portrait", recording: "dashboard-portrait.json",
      spec: "specs/dashboard-portrait.json", seed: 1, placementErrorBeforeMillimeters: 17.1926),
    Entry(
      name: "dashboard-downmirrored", recording: "dashboard-downmirrored.json",
      spec: "specs/dashboard-downmirrored.json", seed: 1,
      placementErrorBeforeMillimeters: 17.1926),
    Entry(
      name: "tabletop-landscape", recording: "tabletop-landscape.json",
      spec: "specs/tabletop-landscape.json", seed: 2, placementErrorBeforeMillimeters: 21.7795),
    Entry(
      name: "real-arkit-logger", recording: "real-arkit-logger.json",
      spec: "specs/real-arkit-logger.json", seed: 7, placementErrorBeforeMillimeters: 16.9637),
    Entry(
      name: "walking-panel", recording: "walking-panel.json", spec: "specs/walking-panel.json",
      seed: 4),
    Entry(
      name: "dashboard-detector-10hz", recording: "dashboard-detector-10hz.json",
      spec: "specs/dashboard-detector-10hz.json", seed: 4, analyzesCauses: false),
    Entry(
      name: "dashboard-contours", recording: "dashboard-contours.json",
      spec: "specs/dashboard-contours.json", seed: 5),
    Entry(
      name: "arcore-dashboard-portrait", recording: "arcore-dashboard-portrait.json",
      spec: "specs/arcore-dashboard-portrait.json", seed: 1, analyzesCauses: false),
  ]

  /// The Scenes/ directory under the working directory.
  let scenesDirectory: String
  /// Where to look for a recorded trajectory's logger directory when the spec's relative path
  /// does not exist (a worktree sits at another depth than the main checkout).
  let loggerFallbacks: [String]

  init(scenesDirectory: String = "Scenes") {
    self.scenesDirectory = scenesDirectory
    let root = FileManager.default.currentDirectoryPath
    loggerFallbacks = [
      (root as NSString).appendingPathComponent("../shared/data"),
      (root as NSString).appendingPathComponent("../../shared/data"),
    ]
  }

  func path(_ relative: String) -> String {
    (scenesDirectory as NSString).appendingPathComponent(relative)
  }

  /// The committed recording.
  func recording(_ entry: Entry) throws -> Recording {
    try Recording(contentsOfFile: path(entry.recording))
  }

  /// The spec, with a recorded trajectory's logger directory resolved (see `loggerFallbacks`).
  func spec(_ entry: Entry) throws -> SceneSpec {
    var spec = try SceneSpec(contentsOfFile: path(entry.spec))
    if var recorded = spec.recordedTrajectory {
      let base = spec.baseDirectory ?? "."
      let direct = (base as NSString).appendingPathComponent(recorded.loggerDirectory)
      if !FileManager.default.fileExists(atPath: direct) {
        let name = (recorded.loggerDirectory as NSString).lastPathComponent
        for candidate in loggerFallbacks {
          let path = (candidate as NSString).appendingPathComponent(name)
          if FileManager.default.fileExists(atPath: path) {
            recorded.loggerDirectory = (path as NSString).standardizingPath
            break
          }
        }
      }
      spec.recordedTrajectory = recorded
    }
    return spec
  }

  /// The reference for cause analysis: the same spec and seed with a perfect tracker and
  /// noise-free boxes. The synthesizer draws the same random values whatever these models say,
  /// so poses, planes, points, misses, labels and false positives match the recording frame by
  /// frame; only the reported camera (= true camera) and the box edges differ.
  func reference(_ entry: Entry) throws -> Recording {
    var spec = try spec(entry)
    spec.tracking = TrackingModelSpec()
    spec.detector.boxNoisePixels = 0
    return try SceneSynthesizer.recording(spec: spec, seed: entry.seed)
  }
}
