import Foundation
import SceneFormat
import SceneReplay

/// `arsim render`: replays a recording and draws one frame (or, with `--top-down`, the world
/// from above) as an SVG picture viewable in any browser.
enum RenderCommand {
  static let usage = """
    USAGE: arsim render FILE [--frame N] [--out PICTURE.svg] [--top-down [--all-tracks]]
                        [--config SETTINGS]

    Replays a recording (as `arsim replay` does) and draws a picture as SVG.

    The frame picture (default) shows the viewport with the visible part of the camera image
    (grey, with an image-normalized grid every 0.1, labelled in the margin), the region the model
    saw (dashed blue), each detection box with its label and confidence, ray hits (dots) and
    detections not placed (crosses), the truth objects (purple diamonds) with an error line from
    each shown marker to the truth object it matches, the markers coloured by state (confirmed
    green and coasting blue-grey as discs, tentative amber as small dashed rings) with their ids,
    off-screen markers as arrows at the edge, and the projected boundaries of the plane anchors.
    Labels are placed where they overlap nothing; those without room are counted in the legend.
    `--top-down` draws the world from above (x right, z down, axes in metres), zoomed to the truth
    objects and the tracks drawn: plane anchors of the chosen frame, truth objects, the tracks of
    the markers that were shown (`--all-tracks`: every marker's) and the camera path.

    OPTIONS:
      --frame N           The 0-based frame to draw (default: the last frame).
      --out FILE          Write the SVG to FILE (default: standard output).
      --top-down          Draw the world from above instead of the frame.
      --all-tracks        With --top-down: draw every marker's track, not only the shown ones.
      --config SETTINGS   Replay settings (JSON), as for `arsim replay --config`.
      --help              Show this help.
    """

  static let options: [String: ParsedArguments.Arity] = [
    "frame": .one, "out": .one, "top-down": .flag, "all-tracks": .flag, "config": .one,
  ]

  static func run(_ arguments: [String]) throws(CommandLineError) -> String {
    // Parse and validate.
    let parsed = try ParsedArguments(arguments, options: options)
    if parsed.wantsHelp { return usage }
    guard parsed.positional.count == 1 else {
      throw .usage(
        parsed.positional.isEmpty
          ? "missing the recording FILE" : "unexpected argument \"\(parsed.positional[1])\"")
    }
    let path = parsed.positional[0]
    var frameIndex: Int?
    if let text = parsed.string("frame") {
      guard let value = Int(text), value >= 0 else {
        throw .usage("option --frame: expected a frame index >= 0, got \"\(text)\"")
      }
      frameIndex = value
    }
    let outPath = parsed.string("out")
    if let outPath, outPath.isEmpty { throw .usage("option --out: empty file name") }
    if parsed.flag("all-tracks"), !parsed.flag("top-down") {
      throw .usage("option --all-tracks: only with --top-down")
    }

    // Run.
    let markup: String
    do {
      let settings =
        try parsed.string("config").map { try ReplaySettings(contentsOfFile: $0) }
        ?? ReplaySettings()
      let capture = try ReplayCapture(
        contentsOfFile: path, settings: settings, frameIndex: frameIndex)
      var topDown = TopDownRenderer()
      topDown.showsAllTracks = parsed.flag("all-tracks")
      markup =
        parsed.flag("top-down")
        ? topDown.document(for: capture).markup
        : FrameRenderer().document(for: capture.frame).markup
    } catch {
      throw .runtime("\(error)")
    }
    guard let outPath else { return String(markup.dropLast()) }
    guard FileManager.default.createFile(atPath: outPath, contents: Data(markup.utf8)) else {
      throw .runtime("\(outPath): cannot write the file")
    }
    return "wrote \(outPath)"
  }
}
