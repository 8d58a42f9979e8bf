import SpatialMath

extension TopDownRenderer {
  /// The plot frame, grid lines at round ticks (`AxisTicks`) in metres, the tick labels under
  /// and left of the plot and the axis titles `x (m)` and `z (m)`.
  func drawAxes(into svg: inout SVGDocument, mapping: Mapping) {
    let plot = mapping.plotRect
    svg.beginGroup("id=\"\(idPrefix)axes\"")
    let grid = "stroke=\"#e6e6e6\" stroke-width=\"1\""
    let label = "class=\"tick\" fill=\"#666666\""
    let xTicks = AxisTicks(
      covering: mapping.minX, mapping.maxX, targetCount: max(Int(plot.width / 64), 2),
      minimumSpan: 1e-6)
    for value in xTicks.values where value >= mapping.minX && value <= mapping.maxX {
      let x = mapping.point(x: value, z: mapping.minZ).x
      svg.line(from: Point(x: x, y: plot.minY), to: Point(x: x, y: plot.maxY), style: grid)
      svg.text(
        xTicks.label(value), at: Point(x: x, y: plot.maxY + 19), size: fontSize, anchor: "middle",
        style: label)
    }
    let zTicks = AxisTicks(
      covering: mapping.minZ, mapping.maxZ, targetCount: max(Int(plot.height / 48), 2),
      minimumSpan: 1e-6)
    for value in zTicks.values where value >= mapping.minZ && value <= mapping.maxZ {
      let y = mapping.point(x: mapping.minX, z: value).y
      svg.line(from: Point(x: plot.minX, y: y), to: Point(x: plot.maxX, y: y), style: grid)
      svg.text(
        zTicks.label(value), at: Point(x: plot.minX - 6, y: y + 4), size: fontSize, anchor: "end",
        style: label)
    }
    svg.rect(plot, style: "fill=\"none\" stroke=\"#bbbbbb\"")
    svg.text(
      "x (m)", at: Point(x: plot.midX, y: plot.maxY + 38), size: fontSize, anchor: "middle",
      style: "class=\"axis-title\" fill=\"#444444\"")
    svg.text(
      "z (m)", at: Point(x: plot.minX - 6, y: plot.minY - 12), size: fontSize, anchor: "end",
      style: "class=\"axis-title\" fill=\"#444444\"")
    svg.endGroup()
  }

  /// The legend's lines.
  func legendLines(capture: ReplayCapture, trackCount: Int) -> [String] {
    let tracks =
      showsAllTracks
      ? "all \(capture.tracks.count) marker tracks"
      : "tracks of the \(trackCount) markers shown (of \(capture.tracks.count) created)"
    var lines = [
      "From above: x right, z down (looking along -y), one scale on both axes.",
      "\(tracks), a colour per id,",
      "end dot coloured by the last state; truth objects: purple footprints;",
      "plane anchors of frame \(capture.frame.frameIndex) (teal); camera path dashed grey.",
    ]
    let surfaces = capture.frame.truthSurfaces.count
    if surfaces > 0 {
      lines.append("truth surfaces (\(surfaces)): their mesh edges, faint grey.")
    }
    return lines
  }

  /// The legend, its first line's top at `origin`.
  func drawLegend(_ lines: [String], into svg: inout SVGDocument, at origin: Point) {
    svg.beginGroup("id=\"\(idPrefix)legend\"")
    var y = origin.y + fontSize
    for line in lines {
      svg.text(line, at: Point(x: origin.x, y: y), size: fontSize, style: "fill=\"#222\"")
      y += 18
    }
    svg.endGroup()
  }
}
