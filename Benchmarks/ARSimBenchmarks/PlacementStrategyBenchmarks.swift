import ARSimulation
import Foundation
import SceneFormat
import SceneSynthesis
import SessionSimulation

/// `ARSimBenchmarks placement-strategies [--scene NAME]...`
///
/// Places the bundled curved and flat dashboards with each placement strategy the package has
/// and scores the markers against the truth with `PlacementHarness` (0.035 m matching
/// threshold): on ARKit sessions the plane raycast (`StepPlacer.reference`) and, where the
/// session has scene depth, the depth placement (`DepthSteps`: the box centre to depth pixels, a
/// confidence-filtered median, unprojected); on ARCore sessions ARCore's hit test as its
/// samples filter it (`ARCoreReferencePlacer`) with `DepthMode` `DISABLED` (planes and points)
/// and `AUTOMATIC` (depth points too). One JSON object, sorted keys: per scene and strategy the
/// placement error RMS and maximum (mm), MOTA, missed objects, and the time until every object
/// ever in view had a marker (s; `null` when one never did). `dashboard-portrait+depth` is the
/// flat dashboard's spec with scene depth every other frame, to show the share of the plane
/// raycast's error that comes from the buttons standing proud of the plane. Quality figures: no
/// clock is read.
/// Mesh raycasts are not a strategy yet: the package has no mesh anchors to raycast.
enum PlacementStrategyBenchmarks {
  /// A scene: a committed recording (`Scenes/<name>.json`) or a spec synthesized with a seed,
  /// optionally given scene depth at `depthRateHz` (the default depth model, no smoothed map).
  struct Scene {
    let name: String
    let seed: UInt64?
    let platform: RecordingPlatform
    var spec: String? = nil
    var depthRateHz: Double? = nil
  }

  static let scenes = [
    Scene(name: "dashboard-curved", seed: nil, platform: .arkit),
    Scene(name: "depth-bench", seed: 1, platform: .arkit),
    Scene(name: "dashboard-portrait", seed: nil, platform: .arkit),
    Scene(
      name: "dashboard-portrait+depth", seed: 1, platform: .arkit, spec: "dashboard-portrait",
      depthRateHz: 30),
    Scene(name: "arcore-dashboard-curved", seed: 1, platform: .arcore),
    Scene(name: "arcore-dashboard-portrait", seed: nil, platform: .arcore),
  ]

  struct Result: Encodable {
    let placementErrorRMSMillimeters: Double?
    let placementErrorMaxMillimeters: Double?
    let mota: Double?
    let missedObjects: Int
    let timeToEveryMarkerSeconds: Double?

    init(_ score: PlacementScore) {
      placementErrorRMSMillimeters = score.placementErrorRMSMillimeters
      placementErrorMaxMillimeters = score.placementErrorMaxMillimeters
      mota = score.mota
      missedObjects = score.missedObjects
      timeToEveryMarkerSeconds = score.timeToFirstMarkerMaxSeconds
    }
  }

  static func run(arguments: [String]) {
    var names: [String] = []
    var index = 0
    while index < arguments.count {
      guard arguments[index] == "--scene", index + 1 < arguments.count else {
        FileHandle.standardError.write(
          Data("placement-strategies: unknown option \(arguments[index])\n".utf8))
        exit(64)
      }
      names.append(arguments[index + 1])
      index += 2
    }
    let chosen = scenes.filter { names.isEmpty || names.contains($0.name) }
    guard !chosen.isEmpty else {
      let valid = scenes.map(\.name).joined(separator: ", ")
      FileHandle.standardError.write(
        Data("placement-strategies: --scene must be one of \(valid)\n".utf8))
      exit(64)
    }
    do {
      var table: [String: [String: Result]] = [:]
      for scene in chosen {
        table[scene.name] = try strategies(on: scene)
        for (strategy, result) in table[scene.name]!.sorted(by: { $0.key < $1.key }) {
          FileHandle.standardError.write(Data(row(scene.name, strategy, result).utf8))
        }
      }
      BenchmarkHarness.printJSON(table)
    } catch {
      FileHandle.standardError.write(Data("placement-strategies: \(error)\n".utf8))
      exit(1)
    }
  }

  /// Every strategy that applies to the scene, by name.
  static func strategies(on scene: Scene) throws -> [String: Result] {
    let harness = PlacementHarness(diagnoses: false)
    switch scene.platform {
    case .arkit:
      var results: [String: Result] = [:]
      var plane = StepPlacer.reference
      var session = try arkitSession(scene)
      results["planeRaycast"] = Result(try session.run(&plane, harness: harness))
      if try hasDepth(arkitSession(scene)) {
        var depth = StepPlacer(steps: DepthSteps())
        var again = try arkitSession(scene)
        results["depth"] = Result(try again.run(&depth, harness: harness))
      }
      return results
    case .arcore:
      var results: [String: Result] = [:]
      for mode in [ARCore.Frame.DepthMode.disabled, .automatic] {
        var placer = ARCoreReferencePlacer()
        var session = try arcoreSession(scene, depthMode: mode)
        results["arcoreHitTest\(mode == .automatic ? "WithDepth" : "")"] = Result(
          try session.run(&placer, harness: harness))
      }
      return results
    }
  }

  /// The scene's spec, with its depth model when it adds one.
  static func spec(_ scene: Scene) throws -> SceneSpec {
    var spec = try SceneSpec(contentsOfFile: "Scenes/specs/\(scene.spec ?? scene.name).json")
    if let rate = scene.depthRateHz {
      var depth = DepthModelSpec()
      depth.rateHz = rate
      depth.smoothed = false
      spec.depth = depth
    }
    return spec
  }

  static func arkitSession(_ scene: Scene) throws -> SimulatedSession {
    if let seed = scene.seed { return try SimulatedSession(spec: spec(scene), seed: seed) }
    return try SimulatedSession(contentsOfFile: "Scenes/\(scene.name).json")
  }

  /// The ARCore session of a scene under `depthMode` (a committed recording's header changed).
  static func arcoreSession(
    _ scene: Scene, depthMode: ARCore.Frame.DepthMode
  ) throws -> SimulatedARCoreSession {
    if let seed = scene.seed {
      var spec = try spec(scene)
      spec.arcore?.depthMode = depthMode
      return try SimulatedARCoreSession(source: ReplaySource(spec: spec, seed: seed))
    }
    var recording = try Recording(contentsOfFile: "Scenes/\(scene.name).json")
    recording.header.arcore?.depthMode = depthMode
    return try SimulatedARCoreSession(recording: recording, file: "Scenes/\(scene.name).json")
  }

  static func hasDepth(_ session: SimulatedSession) throws -> Bool {
    var session = session
    while let frame = try session.nextFrame() {
      if frame.sceneDepth != nil { return true }
    }
    return false
  }

  static func row(_ scene: String, _ strategy: String, _ result: Result) -> String {
    func text(_ value: Double?, _ digits: Int) -> String {
      value.map { String(format: "%.\(digits)f", $0) } ?? "-"
    }
    return "\(scene) \(strategy): error RMS \(text(result.placementErrorRMSMillimeters, 1)) mm "
      + "(max \(text(result.placementErrorMaxMillimeters, 1))), MOTA \(text(result.mota, 3)), "
      + "missed \(result.missedObjects), every object marked after "
      + "\(text(result.timeToEveryMarkerSeconds, 2)) s\n"
  }
}
