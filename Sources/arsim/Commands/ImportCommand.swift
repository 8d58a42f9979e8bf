import Foundation
import SceneFormat
import SceneReplay
import SpatialMath

/// `arsim import FORMAT ...`: converts another tool's recording into an ARPlacementSim
/// recording. One subcommand per format; the options they share are declared here once.
enum ImportCommand {
  static let intrinsics = Option<[Double]>(
    requiredNumbers: "intrinsics", count: 4, valueName: "fx,fy,ox,oy",
    help: "Focal lengths and principal point in image pixels (the logger does not record them; "
      + "iPhone XS: about 1460,1460,960,720).")
  static let imageSize = Option<Size>(
    required: "image-size", valueName: "WxH",
    help: "Captured image size in pixels (e.g. 1920x1440).")
  static let out = Option<String>(
    required: "out", valueName: "FILE", completion: .outputFile,
    help: "The recording to write: JSON Lines when the name ends in .jsonl, else JSON.")
  static let progressEpilogue =
    "A progress line is shown on standard error when it is a terminal (not with --quiet)."

  static let spec = CommandSpec(
    group: "import",
    summary:
      "Convert another tool's recording (data loggers, Objectron, Lightship) to a recording.",
    discussion: "Converts another tool's recording to a recording (format v1).",
    subcommands: [arkitDataLogger, arcoreDataLogger, objectron, lightship])

  /// The checked `--intrinsics` as focal lengths and principal point.
  static func focalAndPrincipal(_ parsed: ParsedArguments) throws(CommandLineError) -> (
    SIMD2<Double>, SIMD2<Double>
  ) {
    let k = parsed.value(intrinsics)
    guard k[0] > 0, k[1] > 0 else {
      throw .usage("option --intrinsics: focal lengths must be > 0, got \(k[0]), \(k[1])")
    }
    return (SIMD2(k[0], k[1]), SIMD2(k[2], k[3]))
  }

  /// Runs `body` (the import) with a progress line, writes its recording to `--out` and returns
  /// the command's summary line.
  static func importAndWrite(
    _ parsed: ParsedArguments, _ context: CommandContext,
    _ body: (_ onProgress: (Double) -> Void) throws -> Recording
  ) throws(CommandLineError) -> String {
    let output = parsed.value(out)
    do {
      var progress = context.progress("import")
      let recording = try body { progress.update(fraction: $0) }
      progress.finish()
      try write(recording, to: output, context)
      let pointCount = recording.frames.reduce(0) { $0 + ($1.featurePoints?.points.count ?? 0) }
      let objectCount = recording.header.truth?.objects.count ?? 0
      return "imported \(recording.frames.count) frames and \(pointCount) feature points"
        + (objectCount > 0 ? " and \(objectCount) truth objects" : "") + " to "
        + TerminalText.escaped(output)
    } catch {
      throw .runtime(describing: error)
    }
  }

  /// The command's one file output.
  static func write(_ recording: Recording, to path: String, _ context: CommandContext) throws {
    let bytes: [UInt8]
    do {
      bytes =
        Recording.isJSONLines(path: path)
        ? try recording.jsonLinesBytes() : try recording.jsonBytes()
    } catch let error as InputFileError {
      throw error.located(file: path)
    }
    try OutputFile.write(bytes, to: path, context)
  }

  /// The fixed files an importer reads in the directory `argument` names, for `OutputSafety`.
  static func directoryInputs(
    _ argument: Argument<String>, _ fileNames: [String]
  ) -> @Sendable (ParsedArguments) -> [PathArgument] {
    { parsed in
      let folder = parsed.value(argument)
      return fileNames.map {
        PathArgument(role: .input, label: argument.declaration.name, path: folder + "/" + $0)
      }
    }
  }
}
