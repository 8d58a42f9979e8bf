import SceneFormat

/// `arsim import arkit-data-logger DIR`.
extension ImportCommand {
  static let arkitLoggerDirectory = Argument<String>(
    "DIR", completion: .directory,
    help: "The directory with the logger's ARKit_camera_pose.txt and, if present, "
      + "ARKit_point_cloud.txt.")

  static let arkitDataLogger = CommandSpec(
    name: "import arkit-data-logger",
    summary: "Convert ARKit Data Logger text files (camera poses, point cloud).",
    discussion: """
      Converts the text files of the ARKit Data Logger app to a recording (format v1): the \
      row-major top three rows of ARFrame.camera.transform become column-major 4x4 matrices, \
      nanoseconds become seconds. The accumulated point cloud goes into the first frame's \
      featurePoints (colours kept in featurePoints.colorsYCbCr); later frames carry no feature \
      points.
      """,
    arguments: [arkitLoggerDirectory],
    options: [intrinsics, imageSize, out, CommandContext.quietFlag],
    epilogue: progressEpilogue,
    inputs: directoryInputs(
      arkitLoggerDirectory,
      [ARKitDataLoggerImporter.poseFileName, ARKitDataLoggerImporter.pointCloudFileName]),
    run: runARKitDataLogger)

  static func runARKitDataLogger(_ parsed: ParsedArguments, _ context: CommandContext)
    throws(CommandLineError) -> String
  {
    let (focal, principal) = try focalAndPrincipal(parsed)
    let importer = ARKitDataLoggerImporter(
      focalLengthPixels: focal, principalPointPixels: principal,
      imageResolution: parsed.value(imageSize))
    return try importAndWrite(parsed, context) { onProgress in
      try importer.importRecording(
        directory: parsed.value(arkitLoggerDirectory), limits: context.limits,
        onProgress: onProgress)
    }
  }
}
