// swift-tools-version:6.0
//
// ARPlacementSim: headless simulation of AR marker placement (camera, display transforms, Vision
// geometry, raycasting, tracking). Module dependencies run one way:
//   SpatialMath <- ARSimulation <- Placement <- SceneReplay (format, replay, importers) <- arsim
//   _RaycastKernels (C, SIMDe) <- ARSimulation
import PackageDescription

let package = Package(
  name: "ARPlacementSim",
  products: [
    .library(name: "SpatialMath", targets: ["SpatialMath"]),
    .library(name: "ARSimulation", targets: ["ARSimulation"]),
    .library(name: "Placement", targets: ["Placement"]),
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
    .target(name: "SceneReplay", dependencies: ["SpatialMath", "ARSimulation", "Placement"]),
    // Generated recordings shared by tests and benchmarks (not API).
    .target(
      name: "_ReplayFixtures",
      dependencies: ["SceneReplay", "Placement", "ARSimulation", "SpatialMath"]),
    .executableTarget(
      name: "arsim", dependencies: ["Placement", "ARSimulation", "SceneReplay", "SpatialMath"]),
    .executableTarget(
      name: "ARSimBenchmarks",
      dependencies: [
        "Placement", "ARSimulation", "SceneReplay", "SpatialMath", "_RaycastKernels",
        "_ReplayFixtures",
      ],
      path: "Benchmarks/ARSimBenchmarks"
    ),
    .testTarget(name: "SpatialMathTests", dependencies: ["SpatialMath"]),
    .testTarget(
      name: "ARSimulationTests", dependencies: ["ARSimulation", "SpatialMath", "_RaycastKernels"]),
    .testTarget(
      name: "PlacementTests", dependencies: ["Placement", "ARSimulation", "SpatialMath"]),
    .testTarget(
      name: "SceneReplayTests",
      dependencies: ["SceneReplay", "Placement", "ARSimulation", "SpatialMath", "_ReplayFixtures"],
      exclude: ["Fixtures"]),
    .testTarget(name: "arsimTests", dependencies: ["arsim", "_ReplayFixtures", "SceneReplay"]),
  ],
  swiftLanguageModes: [.v6]
)
