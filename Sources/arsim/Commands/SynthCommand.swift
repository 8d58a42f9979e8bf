import Foundation
import SceneFormat
import SceneSynthesis

/// `arsim synth`: synthesizes a recording with truth from a scene spec.
enum SynthCommand {
  static let specFile = Argument<String>(
    "SPEC", completion: .file,
    help: "The scene spec (Scenes/specs/*.json; - for standard input, where relative paths in "
      + "it resolve against the current directory).")
  static let seed = Option<UInt64>(
    required: "seed", valueName: "N", help: "The random seed (an unsigned 64-bit integer).")
  static let out = Option<String>(
    required: "out", valueName: "FILE", completion: .outputFile,
    help: "The recording to write: JSON Lines, streamed in constant memory, when the name ends "
      + "in .jsonl (for long sessions); else one JSON document.")

  static let spec = CommandSpec(
    name: "synth", summary: "Synthesize a recording with truth from a scene spec.",
    discussion: """
      Synthesizes a recording (format v1, with truth) from a scene spec: true surfaces and \
      objects, a device, a camera trajectory with hand tremor, tracking, plane, feature-point \
      and detector models, and the Vision request and viewport. The same SPEC and seed give the \
      same bytes.
      """,
    arguments: [specFile], options: [seed, out, CommandContext.quietFlag],
    epilogue: """
      A progress line (percent, frames, time left) is shown on standard error when it is a \
      terminal and the run takes over a second, unless --quiet.
      """,
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let specPath = parsed.value(specFile)
    let seedValue = parsed.value(seed)
    let output = parsed.value(out)
    let sceneSpec = try InputFile.load(
      specPath, context,
      fromFile: {
        try SceneSpec(contentsOfFile: $0, maximumBytes: context.limits.maximumDocumentBytes)
      },
      fromBytes: { try SceneSpec(jsonBytes: $0, file: $1) })
    try checkRecordedTrajectory(of: sceneSpec, against: output, context)
    do {
      var synthesizer: SceneSynthesizer
      do {
        synthesizer = try SceneSynthesizer(spec: sceneSpec, seed: seedValue)
      } catch var error as InputFileError {
        if error.file == nil { error.file = InputFile.name(specPath) }
        throw error
      }
      var progress = context.progress("synth", unit: "frames")
      let total = synthesizer.frameCount
      let count = try write(&synthesizer, to: output, context) {
        progress.update(done: $0, total: total)
      }
      progress.finish()
      return "synthesized \(count) frames (seed \(seedValue)) to \(TerminalText.escaped(output))"
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// A spec with a recorded trajectory reads the logger's files, which the command line does
  /// not name: `--out` must not be one of them (a usage error, as for SPEC itself).
  static func checkRecordedTrajectory(
    of sceneSpec: SceneSpec, against output: String, _ context: CommandContext
  ) throws(CommandLineError) {
    guard let recorded = sceneSpec.recordedTrajectory else { return }
    var directory = recorded.loggerDirectory
    if !directory.hasPrefix("/"), let base = sceneSpec.baseDirectory, !base.isEmpty {
      directory = base + "/" + directory
    }
    let inputs = recorded.logger.fileNames.map {
      PathArgument(
        role: .input, label: "the spec's \(recorded.logger.rawValue)", path: directory + "/" + $0)
    }
    try OutputSafety.check(
      [PathArgument(role: .output, label: "--out", path: output)] + inputs, streams: context.streams
    )
  }

  /// The command's one file output: every frame of `synthesizer` to `path`, as JSON Lines
  /// (streamed) or JSON; returns the frame count.
  static func write(
    _ synthesizer: inout SceneSynthesizer, to path: String, _ context: CommandContext,
    onFrame: (Int) -> Void
  ) throws -> Int {
    if Recording.isJSONLines(path: path) {
      var writer = try RecordingJSONLinesWriter(
        output: OutputFile.open(path, context, bufferSize: 1 << 20), header: synthesizer.header)
      while let frame = synthesizer.nextFrame() {
        try writer.write(frame)
        onFrame(writer.frameCount)
      }
      try writer.close()
      return writer.frameCount
    }
    var frames: [RecordingFrame] = []
    while let frame = synthesizer.nextFrame() {
      frames.append(frame)
      onFrame(frames.count)
    }
    let recording = Recording(header: synthesizer.header, frames: frames)
    do {
      try OutputFile.write(try recording.jsonBytes(), to: path, context)
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
    return frames.count
  }
}
