import Foundation
import SceneFormat
import SceneSynthesis

/// `arsim synth`: synthesizes a recording with truth from a scene spec.
enum SynthCommand {
  static let usage = """
    USAGE: arsim synth SPEC --seed N --out FILE

    Synthesizes a recording (format v1, with truth) from a scene spec (Scenes/specs/*.json):
    true surfaces and objects, a device, a camera trajectory with hand tremor, tracking, plane,
    feature-point and detector models, and the Vision request and viewport. The same SPEC and
    seed give the same bytes. A FILE ending in .jsonl is written as JSON Lines, streaming in
    constant memory (for long sessions); anything else as one JSON document.

    OPTIONS:
      --seed N      The random seed (an unsigned 64-bit integer).
      --out FILE    The recording to write.
      --help        Show this help.
    """

  static let options: [String: ParsedArguments.Arity] = ["seed": .one, "out": .one]

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    guard let specPath = parsed.positional.first else { throw .usage("missing SPEC") }
    guard parsed.positional.count == 1 else {
      throw .usage("unexpected argument \"\(parsed.positional[1])\"")
    }
    guard let seedText = parsed.string("seed") else { throw .usage("option --seed is required") }
    guard let seed = UInt64(seedText) else {
      throw .usage("option --seed: \"\(seedText)\" is not an unsigned 64-bit integer")
    }
    guard let output = parsed.string("out"), !output.isEmpty else {
      throw .usage("option --out is required")
    }
    do {
      let spec = try SceneSpec(contentsOfFile: specPath)
      var synthesizer: SceneSynthesizer
      do {
        synthesizer = try SceneSynthesizer(spec: spec, seed: seed)
      } catch var error as InputFileError {
        if error.file == nil { error.file = specPath }
        throw error
      }
      var count = 0
      if Recording.isJSONLines(path: output) {
        var writer = try RecordingJSONLinesWriter(path: output, header: synthesizer.header)
        while let frame = synthesizer.nextFrame() { try writer.write(frame) }
        try writer.close()
        count = writer.frameCount
      } else {
        var frames: [RecordingFrame] = []
        while let frame = synthesizer.nextFrame() { frames.append(frame) }
        count = frames.count
        try Recording(header: synthesizer.header, frames: frames).write(toFile: output)
      }
      return "synthesized \(count) frames (seed \(seed)) to \(output)"
    } catch {
      throw .runtime("\(error)")
    }
  }
}
