// ARSimBenchmarks: `swift run -c release ARSimBenchmarks <benchmark> [options]`.
// Each benchmark prints one JSON object on stdout.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "raycast":
  RaycastBenchmarks.run(arguments: Array(arguments.dropFirst()))
default:
  let message = """
    usage: ARSimBenchmarks raycast [--repetitions N] [--seed S] [--planes 1,8,64,512] \
    [--export DIR] [--quick]

    """
  FileHandle.standardError.write(Data(message.utf8))
  exit(arguments.first == "--help" ? 0 : 64)
}
