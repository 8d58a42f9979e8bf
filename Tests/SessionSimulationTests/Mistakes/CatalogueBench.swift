import Foundation
import SessionSimulation
import _TestSupport

/// The scenes the catalogue is tested on, in order: the placement bench (a spec synthesized with
/// its seed: buttons across the view, a region of interest, a second surface, a brisk pan), the
/// committed `.downMirrored` dashboard, the dashboard with a 10 Hz detector (raw candidates, a
/// result 2 frames late, object-tracker boxes), the dashboard with contours and the glance away
/// from the dashboard (tracking corrections while the markers are out of view), and the depth
/// bench (a spec synthesized with its seed: the curved dashboard with scene depth on every frame;
/// the depth mistakes, against the correct depth placer), and the interrupted dashboard (an
/// interruption, 5 s relocalizing with the pose 0.3 m off, then relocalized). Each
/// mistake is tested on the first of them it applies to (decided from the frames' settings,
/// before anything is placed).
enum CatalogueBench {
  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")
  static let names = [
    "placement-bench", "dashboard-downmirrored", "dashboard-detector-10hz", "dashboard-contours",
    "dashboard-glance-away", "depth-bench", "dashboard-interrupted",
  ]

  /// The correct placement a mistake is measured against: the steps it gets one thing wrong
  /// in (tracker boxes and contours are placed by their own correct steps), else the reference.
  static func correctPlacer(for mistake: PlacementMistake) -> StepPlacer {
    switch mistake.id {
    case PlacementMistake.trackerBoxWrongCamera.id: StepPlacer(steps: TrackedBoxSteps())
    case PlacementMistake.contourPointsNotFlipped.id: StepPlacer(steps: ContourOutlineSteps())
    default: mistake.steps.placesByDepth ? StepPlacer(steps: DepthSteps()) : .reference
    }
  }

  /// The correct placer of a bench scene: by depth on the depth bench (where plane raycasts miss
  /// the buttons of the curved dashboard), the reference elsewhere.
  static func correctPlacer(on name: String) -> StepPlacer {
    name == "depth-bench" ? StepPlacer(steps: DepthSteps()) : .reference
  }

  /// The bench scenes synthesized from their spec and seed (not committed as recordings).
  static let synthesized: [String: UInt64] = ["placement-bench": 4, "depth-bench": 1]

  /// The session of a bench scene (a committed one is `Scenes/<name>.json`).
  static func session(_ name: String) throws -> SimulatedSession {
    if let seed = synthesized[name] {
      return try SimulatedSession(
        specFile: scenes.appendingPathComponent("specs/\(name).json").path, seed: seed)
    }
    return try SimulatedSession(
      contentsOfFile: scenes.appendingPathComponent("\(name).json").path)
  }

  /// Whether `mistake` applies to some frame of the scene.
  static func applies(_ mistake: PlacementMistake, to name: String) throws -> Bool {
    var session = try session(name)
    while let frame = try session.nextFrame() {
      if mistake.isApplicable(to: frame) { return true }
    }
    return false
  }

  /// The first bench scene `mistake` applies to, or `nil`.
  static func scene(for mistake: PlacementMistake) throws -> String? {
    try names.first { try applies(mistake, to: $0) }
  }

  /// The score of `placer` on a scene.
  static func score(_ placer: StepPlacer, on name: String, diagnoses: Bool = false) throws
    -> PlacementScore
  {
    var session = try session(name)
    var placer = placer
    return try session.run(&placer, harness: PlacementHarness(diagnoses: diagnoses))
  }
}
