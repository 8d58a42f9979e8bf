import Foundation
import SceneFormat

@testable import SceneSynthesis

/// Hand-written scene specs for the synthesis tests.
enum SynthesisFixtures {
  /// A wall facing the camera: the surface at (0, 0, -1) turned +90° about +x, so its normal
  /// (local +y) is world +z and its local z axis is world -y; a surface-local point (x, z) is the
  /// world point (x, -z, -1). The camera sits at the origin looking along -z in portrait, with a
  /// perfect tracker, no tremor and a perfect detector. Objects are flat (depth 0), so their truth
  /// positions lie on the wall.
  static let wall = """
    {"format": "arplacementsim.sceneSpec", "version": 1, "framesPerSecond": 30, "durationSeconds": 1,
     "startTimestampSeconds": 5,
     "device": {"preset": "iPhone15Pro"},
     "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right"},
     "viewport": {"size": [390, 844], "interfaceOrientation": "portrait"},
     "surfaces": [{"identifier": "wall", "position": [0, 0, -1],
                   "rotation": {"axis": [1, 0, 0], "degrees": 90}, "size": [0.6, 0.8]}],
     "objects": [
       {"id": "a", "label": "hazard", "surface": "wall", "surfacePosition": [0, 0], "size": [0.04, 0.03, 0]},
       {"id": "b", "label": "fan", "surface": "wall", "surfacePosition": [0.1, -0.15], "size": [0.05, 0.02, 0]},
       {"id": "c", "label": "ac", "surface": "wall", "surfacePosition": [-0.12, 0.2], "size": [0.03, 0.03, 0]}],
     "trajectory": {"waypoints": [{"time": 0, "position": [0, 0, 0], "lookAt": [0, 0, -1]}]},
     "planes": {"detectionDelaySeconds": 0.2, "growthTimeSeconds": 0.5, "initialFraction": 0.2,
                "centerShiftMeters": 0.3, "poseNoiseMeters": 0.01, "poseNoiseDegrees": 3},
     "featurePoints": {"pointsPerSquareMeter": 50, "maximumPerFrame": 10} }
    """

  /// `wall` with the first occurrence of `find` replaced.
  static func wall(replacing find: String, with replacement: String) -> String {
    guard let range = wall.range(of: find) else { return "fixture substring not found: \(find)" }
    return wall.replacingCharacters(in: range, with: replacement)
  }

  static func spec(_ text: String, file: String? = nil) throws -> SceneSpec {
    try SceneSpec(jsonBytes: Array(text.utf8), file: file)
  }
}
