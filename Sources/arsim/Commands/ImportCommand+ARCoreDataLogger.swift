import ARSimulation
import SceneFormat

/// `arsim import arcore-data-logger DIR`.
extension ImportCommand {
  static let arcoreLoggerDirectory = Argument<String>(
    "DIR", completion: .directory,
    help: "The directory with the logger's ARCore_sensor_pose.txt and, if present, "
      + "ARCore_point_cloud.txt.")

  static let arcoreDataLogger = CommandSpec(
    name: "import arcore-data-logger",
    summary: "Convert ARCore Data Logger text files (sensor poses, point cloud).",
    discussion: """
      Converts the text files of the ARCore Data Logger app to an "arcore" recording (format \
      v1). The logger's pose is Frame.getAndroidSensorPose(), the phone body's Android sensor \
      frame (portrait: +x right, +y up, +z out of the screen), not the camera's: each pose is \
      turned into the camera pose in ARKit's camera axes (+x along the unrotated image's rows, \
      +y up the image, looking along -z) as worldFromSensor * R_z(-SENSOR_ORIENTATION). The \
      display rotation and view size go into the header's arcore.displayGeometry; they do not \
      change the pose. The accumulated point cloud goes into the first frame's featurePoints \
      (colours kept in featurePoints.colorsRGB).
      """,
    arguments: [arcoreLoggerDirectory],
    options: [
      intrinsics, imageSize, ArcoreCommand.display, ArcoreCommand.rotation,
      ArcoreCommand.sensorOrientation, out, CommandContext.quietFlag,
    ],
    epilogue: progressEpilogue,
    inputs: directoryInputs(
      arcoreLoggerDirectory,
      [ARCoreDataLoggerImporter.poseFileName, ARCoreDataLoggerImporter.pointCloudFileName]),
    run: runARCoreDataLogger)

  static func runARCoreDataLogger(_ parsed: ParsedArguments, _ context: CommandContext)
    throws(CommandLineError) -> String
  {
    let (focal, principal) = try focalAndPrincipal(parsed)
    let geometry = try ArcoreCommand.displayGeometry(parsed)
    let importer = ARCoreDataLoggerImporter(
      focalLengthPixels: focal, principalPointPixels: principal,
      imageResolution: parsed.value(imageSize), displayGeometry: RecordingDisplayGeometry(geometry),
      sensorOrientationDegrees: parsed.value(ArcoreCommand.sensorOrientation).degrees)
    return try importAndWrite(parsed, context) { onProgress in
      try importer.importRecording(
        directory: parsed.value(arcoreLoggerDirectory), limits: context.limits,
        onProgress: onProgress)
    }
  }
}
