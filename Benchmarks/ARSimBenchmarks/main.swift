import Foundation

/// ARSimBenchmarks: `swift run -c release ARSimBenchmarks <suite> [options]`. Each suite prints
/// one machine-readable JSON object (medians over repetitions).
let suites: [String: ([String]) -> Void] = [
  "conversions": ConversionBenchmarks.run,
  "decode": DecodeBenchmarks.run,
  "decode-peers": DecodePeerBenchmarks.run,
  "filters": FilterBenchmarks.run,
  "detector-rate": DetectorRateBenchmarks.run,
  "query": QueryPathBenchmarks.run,
  "raycast": RaycastBenchmarks.run,
  "raycast-cli": RaycastCLIBenchmarks.run,
  "mesh-raycast": MeshRaycastBenchmarks.run,
  "placement-strategies": PlacementStrategyBenchmarks.run,
  "synth": SynthBenchmarks.run,
  "tracking": TrackingBenchmarks.run,
  "tracking-scenes": TrackingScenesBenchmarks.run,
  "replay": ReplayBenchmarks.run,
  "replay-cli": ReplayCLIBenchmarks.run,
  "replay-memory": ReplayBenchmarks.memoryChild,
  "sweep": SweepBenchmarks.run,
  "report-load": ReportLoadBenchmarks.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let suite = suites[name] else {
  let names = suites.keys.sorted().joined(separator: ", ")
  FileHandle.standardError.write(
    Data("usage: ARSimBenchmarks <suite> [options]\nsuites: \(names)\n".utf8))
  exit(64)
}
suite(Array(arguments.dropFirst()))
