// libFuzzer target: the arsim option parser against every command's declaration, the camera
// options of `project`, then the `explain` command on the same arguments.
//
// Built by scripts/fuzz.sh together with the arsim sources (without main.swift). The input is
// split at NUL and newline bytes into arguments. Parsing must either succeed or throw a
// `CommandLineError`; a trap or a sanitizer report is a finding. Commands other than `explain`
// are only parsed, not run (they read files or standard input), and arguments that could name a
// file (containing "/" or "request") are not passed to `explain`, so that the fuzzer never
// reads the file system. Help texts and completion scripts are generated once per input too.
import ARSimulation
import SpatialMath

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false)
    .flatMap { $0.split(separator: 0x0A, omittingEmptySubsequences: false) }
    .map { String(decoding: $0, as: UTF8.self) }
  for spec in Tool.commands {
    _ = ParsedArguments.asksForHelp(arguments)
    _ = try? ParsedArguments(arguments, spec: spec)
  }
  if let parsed = try? ParsedArguments(arguments, spec: ProjectCommand.spec) {
    _ = try? CameraOptions.camera(from: parsed, imageResolution: Size(width: 1920, height: 1440))
  }
  if let word = arguments.first {
    _ = Suggestion.closest(to: word, among: Tool.commands.map(\.name))
    _ = TerminalText.escaped(word)
  }
  if !arguments.contains(where: { $0.contains("/") || $0.contains("request") || $0 == "-" }),
    let parsed = try? ParsedArguments(arguments, spec: ExplainCommand.spec)
  {
    let streams = StandardStreams(
      readInput: { _ in [] },
      openInput: { () throws(StandardStreams.Failure) in throw .failed("no input") },
      writeOutput: { _ in },
      writeError: { _ in }, errorIsTerminal: false)
    _ = try? ExplainCommand.run(parsed, CommandContext(streams: streams, quiet: true))
  }
  return 0
}
