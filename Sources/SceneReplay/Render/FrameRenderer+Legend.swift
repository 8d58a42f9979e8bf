import ARSimulation
import Placement
import SceneFormat
import SpatialMath

extension FrameRenderer {
  /// The legend column at `x`: the frame, the settings, one swatch per kind of mark, the counts
  /// and the markers behind the camera (which have no place in the viewport).
  func drawLegend(
    into svg: inout SVGDocument, frame: FrameSnapshot, behind: [MarkerSnapshot], x: Double
  ) {
    svg.beginGroup("id=\"legend\"")
    var y = marginPoints + 4
    func line(_ text: String, size: Double = 11, bold: Bool = false) {
      svg.text(
        text, at: Point(x: x, y: y), size: size,
        style: bold ? "fill=\"#222\" font-weight=\"bold\"" : "fill=\"#222\"")
      y += size + 5
    }
    let time = SVGDocument.number(frame.timestampSeconds)
    line("frame \(frame.frameIndex)  t = \(time) s", size: 13, bold: true)
    let size = frame.viewport.size
    let resolution = frame.camera.imageResolution
    line(
      "viewport \(SVGDocument.number(size.width))x\(SVGDocument.number(size.height)) pt, \(frame.viewport.interfaceOrientation.name)"
    )
    line(
      "image \(SVGDocument.number(resolution.width))x\(SVGDocument.number(resolution.height)) px")
    let request = frame.request
    line(
      "vision \(request.orientation.name), \(request.cropAndScale.name) \(SVGDocument.number(request.modelInputSize.width))x\(SVGDocument.number(request.modelInputSize.height))"
    )
    y += 6

    func swatch(_ label: String, draw: (inout SVGDocument, Point) -> Void) {
      draw(&svg, Point(x: x + 10, y: y - 4))
      svg.text(label, at: Point(x: x + 26, y: y), size: 11)
      y += 18
    }
    swatch("camera image (visible part)") {
      $0.rect(
        Rect(x: $1.x - 8, y: $1.y - 6, width: 16, height: 12),
        style: "fill=\"\(RenderStyle.imageFill)\" stroke=\"#8c8c8c\"")
    }
    swatch("region the model saw") {
      $0.rect(
        Rect(x: $1.x - 8, y: $1.y - 6, width: 16, height: 12),
        style:
          "fill=\"none\" stroke=\"\(RenderStyle.modelRegion)\" stroke-width=\"2\" stroke-dasharray=\"4 2\""
      )
    }
    swatch("detection box, label confidence") {
      $0.rect(
        Rect(x: $1.x - 8, y: $1.y - 6, width: 16, height: 12),
        style: "fill=\"none\" stroke=\"\(RenderStyle.detection)\" stroke-width=\"1.5\"")
    }
    swatch("ray hit (placed)") {
      $0.circle(center: $1, radius: 3, style: "fill=\"\(RenderStyle.hit)\"")
    }
    swatch("not placed (anchor point)") { svg, p in
      let style = "stroke=\"\(RenderStyle.failure)\" stroke-width=\"2\""
      svg.line(from: Point(x: p.x - 4, y: p.y - 4), to: Point(x: p.x + 4, y: p.y + 4), style: style)
      svg.line(from: Point(x: p.x - 4, y: p.y + 4), to: Point(x: p.x + 4, y: p.y - 4), style: style)
    }
    for state in MarkerState.allCases {
      swatch("marker, \(state.rawValue)") {
        let color = RenderStyle.color(of: state)
        $0.circle(
          center: $1, radius: 6,
          style: "fill=\"\(color)\" fill-opacity=\"0.25\" stroke=\"\(color)\" stroke-width=\"2\"")
      }
    }
    swatch("marker off screen (edge arrow)") { svg, p in
      svg.polygon(
        [Point(x: p.x + 7, y: p.y), Point(x: p.x - 4, y: p.y - 6), Point(x: p.x - 4, y: p.y + 6)],
        style: "fill=\"\(RenderStyle.color(of: .confirmed))\"")
    }
    swatch("plane anchor boundary") {
      $0.rect(
        Rect(x: $1.x - 8, y: $1.y - 6, width: 16, height: 12),
        style:
          "fill=\"\(RenderStyle.plane)\" fill-opacity=\"0.12\" stroke=\"\(RenderStyle.plane)\" stroke-width=\"1.5\""
      )
    }
    y += 6

    let placed = frame.placements.filter { $0.worldPosition != nil }.count
    line("detections \(frame.placements.count), placed \(placed)")
    line("markers \(frame.markers.count):")
    for state in MarkerState.allCases {
      line("  \(state.rawValue) \(frame.markers.filter { $0.state == state }.count)")
    }
    line("plane anchors \(frame.world.planeAnchors.count)")
    if !behind.isEmpty {
      line("behind the camera (not drawn):")
      for marker in behind { line("  #\(marker.id) \(marker.label) (\(marker.state.rawValue))") }
    }
    svg.endGroup()
  }
}
