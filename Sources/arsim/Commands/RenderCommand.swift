import Foundation
import SceneFormat
import SceneReplay

/// `arsim render`: replays a recording and draws one frame (or, with `--top-down`, the world
/// from above) as an SVG picture viewable in any browser.
enum RenderCommand {
  static let frame = Option<Int?>(
    "frame", valueName: "N", help: "The 0-based frame to draw. Default: the last frame.",
    valid: { $0 >= 0 }, expected: "a frame index >= 0")
  static let out = Option<String?>(
    "out", valueName: "FILE", completion: .outputFile,
    help: "Write the SVG to FILE. Default: standard output.")
  static let topDown = Flag("top-down", help: "Draw the world from above instead of the frame.")

  static let spec = CommandSpec(
    name: "render", summary: "Draw a replayed frame, or the world from above, as SVG.",
    discussion: """
      Replays a recording (as `arsim replay` does) and draws a picture as SVG.

      The frame picture (default) shows the viewport with the visible part of the camera image \
      (grey, with an image-normalized grid every 0.1), the region the model saw (dashed blue), \
      each detection box with its label and confidence, ray hits (dots) and detections not \
      placed (crosses), the markers coloured by state (tentative amber, confirmed green, \
      coasting blue-grey) with their ids, off-screen markers as arrows at the edge, and the \
      projected boundaries of the plane anchors. --top-down draws the world from above (x \
      right, z down, metres scale bar): plane anchors of the chosen frame, truth objects, every \
      marker's track and the camera path.
      """,
    arguments: [ReplayInputs.recording], options: [frame, out, topDown, ReplayInputs.config],
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let path = parsed.value(ReplayInputs.recording)
    let settings = try ReplayInputs.settings(parsed, context)
    let frameIndex = parsed.value(frame)
    let markup: String
    do {
      let capture: ReplayCapture
      if path == "-" {
        // Capturing replays twice, so standard input is read into memory first.
        let recording = try standardInputRecording(context)
        capture = try ReplayCapture(
          recording: recording, file: InputFile.standardInputName, settings: settings,
          frameIndex: frameIndex)
      } else {
        capture = try ReplayCapture(
          contentsOfFile: path, settings: settings, frameIndex: frameIndex)
      }
      markup =
        parsed.flag(topDown)
        ? TopDownRenderer().document(for: capture).markup
        : FrameRenderer().document(for: capture.frame).markup
    } catch {
      throw .runtime(describing: error)
    }
    guard let outPath = parsed.value(out) else { return String(markup.dropLast()) }
    try OutputFile.write(markup, to: outPath, context)
    return "wrote \(TerminalText.escaped(outPath))"
  }

  /// The whole recording on standard input (JSON or JSON Lines).
  static func standardInputRecording(_ context: CommandContext) throws -> Recording {
    switch try InputFile.recording("-", context) {
    case .json(let bytes)?:
      return try Recording(jsonBytes: bytes, file: InputFile.standardInputName)
    case .jsonLines(var reader)?:
      var frames: [RecordingFrame] = []
      while let frame = try reader.next() { frames.append(frame) }
      return Recording(header: reader.header, frames: frames)
    case nil:
      preconditionFailure("standard input is always read as a stream")
    }
  }
}
