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
  static let allTracks = Flag(
    "all-tracks", help: "With --top-down: draw every marker's track, not only the shown ones.")
  static let depth = Flag(
    "depth",
    help: "Draw the frame's depth map (sceneDepth) in false colour under the marks, with a "
      + "colour scale in metres.")
  static let smoothed = Flag(
    "smoothed", help: "With --depth: draw the smoothed depth (smoothedSceneDepth) instead.")
  static let wireframe = Flag(
    "wireframe", help: "Draw the edges of the truth surfaces' triangle meshes (truth.surfaces).")
  static let markers = Option<String?>(
    "markers", valueName: "FILE", completion: .file,
    help: "Draw the markers of FILE (another program's, in the format arsim score reads; - for "
      + "standard input) instead of replaying the recording's detections.")

  static let spec = CommandSpec(
    name: "render", summary: "Draw a replayed frame, or the world from above, as SVG.",
    discussion: """
      Replays a recording (as `arsim replay` does) and draws a picture as SVG.

      The frame picture (default) shows the viewport with the visible part of the camera \
      image (grey, with an image-normalized grid every 0.1, labelled in the margin), the region \
      the model saw (dashed blue), each detection box with its label and confidence, ray hits \
      (dots) and detections not placed (crosses), the truth objects (purple diamonds) with an \
      error line from each shown marker to the truth object it matches, the markers coloured by \
      state (confirmed green and coasting blue-grey as discs, tentative amber as small dashed \
      rings) with their ids, off-screen markers as arrows at the edge, and the projected \
      boundaries of the plane anchors. Labels go where they overlap nothing; those without room \
      are counted in the legend. --top-down draws the world from above (x right, z down, axes \
      in metres), zoomed to the truth objects and the tracks drawn: plane anchors of the chosen \
      frame, truth objects, the tracks of the markers that were shown (--all-tracks: every \
      marker's) and the camera path. --markers FILE draws your own program's markers instead of \
      replay's (the lines of `arsim score`'s markers file: frame, id, label, position, state), \
      in both pictures, with the truth objects and error lines as for replay's.

      --depth draws the frame's LiDAR depth map (sceneDepth; --smoothed: smoothedSceneDepth, \
      as `arsim depth` reads them) over the camera image and under the marks, through the \
      same display transform as the image: a viridis-like colour map, dark near and light \
      far, over round depths that enclose the map's returns, with the scale in metres in the \
      legend; pixels without a return are not coloured. A frame without that map is an error \
      that lists the frames with one. --wireframe draws the triangle edges of the recording's \
      truth surfaces (truth.surfaces: the scene's surfaces and its objects' boxes) projected \
      through the frame's camera, cut at the near plane and clipped to the viewport; a \
      recording without truth surfaces is an error. The top-down picture always draws the \
      truth surfaces' edges, faint, when the recording has them.
      """,
    arguments: [ReplayInputs.recording],
    options: [
      frame, out, topDown, allTracks, depth, smoothed, wireframe, markers, ReplayInputs.config,
    ],
    run: run)

  static func run(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandLineError)
    -> String
  {
    let path = parsed.value(ReplayInputs.recording)
    try validateLayers(parsed)
    let markersPath = parsed.value(markers)
    if markersPath != nil, parsed.value(ReplayInputs.config) != nil {
      throw .usage("option --config sets up replay's own markers; it does not apply with --markers")
    }
    if markersPath == "-", path == "-" {
      throw .usage("the recording and --markers cannot both be standard input (-)")
    }
    let settings = try ReplayInputs.settings(parsed, context)
    let frameIndex = parsed.value(frame)
    var source = try ReplayInputs.source(path, limits: context.limits, context)
    let markup: String
    do {
      // One pass, so a streamed file or standard input is read once, in bounded memory.
      let capture: ReplayCapture
      if let markersPath {
        var reader = try ScoreCommand.markersReader(markersPath, context)
        capture = try ReplayCapture(source: source, markers: &reader, frameIndex: frameIndex)
      } else {
        capture = try ReplayCapture(
          engine: ReplayEngine(settings: settings), source: &source, frameIndex: frameIndex)
      }
      var topDownRenderer = TopDownRenderer()
      topDownRenderer.showsAllTracks = parsed.flag(allTracks)
      var frameRenderer = FrameRenderer()
      if parsed.flag(depth) {
        frameRenderer.depthLayer = parsed.flag(smoothed) ? .smoothedSceneDepth : .sceneDepth
      }
      frameRenderer.drawsWireframe = parsed.flag(wireframe)
      if !parsed.flag(topDown) {
        try requireLayers(frameRenderer, in: capture, file: source.file ?? path)
      }
      markup =
        parsed.flag(topDown)
        ? topDownRenderer.document(for: capture).markup
        : frameRenderer.document(for: capture.frame).markup
    } catch let error as CommandLineError {
      throw error
    } catch {
      throw .runtime(describing: error)
    }
    guard let outPath = parsed.value(out) else { return String(markup.dropLast()) }
    try OutputFile.write(markup, to: outPath, context)
    return "wrote \(TerminalText.escaped(outPath))"
  }

  /// The usage rules of the picture options: --all-tracks only with --top-down; --depth and
  /// --wireframe only on the frame picture; --smoothed only with --depth.
  static func validateLayers(_ parsed: ParsedArguments) throws(CommandLineError) {
    if parsed.flag(allTracks), !parsed.flag(topDown) {
      throw .usage("option --all-tracks applies only with --top-down")
    }
    for layer in [depth, wireframe] where parsed.flag(layer) && parsed.flag(topDown) {
      throw .usage(
        "option --\(layer.declaration.name) draws on the frame picture; it does not apply with --top-down"
      )
    }
    if parsed.flag(smoothed), !parsed.flag(depth) {
      throw .usage("option --smoothed applies only with --depth")
    }
  }

  /// The frame picture's layers checked against the captured frame: a runtime error naming the
  /// file, the option and the frame (with the frames that have depth) when one cannot be drawn.
  static func requireLayers(
    _ renderer: FrameRenderer, in capture: ReplayCapture, file: String
  ) throws(CommandLineError) {
    do {
      try renderer.requireLayers(in: capture)
    } catch {
      let option = error == .noTruthSurfaces ? "--wireframe" : "--depth"
      throw .runtime("\(file): option \(option): \(error)")
    }
  }
}
