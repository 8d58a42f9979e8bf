import Foundation
import SceneFormat
import SceneReplay
import SpatialMath

/// `arsim import`: converts another tool's recording into an ARPlacementSim recording.
enum ImportCommand {
  /// The formats `import` reads.
  enum SourceFormat: String, CaseIterable, ExpressibleByArgument {
    /// The text files of the ARKit Data Logger app.
    case arkitDataLogger = "arkit-data-logger"
  }

  static let format = Argument<SourceFormat>(
    "FORMAT", help: "The other tool's format.")
  static let directory = Argument<String>(
    "DIR", completion: .directory,
    help: "The directory with the logger's ARKit_camera_pose.txt and, if present, "
      + "ARKit_point_cloud.txt.")
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

  static let spec = CommandSpec(
    name: "import", summary: "Convert another tool's recording (arkit-data-logger) to a recording.",
    discussion: """
      Converts the text files of the ARKit Data Logger app to a recording (format v1). The \
      accumulated point cloud goes into the first frame's featurePoints (colours kept in \
      featurePoints.colorsYCbCr); later frames carry no feature points.
      """,
    arguments: [format, directory],
    options: [intrinsics, imageSize, out, CommandContext.quietFlag],
    epilogue:
      "A progress line is shown on standard error when it is a terminal (not with --quiet).",
    inputs: { parsed in
      let folder = parsed.value(directory)
      return [ARKitDataLoggerImporter.poseFileName, ARKitDataLoggerImporter.pointCloudFileName]
        .map { PathArgument(role: .input, label: "DIR", path: folder + "/" + $0) }
    },
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let k = parsed.value(intrinsics)
    guard k[0] > 0, k[1] > 0 else {
      throw .usage("option --intrinsics: focal lengths must be > 0, got \(k[0]), \(k[1])")
    }
    let output = parsed.value(out)
    do {
      let importer = ARKitDataLoggerImporter(
        focalLengthPixels: SIMD2(k[0], k[1]), principalPointPixels: SIMD2(k[2], k[3]),
        imageResolution: parsed.value(imageSize))
      var progress = context.progress("import")
      let recording = try importer.importRecording(
        directory: parsed.value(directory), limits: context.limits
      ) {
        progress.update(fraction: $0)
      }
      progress.finish()
      try write(recording, to: output, context)
      let pointCount = recording.frames.reduce(0) { $0 + ($1.featurePoints?.points.count ?? 0) }
      return "imported \(recording.frames.count) frames and \(pointCount) feature points to "
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
}
