import ARSimulation
import Placement
import SceneFormat
import SpatialMath

extension FrameRenderer {
  /// One line of the legend column.
  enum LegendEntry {
    case heading(String)
    case text(String)
    case swatch(Swatch, String)
    /// The depth layer's colour scale.
    case depthScale(AxisTicks)
    case gap
  }

  /// The marks the key explains.
  enum Swatch {
    case image, modelRegion, detection, hit, notPlaced, truth, error, arrow, plane, wireframe
    case marker(MarkerState)
  }

  /// The legend column's lines for `frame`: the frame, the settings, the key and the counts
  /// (the markers behind the camera and the labels left out are added when drawn).
  func legendLines(frame: FrameSnapshot) -> [LegendEntry] {
    let size = frame.viewport.size
    let resolution = frame.camera.imageResolution
    let request = frame.request
    let n = SVGDocument.number
    var lines: [LegendEntry] = [
      .heading("frame \(frame.frameIndex)  t = \(n(frame.timestampSeconds)) s"),
      .text(
        "viewport \(n(size.width))x\(n(size.height)) pt, \(frame.viewport.interfaceOrientation.name)"
      ),
      .text("image \(n(resolution.width))x\(n(resolution.height)) px"),
      .text(
        "vision \(request.orientation.name), \(request.cropAndScale.name) \(n(request.modelInputSize.width))x\(n(request.modelInputSize.height))"
      ),
      .gap,
      .swatch(.image, "camera image, image-normalized grid"),
      .swatch(.modelRegion, "region the model saw"),
      .swatch(.detection, "detection box, label confidence"),
      .swatch(.hit, "ray hit (placed)"),
      .swatch(.notPlaced, "not placed (anchor point)"),
      .swatch(.marker(.confirmed), "marker, confirmed (shown)"),
      .swatch(.marker(.coasting), "marker, coasting (shown)"),
      .swatch(.marker(.tentative), "marker, tentative (not shown yet)"),
      .swatch(.arrow, "marker off screen (edge arrow)"),
      .swatch(.truth, "truth object"),
      .swatch(.error, "placement error: marker to truth"),
      .swatch(.plane, "plane anchor boundary"),
    ]
    if drawsWireframe {
      lines.append(
        .swatch(.wireframe, "truth mesh edges (\(frame.truthSurfaces.count) surfaces)"))
    }
    lines.append(.gap)
    let depthLines = depthLegendLines(frame: frame)
    if !depthLines.isEmpty { lines += depthLines + [.gap] }
    let placed = frame.placements.filter { $0.worldPosition != nil }.count
    lines.append(.text("detections \(frame.placements.count), placed \(placed)"))
    let counts = MarkerState.allCases.map { state in
      "\(state.rawValue) \(frame.markers.filter { $0.state == state }.count)"
    }
    lines.append(.text("markers \(frame.markers.count): " + counts.joined(separator: ", ")))
    let errors = matchedTruth(frame).compactMap { id, object -> Double? in
      guard let marker = frame.markers.first(where: { $0.id == id }),
        case .visible = marker.projection
      else { return nil }
      let d = SIMD3<Double>(marker.worldPosition) - object.position
      return (d * d).sum().squareRoot() * 1000
    }.sorted()
    if !frame.truthObjects.isEmpty {
      let inView = frame.truthObjects.filter {
        if case .visible = projection(of: $0, in: frame) { return true }
        return false
      }.count
      lines.append(.text("truth objects in view \(inView) of \(frame.truthObjects.count)"))
      if !errors.isEmpty {
        let median = errors[errors.count / 2]
        lines.append(
          .text(
            "error lines \(errors.count), median \(AxisTicks.fixed(median, decimals: 1)) mm"))
      }
    }
    lines.append(.text("plane anchors \(frame.world.planeAnchors.count)"))
    return lines
  }

  /// The legend column at `x` (canvas coordinates).
  func drawLegend(
    _ entries: [LegendEntry], into svg: inout SVGDocument, behind: [MarkerSnapshot],
    omittedLabels: Int, x: Double
  ) {
    svg.beginGroup("id=\"\(idPrefix)legend\"")
    var y = 30.0
    var all = entries
    if omittedLabels > 0 { all.append(.text("labels left out for lack of room: \(omittedLabels)")) }
    if !behind.isEmpty {
      all.append(.text("behind the camera (not drawn):"))
      for marker in behind.prefix(8) {
        all.append(.text("  #\(marker.id) \(marker.label) (\(marker.state.rawValue))"))
      }
      if behind.count > 8 { all.append(.text("  and \(behind.count - 8) more")) }
    }
    for entry in all {
      switch entry {
      case .heading(let text):
        svg.text(
          text, at: Point(x: x, y: y), size: fontSize + 2,
          style: "fill=\"#222\" font-weight=\"bold\"")
        y += fontSize + 10
      case .text(let text):
        svg.text(text, at: Point(x: x, y: y), size: fontSize, style: "fill=\"#222\"")
        y += fontSize + 6
      case .swatch(let swatch, let text):
        drawSwatch(swatch, at: Point(x: x + 10, y: y - 4), into: &svg)
        svg.text(text, at: Point(x: x + 28, y: y), size: fontSize, style: "fill=\"#222\"")
        y += fontSize + 8
      case .depthScale(let scale):
        drawDepthScale(scale, into: &svg, x: x, top: y - fontSize + 2)
        y += depthScaleHeight
      case .gap:
        y += 8
      }
    }
    svg.endGroup()
  }

