let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "decode":
  DecodeBenchmarks.run(arguments: Array(arguments.dropFirst()))
default:
  print("bench")
}
