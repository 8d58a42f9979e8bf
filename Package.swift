// swift-tools-version:6.0
//
// ARPlacementSim: headless simulation of AR marker placement (camera, display transforms, Vision
// geometry, raycasting, tracking). Module dependencies run one way:
//   SpatialMath <- ARSimulation <- Placement
//   ARSimulation <- SceneFormat (recording format, JSON, JSON Lines, importers)
//   Placement, SceneFormat <- SceneSynthesis (scene specs -> recordings with truth; the synthetic
//     detector runs Placement's non-maximum suppression)
//   Placement, SceneFormat, SceneSynthesis <- SessionSimulation (the ARKit-shaped simulated
//     session over a recording or a synthesized scene, the harness that scores a placer's
//     markers, the catalogue of classic placement mistakes and the diagnosis)
//   SessionSimulation <- SceneReplay (replay: the package's placer as a session client; sweeps,
//     pictures) <- arsim
//   _RaycastKernels (C, SIMDe) <- ARSimulation
// Targets with a leading underscore are not API (_RaycastKernels; fixtures for tests and benchmarks).
import PackageDescription

let package = Package(
  name: "ARPlacementSim",
  products: [
    .library(name: "SpatialMath", targets: ["SpatialMath"]),
    .library(name: "ARSimulation", targets: ["ARSimulation"]),
    .library(name: "Placement", targets: ["Placement"]),
    .library(name: "SceneFormat", targets: ["SceneFormat"]),
    .library(name: "SceneSynthesis", targets: ["SceneSynthesis"]),
    .library(name: "SessionSimulation", targets: ["SessionSimulation"]),
    .library(name: "SceneReplay", targets: ["SceneReplay"]),
    .executable(name: "arsim", targets: ["arsim"]),
  ],
  targets: [
    .target(name: "SpatialMath"),
    .target(
      name: "_RaycastKernels",
      // SIMDe is header-only (Debian's libsimde-dev, /usr/include/simde). It is included only from
      // the .c files, never from the public header. No -march flags: instruction sets are chosen
      // per function and at run time.
      cSettings: [.unsafeFlags(["-O3", "-fno-fast-math", "-ffp-contract=off"])]
    ),
    .target(name: "ARSimulation", dependencies: ["SpatialMath", "_RaycastKernels"]),
    .target(name: "Placement", dependencies: ["SpatialMath", "ARSimulation"]),
    .target(name: "SceneFormat", dependencies: ["SpatialMath", "ARSimulation"]),
    .target(
      name: "SceneSynthesis",
      dependencies: ["SpatialMath", "ARSimulation", "Placement", "SceneFormat"]),
    .target(
      name: "SessionSimulation",
      dependencies: ["SpatialMath", "ARSimulation", "Placement", "SceneFormat", "SceneSynthesis"]),
    .target(
      name: "SceneReplay",
      dependencies: [
        "SpatialMath", "ARSimulation", "Placement", "SceneFormat", "SceneSynthesis",
        "SessionSimulation",
      ]),
    // Seeded generators for tests and benchmarks (not API): measurement streams, frame worlds.
    .target(
      name: "_SimulationFixtures", dependencies: ["SpatialMath", "ARSimulation", "Placement"]),
    // Paths, temporary directories, hand-written recordings and the bad-input corpus's table,
    // shared by the test targets.
    .target(name: "_TestSupport", dependencies: ["SceneFormat"]),
    // A headless Chromium over the DevTools pipe, for checking the pictures in a real browser
    // (tests and benchmarks; not API).
    .target(name: "_BrowserCheck", dependencies: ["SceneFormat"]),
    // Generated recordings shared by tests and benchmarks (not API).
    .target(
      name: "_ReplayFixtures",
      dependencies: ["SceneReplay", "SceneFormat", "Placement", "ARSimulation", "SpatialMath"]),
    .executableTarget(
      name: "arsim",
      dependencies: [
        "Placement", "ARSimulation", "SceneFormat", "SceneSynthesis", "SessionSimulation",
        "SceneReplay", "SpatialMath",
      ]),
    .executableTarget(
      name: "ARSimBenchmarks",
      dependencies: [
        "Placement", "ARSimulation", "SceneFormat", "SceneSynthesis", "SessionSimulation",
        "SceneReplay", "SpatialMath", "_RaycastKernels", "_ReplayFixtures", "_SimulationFixtures",
        "_BrowserCheck",
      ],
      path: "Benchmarks/ARSimBenchmarks"
    ),
    .testTarget(name: "SpatialMathTests", dependencies: ["SpatialMath", "_TestSupport"]),
    .testTarget(
      name: "ARSimulationTests",
      dependencies: [
        "ARSimulation", "SpatialMath", "_RaycastKernels", "_SimulationFixtures", "_TestSupport",
      ]),
    .testTarget(
      name: "PlacementTests",
      dependencies: [
        "Placement", "ARSimulation", "SpatialMath", "_SimulationFixtures", "_TestSupport",
      ]),
    .testTarget(
      name: "SceneFormatTests",
      dependencies: ["SceneFormat", "ARSimulation", "SpatialMath", "_TestSupport"]),
    .testTarget(
      name: "SceneSynthesisTests",
      dependencies: [
        "SceneSynthesis", "SceneFormat", "Placement", "ARSimulation", "SpatialMath", "_TestSupport",
      ]),
    .testTarget(
      name: "SessionSimulationTests",
      dependencies: [
        "SessionSimulation", "SceneSynthesis", "SceneFormat", "Placement", "ARSimulation",
        "SpatialMath", "_TestSupport",
      ]),
    .testTarget(
      name: "SceneReplayTests",
      dependencies: [
        "SceneReplay", "SessionSimulation", "SceneSynthesis", "SceneFormat", "Placement",
        "ARSimulation", "SpatialMath", "_ReplayFixtures", "_TestSupport",
      ]),
    .testTarget(
      name: "arsimTests",
      dependencies: [
        "arsim", "ARSimulation", "Placement", "_ReplayFixtures", "SceneFormat", "SessionSimulation",
        "SceneReplay", "_TestSupport", "_BrowserCheck",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
