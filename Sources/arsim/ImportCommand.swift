import Foundation
import SceneReplay
import SpatialMath

/// `arsim import`: converts another tool's recording into an ARPlacementSim recording.
///
/// Parse, validate and run are separate steps. Exit codes: 0 success (and `--help`), 64 usage
/// error (message naming the option, then the usage, on stderr), 1 runtime error (stderr).
enum ImportCommand {
  /// The usage text printed by `--help` and after usage errors.
  static let usage = """
    usage: arsim import arkit-data-logger DIR --intrinsics FX,FY,OX,OY --image-size WxH --out FILE

    Converts the text files of the ARKit Data Logger app (ARKit_camera_pose.txt and, if present,
    ARKit_point_cloud.txt in DIR) to a recording (format v1). FILE ending in .jsonl is written
    as JSON Lines, anything else as JSON.

    options:
      --intrinsics FX,FY,OX,OY  focal lengths and principal point in image pixels (the logger
                                does not record them; iPhone XS: about 1460,1460,960,720)
      --image-size WxH          captured image size in pixels (e.g. 1920x1440)
      --out FILE                the recording to write
      -h, --help                show this help

    The accumulated point cloud goes into the first frame's featurePoints (colours kept in
    featurePoints.colorsYCbCr); later frames carry no feature points.
    """

  /// A parsed, validated invocation.
  struct Options: Equatable {
    var directory: String
    var focalLengthPixels: SIMD2<Double>
    var principalPointPixels: SIMD2<Double>
    var imageResolution: Size
    var outputPath: String
  }

  /// What parsing produced.
  enum Parsed: Equatable {
    case help
    case run(Options)
  }

  /// A usage error; its message names the option or argument.
  struct UsageError: Error, Equatable {
    var message: String
  }

  /// Runs the command; `arguments` exclude `arsim` and `import`. Returns the exit code.
  static func run(arguments: [String]) -> Int32 {
    let parsed: Parsed
    do {
      parsed = try parse(arguments)
    } catch let error as UsageError {
      writeToStandardError("arsim import: \(error.message)\n\(usage)\n")
      return 64
    } catch {
      writeToStandardError("arsim import: \(error)\n\(usage)\n")
      return 64
    }
    guard case .run(let options) = parsed else {
      print(usage)
      return 0
    }
    do {
      let importer = ARKitDataLoggerImporter(
        focalLengthPixels: options.focalLengthPixels,
        principalPointPixels: options.principalPointPixels,
        imageResolution: options.imageResolution)
      let recording = try importer.importRecording(directory: options.directory)
      try recording.write(toFile: options.outputPath)
      let pointCount = recording.frames.reduce(0) { $0 + ($1.featurePoints?.points.count ?? 0) }
      print(
        "imported \(recording.frames.count) frames and \(pointCount) feature points to \(options.outputPath)")
      return 0
    } catch {
      writeToStandardError("arsim import: \(error)\n")
      return 1
    }
  }

  /// Parses and validates `arguments` (no file system access).
  static func parse(_ arguments: [String]) throws -> Parsed {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "-h" || argument == "--help" { return .help }
      guard argument.hasPrefix("--") else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      guard ["--intrinsics", "--image-size", "--out"].contains(name) else {
        throw UsageError(message: "unknown option \(name)")
      }
      if value == nil {
        guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
        value = arguments[index]
        index += 1
      }
      if values[name] != nil { throw UsageError(message: "\(name) given more than once") }
      values[name] = value
    }
    guard let source = positionals.first else {
      throw UsageError(message: "missing the source format (arkit-data-logger)")
    }
    guard source == "arkit-data-logger" else {
      throw UsageError(message: "unknown source format \"\(source)\"; supported: arkit-data-logger")
    }
    guard positionals.count >= 2 else { throw UsageError(message: "missing DIR") }
    guard positionals.count == 2 else {
      throw UsageError(message: "unexpected argument \"\(positionals[2])\"")
    }
    guard let intrinsicsText = values["--intrinsics"] else {
      throw UsageError(message: "missing --intrinsics FX,FY,OX,OY")
    }
    let numbers = intrinsicsText.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard numbers.count == 4, let fx = numbers[0], let fy = numbers[1], let ox = numbers[2],
      let oy = numbers[3], [fx, fy, ox, oy].allSatisfy(\.isFinite)
    else {
      throw UsageError(message: "--intrinsics expects four numbers FX,FY,OX,OY, got \"\(intrinsicsText)\"")
    }
    guard fx > 0, fy > 0 else {
      throw UsageError(message: "--intrinsics focal lengths must be > 0, got \"\(intrinsicsText)\"")
    }
    guard let sizeText = values["--image-size"] else { throw UsageError(message: "missing --image-size WxH") }
    let sizeParts = sizeText.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard sizeParts.count == 2, let width = Int(sizeParts[0]), let height = Int(sizeParts[1]), width > 0,
      height > 0
    else {
      throw UsageError(message: "--image-size expects WxH with positive integers, got \"\(sizeText)\"")
    }
    guard let output = values["--out"], !output.isEmpty else { throw UsageError(message: "missing --out FILE") }
    return .run(
      Options(
        directory: positionals[1], focalLengthPixels: SIMD2(fx, fy), principalPointPixels: SIMD2(ox, oy),
        imageResolution: Size(width: Double(width), height: Double(height)), outputPath: output))
  }

  private static func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