  /// The legend column's height for `entries` plus the lines added when drawn.
  func legendHeight(_ entries: [LegendEntry], behindCount: Int) -> Double {
    var y = 30.0
    for entry in entries {
      switch entry {
      case .heading: y += fontSize + 10
      case .text: y += fontSize + 6
      case .swatch: y += fontSize + 8
      case .depthScale: y += depthScaleHeight
      case .gap: y += 8
      }
    }
    let extra = 1 + (behindCount > 0 ? 1 + min(behindCount, 9) : 0)
    return y + Double(extra) * (fontSize + 6) + 10
  }

  /// The caption under a picture without legend column: the frame and its counts, then a
  /// compact key flowing over as many lines as the width needs.
  func drawCaption(
    into svg: inout SVGDocument, frame: FrameSnapshot, omittedLabels: Int, top: Double,
    width: Double
  ) {
    svg.beginGroup("id=\"\(idPrefix)caption\"")
    let shown = frame.markers.filter { $0.state.isShown }
    let inView = shown.filter {
      if case .visible = $0.projection { return true }
      return false
    }
    let heading = "frame \(frame.frameIndex), t = \(SVGDocument.number(frame.timestampSeconds)) s"
    var counts = "\(shown.count) shown markers, \(inView.count) in view"
    if omittedLabels > 0 { counts += "; \(omittedLabels) labels left out" }
    let left = marginPoints
    svg.text(
      heading, at: Point(x: left, y: top + fontSize), size: fontSize,
      style: "fill=\"#222\" font-weight=\"bold\"")
    svg.text(counts, at: Point(x: left, y: top + 2 * fontSize + 6), size: fontSize)
    let keys: [(Swatch, String)] = [
      (.marker(.confirmed), "confirmed"), (.marker(.coasting), "coasting"),
      (.marker(.tentative), "tentative"), (.truth, "truth"), (.error, "error"),
      (.arrow, "off screen"), (.detection, "detection"),
    ]
    var x = left
    var y = top + 3 * fontSize + 16
    for (swatch, text) in keys {
      let itemWidth = 24 + LabelPlacer.estimatedWidth(text, size: fontSize) + 14
      if x + itemWidth > width - 4, x > left {
        x = left
        y += fontSize + 8
      }
      drawSwatch(swatch, at: Point(x: x + 9, y: y - 4), into: &svg)
      svg.text(text, at: Point(x: x + 24, y: y), size: fontSize, style: "fill=\"#222\"")
      x += itemWidth
    }
    svg.endGroup()
  }

  /// One key mark centred at `p`.
  func drawSwatch(_ swatch: Swatch, at p: Point, into svg: inout SVGDocument) {
    let box = Rect(x: p.x - 8, y: p.y - 6, width: 16, height: 12)
    switch swatch {
    case .image:
      svg.rect(box, style: "fill=\"\(RenderStyle.imageFill)\" stroke=\"#8c8c8c\"")
    case .modelRegion:
      svg.rect(
        box,
        style:
          "fill=\"none\" stroke=\"\(RenderStyle.modelRegion)\" stroke-width=\"2\" stroke-dasharray=\"4 2\""
      )
    case .detection:
      svg.rect(
        box, style: "fill=\"none\" stroke=\"\(RenderStyle.detection)\" stroke-width=\"1.5\"")
    case .hit:
      svg.circle(center: p, radius: 3, style: "fill=\"\(RenderStyle.hit)\"")
    case .notPlaced:
      let style = "stroke=\"\(RenderStyle.failure)\" stroke-width=\"2\""
      svg.line(from: Point(x: p.x - 4, y: p.y - 4), to: Point(x: p.x + 4, y: p.y + 4), style: style)
      svg.line(from: Point(x: p.x - 4, y: p.y + 4), to: Point(x: p.x + 4, y: p.y - 4), style: style)
    case .marker(let state):
      let color = RenderStyle.color(of: state)
      let dash = state == .tentative ? " stroke-dasharray=\"3 2\"" : ""
      svg.circle(
        center: p, radius: state.isShown ? 6 : 4,
        style:
          "fill=\"\(color)\" fill-opacity=\"0.25\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)")
    case .truth:
      svg.polygon(
        [
          Point(x: p.x, y: p.y - 5), Point(x: p.x + 5, y: p.y), Point(x: p.x, y: p.y + 5),
          Point(x: p.x - 5, y: p.y),
        ], style: "fill=\"#ffffff\" stroke=\"\(RenderStyle.truth)\" stroke-width=\"1.5\"")
    case .error:
      svg.line(
        from: Point(x: p.x - 8, y: p.y + 3), to: Point(x: p.x + 8, y: p.y - 3),
        style: "stroke=\"\(RenderStyle.error)\" stroke-width=\"2\"")
    case .arrow:
      svg.polygon(
        [Point(x: p.x + 7, y: p.y), Point(x: p.x - 4, y: p.y - 6), Point(x: p.x - 4, y: p.y + 6)],
        style: "fill=\"\(RenderStyle.color(of: .confirmed))\"")
    case .wireframe:
      svg.rect(box, style: "fill=\"\(RenderStyle.imageFill)\"")
      svg.segments(
        [
          (Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.minY)),
          (Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY)),
          (Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)),
        ], style: "fill=\"none\" stroke=\"\(RenderStyle.wireframe)\" stroke-width=\"0.75\"")
    case .plane:
      svg.rect(
        box,
        style:
          "fill=\"\(RenderStyle.plane)\" fill-opacity=\"0.12\" stroke=\"\(RenderStyle.plane)\" stroke-width=\"1.5\""
      )
    }
  }
}
