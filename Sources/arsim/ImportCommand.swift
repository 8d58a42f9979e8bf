import Foundation
import SceneFormat
import SceneReplay
import SpatialMath

/// `arsim import`: converts another tool's recording into an ARPlacementSim recording.
enum ImportCommand {
  static let usage = """
    USAGE: arsim import arkit-data-logger DIR --intrinsics fx,fy,ox,oy --image-size WxH --out FILE

    Converts the text files of the ARKit Data Logger app (ARKit_camera_pose.txt and, if present,
    ARKit_point_cloud.txt in DIR) to a recording (format v1). A FILE ending in .jsonl is written
    as JSON Lines, anything else as JSON.

    OPTIONS:
      --intrinsics fx,fy,ox,oy    Focal lengths and principal point in image pixels (the logger
                                  does not record them; iPhone XS: about 1460,1460,960,720).
      --image-size WxH            Captured image size in pixels (e.g. 1920x1440).
      --out FILE                  The recording to write.
      --help                      Show this help.

    The accumulated point cloud goes into the first frame's featurePoints (colours kept in
    featurePoints.colorsYCbCr); later frames carry no feature points.
    """

  static let options: [String: ParsedArguments.Arity] = [
    "intrinsics": .numbers(count: 4), "image-size": .one, "out": .one,
  ]

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    guard let source = parsed.positional.first else {
      throw .usage("missing the source format (arkit-data-logger)")
    }
    guard source == "arkit-data-logger" else {
      throw .usage("unknown source format \"\(source)\"; supported: arkit-data-logger")
    }
    guard parsed.positional.count == 2 else {
      throw .usage(
        parsed.positional.count < 2
          ? "missing DIR" : "unexpected argument \"\(parsed.positional[2])\"")
    }
    guard let k = try parsed.numbers("intrinsics", count: 4) else {
      throw .usage("option --intrinsics is required")
    }
    guard k[0] > 0, k[1] > 0 else {
      throw .usage("option --intrinsics: focal lengths must be > 0, got \(k[0]), \(k[1])")
    }
    guard let imageSize = try parsed.size("image-size") else {
      throw .usage("option --image-size is required")
    }
    guard let output = parsed.string("out"), !output.isEmpty else {
      throw .usage("option --out is required")
    }
    do {
      let importer = ARKitDataLoggerImporter(
        focalLengthPixels: SIMD2(k[0], k[1]), principalPointPixels: SIMD2(k[2], k[3]),
        imageResolution: imageSize)
      let recording = try importer.importRecording(directory: parsed.positional[1])
      try recording.write(toFile: output)
      let pointCount = recording.frames.reduce(0) { $0 + ($1.featurePoints?.points.count ?? 0) }
      return
        "imported \(recording.frames.count) frames and \(pointCount) feature points to \(output)"
    } catch {
      throw .runtime("\(error)")
    }
  }
}
