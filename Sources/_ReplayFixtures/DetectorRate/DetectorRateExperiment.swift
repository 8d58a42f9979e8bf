import ARSimulation
import Foundation
import Placement
import SceneFormat
import SceneReplay
import SpatialMath

/// What a detector running below the frame rate costs, and what carrying its boxes between
/// results recovers (not API; the `detector-rate` benchmark and its tests use it).
///
/// A dashboard with 12 buttons is synthesized (the `dashboard-portrait` scene's geometry, camera
/// and detector noise, with perfect ARKit tracking so that the recorded cameras are the true ones)
/// with a detector at `rateHz` whose results arrive `latencyFrames` late and an object tracker
/// between them. Each ``Strategy`` decides which boxes an app has on every frame and what it
/// places; the scores are:
/// - **box error**: per frame and box, the distance (stored-image pixels) from the box centre to
///   the projected truth of the nearest same-label button (matched within 80 px), median and
///   95th percentile; **box coverage**: matched boxes over buttons in view;
/// - **lag**: the delay `τ` (0...250 ms, whole frames) that minimizes the median distance between
///   a box centre at frame `f` and its button's projection at frame `f - τ`: how old the image
///   content a box shows is;
/// - **marker error** and **MOTA**: the boxes' centres placed on the frame's plane anchors
///   (`PlacementPipeline`, through the right request geometry and camera) feed the package's
///   `MarkerTracker` (default configuration; updated on the frames the strategy has new boxes:
///   every frame when carrying, when a result arrives when holding); on every frame its shown
///   markers in view are scored against the buttons in view (CLEAR-MOT with the
///   half-neighbour-spacing threshold) and by their distance to the nearest same-label button.
public enum DetectorRateExperiment {
  /// How the camera moves.
  public enum Motion: String, CaseIterable, Sendable, Codable {
    /// The `dashboard-portrait` handheld path: slow drift with 2 mm / 0.3° tremor at 8 Hz.
    case handheld
    /// A sideways pan across the dashboard, ±20 cm every 2 s (about 0.2 m/s, 15°/s), same tremor.
    case pan
  }

  /// What the app does between detector results.
  public enum Strategy: String, CaseIterable, Sendable, Codable {
    /// Keeps the last result's boxes as they were; places a result once, with the camera of the
    /// image it was computed on.
    case hold
    /// Like ``hold`` but places each result with the camera of the frame it arrives on (the
    /// wrong frame's camera when results are late).
    case holdCurrentCamera
    /// Uses the object tracker's box on every frame (recorded `trackedObjects`), placed with
    /// that frame's camera.
    case tracker
    /// Carries the boxes by sparse optical flow (``OpticalFlowBoxCarrier``: median of a 3x3 grid
    /// of flow vectors), catching a late result up from its image; places them every frame.
    case opticalFlow
  }

  /// One configuration's scores.
  public struct Row: Sendable, Codable, Hashable {
    /// The camera motion.
    public var motion: Motion
    /// The detector rate (Hz), `nil` for every frame.
    public var rateHz: Double?
    /// Frames between a result's image and its arrival.
    public var latencyFrames: Int
    /// What the app does between results.
    public var strategy: Strategy
    /// Detector results that arrived.
    public var detectorResults: Int
    /// Median distance from a box centre to its button's projection, stored-image pixels.
    public var boxErrorMedianPixels: Double?
    /// 95th percentile of the same, pixels.
    public var boxErrorP95Pixels: Double?
    /// Matched boxes over buttons in view, summed over frames.
    public var boxCoverage: Double?
    /// The delay that best aligns boxes with the buttons' earlier projections, milliseconds.
    public var lagMilliseconds: Double?
    /// Median distance from a shown marker to the nearest same-label button, millimetres.
    public var markerErrorMedianMillimeters: Double?
    /// CLEAR-MOT accuracy of the shown markers in view.
    public var mota: Double?
    /// Identity switches.
    public var idSwitches: Int
  }

  /// The flow noise the ``Strategy/opticalFlow`` strategy measures with: 0.5 px plus 3 % of the
  /// motion per component, 1 % outliers within ±40 px.
  public static let flowNoise = try! OpticalFlowNoise(
    standardDeviationPixels: 0.5, relativeStandardDeviation: 0.03, outlierProbability: 0.01,
    outlierRangePixels: 40)

  /// The scene spec: `rateHz` `nil` runs the detector on every frame.
  public static func spec(
    motion: Motion, rateHz: Double?, latencyFrames: Int, durationSeconds: Double = 8
  ) throws -> SceneSpec {
    var buttons: [String] = []
    let labels = ["hazard", "defrost", "ac", "fan", "volume", "seat-heat"]
    for i in 0..<12 {
      let x = -0.3 + 0.2 * Double(i % 4)
      let z = -0.08 + 0.08 * Double(i / 4)
      buttons.append(
        #"{"id": "button-\#(i + 1)", "label": "\#(labels[i % 6])", "surface": "dashboard", "surfacePosition": [\#(x), \#(z)], "size": [0.04, 0.03, 0.008]}"#
      )
    }
    let waypoints: String
    switch motion {
    case .handheld:
      waypoints = """
        {"time": 0, "position": [-0.08, 1.3, 0.22], "lookAt": [0, 1.0, -0.6]},
        {"time": 3, "position": [0.1, 1.26, 0.2], "lookAt": [0.04, 0.99, -0.6]},
        {"time": 6, "position": [0.02, 1.34, 0.28], "lookAt": [0, 1.01, -0.6]},
        {"time": 10, "position": [-0.06, 1.28, 0.18], "lookAt": [-0.02, 1.0, -0.6]}
        """
    case .pan:
      waypoints = (0...5).map { k in
        let x = k % 2 == 0 ? -0.2 : 0.2
        return
          #"{"time": \#(2 * k), "position": [\#(x), 1.3, 0.22], "lookAt": [\#(x * 0.6), 1.0, -0.6]}"#
      }.joined(separator: ",\n")
    }
    let rate = rateHz.map { #""rateHz": \#($0), "# } ?? ""
    let text = """
      {"format": "arplacementsim.sceneSpec", "version": 1, "framesPerSecond": 60,
       "durationSeconds": \(durationSeconds), "device": {"preset": "iPhone15Pro"},
       "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right"},
       "viewport": {"size": [390, 844], "interfaceOrientation": "portrait"},
       "surfaces": [{"identifier": "dashboard", "position": [0, 1.0, -0.6],
                     "rotation": {"axis": [1, 0, 0], "degrees": 60}, "size": [0.8, 0.3]}],
       "objects": [\(buttons.joined(separator: ",\n"))],
       "trajectory": {"waypoints": [\(waypoints)],
                      "tremor": {"positionAmplitudeMeters": 0.002, "rotationAmplitudeDegrees": 0.3,
                                 "frequencyHertz": 8}},
       "planes": {"detectionDelaySeconds": 0.5, "growthTimeSeconds": 2, "initialFraction": 0.3,
                  "centerShiftMeters": 0.05, "poseNoiseMeters": 0.005, "poseNoiseDegrees": 2},
       "featurePoints": {"pointsPerSquareMeter": 80, "noiseMeters": 0.003, "maximumPerFrame": 16},
       "detector": {"boxNoisePixels": 3, "missProbability": 0.05, "falsePositiveProbability": 0.02,
                    "labelConfusionProbability": 0.02, "confidenceMean": 0.85,
                    "confidenceSpread": 0.1, \(rate)"latencyFrames": \(latencyFrames),
                    "tracker": {}}}
      """
    return try SceneSpec(jsonBytes: Array(text.utf8))
  }
}
