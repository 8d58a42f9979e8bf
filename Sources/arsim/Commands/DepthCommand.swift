import ARSimulation
import Foundation
import SceneFormat
import SceneReplay

/// `arsim depth`: one frame's LiDAR depth map as JSON, the recorded (`sceneDepth`), the smoothed
/// (`smoothedSceneDepth`) or the noise-free depth of the recording's truth surfaces.
enum DepthCommand {
  static let frame = Option<Int>(
    required: "frame", valueName: "N", help: "The 0-based frame whose depth to write.",
    valid: { $0 >= 0 }, expected: "a frame index >= 0")
  static let out = Option<String?>(
    "out", valueName: "FILE", completion: .outputFile,
    help: "Write the JSON to FILE. Default: standard output.")
  static let smoothed = Flag(
    "smoothed", help: "Write the smoothed depth (smoothedSceneDepth) instead of sceneDepth.")
  static let truth = Flag(
    "truth",
    help: "Write the noise-free depth of the truth surfaces seen from the frame's camera.")

  static let spec = CommandSpec(
    name: "depth", summary: "Write one frame's depth map (LiDAR scene depth) as JSON.",
    discussion: """
      Reads a recording and writes frame N's depth map as {"width", "height", "depthMeters", \
      "confidence"}: row-major from the top-left in the captured image's landscape \
      orientation, depthMeters the z-depth in metres along the camera's viewing axis (null \
      where there is no return), confidence 0 (low), 1 (medium) or 2 (high) per pixel. By \
      default the recorded sceneDepth; --smoothed the recorded smoothedSceneDepth; --truth the \
      noise-free z-depth of the recording's truth surfaces (truth.surfaces) through the \
      frame's recorded camera (pinhole rays through the centres of the depth pixels, at the \
      recorded map's size or 256x192), confidence 2 where a surface is hit and 0 elsewhere.
      """,
    arguments: [ReplayInputs.recording],
    options: [frame, smoothed, truth, out],
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let path = parsed.value(ReplayInputs.recording)
    if parsed.flag(smoothed), parsed.flag(truth) {
      throw .usage("options --smoothed and --truth exclude each other")
    }
    let index = parsed.value(frame)
    var source = try ReplayInputs.source(path, limits: context.limits, context)
    let name = source.file ?? path
    let text: String
    do {
      var current = 0
      var found: RecordingFrame?
      while let next = try source.next() {
        if current == index {
          found = next
          break
        }
        current += 1
      }
      guard let found else {
        throw CommandLineError.runtime(
          "\(name): option --frame: there is no frame \(index) (the recording has \(current))")
      }
      let member = parsed.flag(smoothed) ? "smoothedSceneDepth" : "sceneDepth"
      let recorded = parsed.flag(smoothed) ? found.smoothedSceneDepth : found.sceneDepth
      if parsed.flag(truth) {
        let surfaces = try (source.header.truth?.surfaces ?? []).enumerated().map {
          offset, surface in
          do {
            return try surface.truthSurface()
          } catch let error as InputFileError {
            throw error.prefixed(.index(offset)).prefixed(.key("surfaces"))
              .prefixed(.key("truth")).located(file: name)
          }
        }
        guard !surfaces.isEmpty else {
          throw CommandLineError.runtime(
            "\(name): option --truth: the recording's truth has no surfaces (truth.surfaces)")
        }
        let camera: Camera
        do {
          camera = try found.simulatedCamera()
        } catch let error as InputFileError {
          throw error.prefixed(.index(index)).prefixed(.key("frames")).located(file: name)
        }
        let size = (found.sceneDepth?.width ?? 256, found.sceneDepth?.height ?? 192)
        let rendered = TruthDepthRenderer(surfaces: surfaces).render(
          camera: camera, width: size.0, height: size.1)
        text = Self.json(
          width: size.0, height: size.1, depth: rendered.depthMeters,
          confidence: rendered.depthMeters.map { $0 > 0 ? 2 : 0 })
      } else {
        guard let recorded else {
          throw CommandLineError.runtime(
            "\(name): frame \(index) has no \(member) (a device without LiDAR, or a frame "
              + "between depth frames)")
        }
        text = Self.json(
          width: recorded.width, height: recorded.height, depth: recorded.depthMeters,
          confidence: recorded.confidence)
      }
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .runtime(describing: error)
    }
    guard let outPath = parsed.value(out) else { return String(text.dropLast()) }
    try OutputFile.write(text, to: outPath, context)
    return "wrote \(TerminalText.escaped(outPath))"
  }

  /// The output document (keys sorted, one line, a final newline).
  static func json(width: Int, height: Int, depth: [Float], confidence: [UInt8]) -> String {
    var out = "{\"confidence\": ["
    out.reserveCapacity(depth.count * 10 + 64)
    for (i, c) in confidence.enumerated() {
      if i > 0 { out += ", " }
      out += String(c)
    }
    out += "], \"depthMeters\": ["
    for (i, z) in depth.enumerated() {
      if i > 0 { out += ", " }
      out += z > 0 && z.isFinite ? z.description : "null"
    }
    out += "], \"height\": \(height), \"width\": \(width)}\n"
    return out
  }
}
