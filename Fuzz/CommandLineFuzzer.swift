// libFuzzer target: the arsim option parser and the typed accessors, the camera options of
// `project`, then the `explain` command on the same arguments.
//
// Built by scripts/fuzz.sh together with the arsim sources (without main.swift). The input is
// split at NUL and newline bytes into arguments. Every input must either run or throw a
// `CommandLineError`; a trap or a sanitizer report is a finding. `project` itself is not run (it
// reads a file or standard input), and arguments that could name a file (containing "/" or
// "request") are not passed to `explain`, so that the fuzzer never reads the file system.
import ARSimulation
import SpatialMath

private let options: [String: ParsedArguments.Arity] = [
  "flag": .flag, "one": .one, "pair": .numbers(count: 2), "triple": .numbers(count: 3),
  "size": .one, "orientation": .one,
]

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false)
    .flatMap { $0.split(separator: 0x0A, omittingEmptySubsequences: false) }
    .map { String(decoding: $0, as: UTF8.self) }
  if let parsed = try? ParsedArguments(arguments, options: options) {
    _ = parsed.wantsHelp
    _ = parsed.flag("flag")
    _ = parsed.string("one")
    _ = try? parsed.numbers("pair", count: 2)
    _ = try? parsed.numbers("triple", count: 3)
    _ = try? parsed.size("size")
    _ = try? parsed.named("orientation", as: InterfaceOrientation.self)
  }
  if let parsed = try? ParsedArguments(arguments, options: ProjectCommand.options) {
    _ = try? CameraOptions.camera(from: parsed, imageResolution: Size(width: 1920, height: 1440))
  }
  if !arguments.contains(where: { $0.contains("/") || $0.contains("request") }) {
    _ = try? ExplainCommand.run(arguments)
  }
  return 0
}
