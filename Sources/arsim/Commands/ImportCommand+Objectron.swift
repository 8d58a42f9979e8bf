import SceneFormat
import SceneSynthesis

/// `arsim import objectron --geometry FILE --annotation FILE`.
extension ImportCommand {
  static let objectronGeometry = Option<String>(
    required: "geometry", valueName: "FILE", completion: .file,
    help: "The clip's geometry.pbdata: uint32 little-endian lengths, each followed by an ARFrame.")
  static let objectronAnnotation = Option<String>(
    required: "annotation", valueName: "FILE", completion: .file,
    help: "The clip's annotation file: one Sequence message (the annotated 3D boxes).")
  static let objectronSeed = Option<UInt64>(
    "seed", valueName: "N", default: 1,
    help: "The seed of the detector model's draws (an unsigned 64-bit integer).")

  /// The detector model applied to the projected boxes: 2 px edge noise, 5 % misses.
  static var objectronDetector: DetectorModelSpec {
    var model = DetectorModelSpec()
    model.boxNoisePixels = 2
    model.missProbability = 0.05
    return model
  }

  static let objectron = CommandSpec(
    name: "import objectron",
    summary: "Convert an Objectron clip (ARKit frames and annotated 3D boxes) with truth.",
    discussion: """
      Converts an Objectron clip to a recording with truth: every ARFrame of the geometry file \
      becomes a frame (camera transform and intrinsics, row-major on the wire, transposed to \
      column-major; the landscape image resolution as ARKit reports it; tracking state; plane \
      anchors with their boundary; raw feature points), every annotated box of the Sequence a \
      truth object (label = category, position = box centre, size = box scale, the rotation \
      kept as truth.objects[i].rotation). The clips' videos are portrait: the recording's \
      viewport is 360x480 portrait and its Vision request .right, centerCrop, 416x416. \
      Detections are made from the boxes projected through each frame's camera by the \
      synthesizer's detector model (2 px edge noise, 5 % misses, seeded by --seed).
      """,
    options: [
      objectronGeometry, objectronAnnotation, objectronSeed, out, CommandContext.quietFlag,
    ],
    epilogue: progressEpilogue,
    run: runObjectron)

  static func runObjectron(_ parsed: ParsedArguments, _ context: CommandContext)
    throws(CommandLineError) -> String
  {
    try importAndWrite(parsed, context) { onProgress in
      let recording = try ObjectronImporter().importRecording(
        geometryFile: parsed.value(objectronGeometry),
        annotationFile: parsed.value(objectronAnnotation), limits: context.limits)
      onProgress(0.5)
      return try TruthBoxDetector(model: objectronDetector, seed: parsed.value(objectronSeed))
        .addingDetections(to: recording)
    }
  }
}
