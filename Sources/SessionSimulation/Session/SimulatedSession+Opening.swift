import SceneFormat
import SceneSynthesis

extension SimulatedSession {
  /// Opens a recording file: streamed in bounded memory when the name ends in `.jsonl`, else
  /// parsed whole (JSON) with the frames decoded one at a time. Unknown members are kept.
  ///
  /// - Throws: `InputFileError` naming the file (and the line and column of a syntax error, or
  ///   the JSON path of a bad header member).
  public init(
    contentsOfFile path: String, options: Options = Options(), limits: RecordingLimits = .default
  ) throws {
    try self.init(source: ReplaySource(contentsOfFile: path, limits: limits), options: options)
  }

  /// A session over a recording in memory; `file` names it in errors.
  ///
  /// - Throws: `InputFileError` when the header's viewport or Vision settings cannot be
  ///   converted.
  public init(recording: Recording, file: String? = nil, options: Options = Options()) throws {
    try self.init(source: ReplaySource(recording: recording, file: file), options: options)
  }

  /// A session synthesized from a scene spec and a seed as it plays (`SceneSynthesizer`): the
  /// same frames, bit for bit, as the recording `arsim synth` writes for them, in constant
  /// memory.
  ///
  /// - Throws: `InputFileError` for settings the synthesizer refuses.
  public init(spec: SceneSpec, seed: UInt64, options: Options = Options()) throws {
    try self.init(source: ReplaySource(spec: spec, seed: seed), options: options)
  }

  /// A session synthesized from the scene spec file at `path` (`Scenes/specs/*.json`) and a
  /// seed.
  ///
  /// - Throws: `InputFileError` naming the spec file and the JSON path of a bad member.
  public init(specFile path: String, seed: UInt64, options: Options = Options()) throws {
    let spec = try SceneSpec(contentsOfFile: path)
    try self.init(source: ReplaySource(spec: spec, seed: seed, file: path), options: options)
  }
}
