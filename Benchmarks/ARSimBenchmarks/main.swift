let benchmarkArguments = Array(CommandLine.arguments.dropFirst())
switch benchmarkArguments.first {
case "tracking":
  TrackingBenchmarks.run(arguments: Array(benchmarkArguments.dropFirst()))
default:
  print("bench")
}
