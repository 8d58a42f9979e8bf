import Foundation
import SceneFormat
import SceneReplay

/// What `replay` and `render` read alike: the recording argument, `--config` and how both are
/// loaded (`-` for standard input, errors naming the file and JSON path).
enum ReplayInputs {
  static let recording = Argument<String>(
    "FILE", completion: .file,
    help: "The recording: JSON, or JSON Lines (streamed in bounded memory) when the name ends in "
      + ".jsonl; - for standard input, where the first line tells the form.")
  static let config = Option<String?>(
    "config", valueName: "SETTINGS", completion: .file,
    help: "Replay settings (JSON): filter, filterParameters, tracker overrides, attempts, "
      + "anchorPoint, backFacePolicy, raycastSeed, interpretVisionAs, matchThresholdMeters. "
      + "Default: the tracking Kalman filter, box centre, existing plane geometry then estimated "
      + "plane (any alignment).")

  /// The settings of `--config`, or the defaults.
  static func settings(_ parsed: ParsedArguments, _ context: CommandContext)
    throws(CommandLineError) -> ReplaySettings
  {
    guard let path = parsed.value(config) else { return ReplaySettings() }
    return try InputFile.load(
      path, context,
      fromFile: {
        try ReplaySettings(contentsOfFile: $0, maximumBytes: context.limits.maximumDocumentBytes)
      },
      fromBytes: { bytes, name in
        do {
          return try ReplaySettings(json: JSONParser.parse(bytes))
        } catch let error as InputFileError {
          throw error.located(file: name)
        }
      })
  }

  /// A replay source over `path` (`-`: standard input).
  static func source(_ path: String, limits: RecordingLimits, _ context: CommandContext)
    throws(CommandLineError) -> ReplaySource
  {
    do {
      switch try InputFile.recording(path, context, limits: limits) {
      case nil: return try ReplaySource(contentsOfFile: path, limits: limits)
      case .json(let bytes):
        return try ReplaySource(jsonBytes: bytes, file: InputFile.standardInputName, limits: limits)
      case .jsonLines(let reader): return ReplaySource(reader: reader)
      }
    } catch {
      throw .runtime(describing: error)
    }
  }
}
