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
//   Placement, SceneFormat <- SessionRecording (a session recorded as it runs: frames in, JSON
//     Lines out, off the caller's thread)
//   ARSimulation, Placement, SessionRecording <- ARKitBridge (ARFrame as Placement's
//     PlacementFrame, an ARSessionDelegate recorder; compiled only where ARKit has ARFrame,
//     empty elsewhere)
//   _CSIMDe (system library) <- _RaycastKernels (C) <- ARSimulation, where the kernels are built
// Targets with a leading underscore are not API (_CSIMDe, _RaycastKernels; fixtures for tests and
// benchmarks).
import PackageDescription

// The batched raycast runs on C kernels over SIMDe where they are built and on a pure-Swift SIMD
// implementation with the same results everywhere else. ARSIM_KERNELS chooses where they are built:
//   unset    Linux only (Debian/Ubuntu: apt-get install libsimde-dev); Apple platforms use Swift
//   off, 0   nowhere (what CI uses to test the Swift implementation)
//   on, 1    Linux and macOS (macOS: brew install simde, found through its pkg-config file)
// iOS, visionOS and other platforms without SIMDe always use the Swift implementation.
let kernelPlatforms: [Platform] =
  switch Context.environment["ARSIM_KERNELS"] {
  case "off", "0": []
  case "on", "1": [.linux, .macOS]
  default: [.linux]
  }
let buildsKernels = !kernelPlatforms.isEmpty
let kernels: [Target.Dependency] =
  buildsKernels
  ? [.target(name: "_RaycastKernels", condition: .when(platforms: kernelPlatforms))] : []

let kernelTargets: [Target] =
  buildsKernels
  ? [
    .systemLibrary(
      name: "_CSIMDe",
      pkgConfig: kernelPlatforms.contains(.macOS) ? "simde" : nil,
      providers: [.apt(["libsimde-dev"]), .brew(["simde"])]),
    .target(
      name: "_RaycastKernels",
      dependencies: ["_CSIMDe"],
      // No flags: SwiftPM's optimisation level; each .c file turns FP contraction off with
      // `#pragma clang fp contract(off)` and the AVX2 variant selects its instruction set per
      // function (`target("avx2,fma")`), chosen at run time by CPU detection.
    ),
  ] : []

let package = Package(
  name: "ARPlacementSim",
  platforms: [.macOS(.v13), .iOS(.v16), .macCatalyst(.v16), .visionOS(.v1)],
  products: [
    .library(name: "SpatialMath", targets: ["SpatialMath"]),
    .library(name: "ARSimulation", targets: ["ARSimulation"]),
    .library(name: "Placement", targets: ["Placement"]),
    .library(name: "SceneFormat", targets: ["SceneFormat"]),
    .library(name: "SceneSynthesis", targets: ["SceneSynthesis"]),
    .library(name: "SessionSimulation", targets: ["SessionSimulation"]),
    .library(name: "SceneReplay", targets: ["SceneReplay"]),
    .library(name: "SessionRecording", targets: ["SessionRecording"]),
    .library(name: "ARKitBridge", targets: ["ARKitBridge"]),
    .executable(name: "arsim", targets: ["arsim"]),
  ],
  targets: kernelTargets + [
    .target(name: "SpatialMath"),
    .target(name: "ARSimulation", dependencies: ["SpatialMath"] + kernels),
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
    .target(
      name: "SessionRecording",
      dependencies: ["SpatialMath", "ARSimulation", "Placement", "SceneFormat"]),
    // Everything inside `#if canImport(ARKit)`: an empty module on Linux, where it cannot be
    // built with ARKit.
    .target(
      name: "ARKitBridge",
      dependencies: ["SpatialMath", "ARSimulation", "Placement", "SessionRecording"]),
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
    // An example app module whose placement code is written against the session, and its Swift
    // Testing suite on Scenes/ (Examples/DashboardApp/README.md; not a product).
    .target(
      name: "DashboardApp", dependencies: ["SessionSimulation"],
      path: "Examples/DashboardApp/Sources/DashboardApp"),
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
        "SceneReplay", "SpatialMath", "_ReplayFixtures", "_SimulationFixtures", "_BrowserCheck",
      ] + kernels,
      path: "Benchmarks/ARSimBenchmarks"
    ),
    .testTarget(name: "SpatialMathTests", dependencies: ["SpatialMath", "_TestSupport"]),
    .testTarget(
      name: "ARSimulationTests",
      dependencies: ["ARSimulation", "SpatialMath", "_SimulationFixtures", "_TestSupport"] + kernels
    ),
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
      name: "SessionRecordingTests",
      dependencies: [
        "SessionRecording", "ARKitBridge", "SceneReplay", "SessionSimulation", "SceneFormat",
        "Placement", "ARSimulation", "SpatialMath", "DashboardApp", "_TestSupport",
      ]),
    .testTarget(
      name: "DashboardAppTests", dependencies: ["DashboardApp", "SessionSimulation"],
      path: "Examples/DashboardApp/Tests/DashboardAppTests"),
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
