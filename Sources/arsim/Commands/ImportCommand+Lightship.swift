import SceneFormat

/// `arsim import lightship DIR`.
extension ImportCommand {
  static let lightshipDirectory = Argument<String>(
    "DIR", completion: .directory,
    help: "The playback capture's directory (with capture.json).")

  static let lightship = CommandSpec(
    name: "import lightship",
    summary: "Convert a Niantic Lightship playback capture (capture.json).",
    discussion: """
      Converts a Lightship ARDK playback capture to a recording: each frame of capture.json \
      becomes a frame. pose4x4 (camera-to-world, column-major, OpenGL's camera convention: +x \
      right, +y up, looking along -z, in a +y-up right-handed world) is ARKit's convention, so \
      it is the camera transform as is; intrinsics [fx, fy, cx, cy, s] become the column-major \
      matrix for the frame's resolution (the stored image's own orientation, landscape on a \
      phone); tracking and trackingReason become the camera's tracking state. Members not read \
      are kept under the frame's "lightship". The recording's viewport is 390x844 portrait and \
      its Vision request .right, centerCrop, 416x416 (the capture records neither).
      """,
    arguments: [lightshipDirectory],
    options: [out, CommandContext.quietFlag],
    epilogue: progressEpilogue,
    inputs: directoryInputs(lightshipDirectory, [LightshipImporter.captureFileName]),
    run: runLightship)

  static func runLightship(_ parsed: ParsedArguments, _ context: CommandContext)
    throws(CommandLineError) -> String
  {
    try importAndWrite(parsed, context) { _ in
      try LightshipImporter().importRecording(
        directory: parsed.value(lightshipDirectory), limits: context.limits)
    }
  }
}
