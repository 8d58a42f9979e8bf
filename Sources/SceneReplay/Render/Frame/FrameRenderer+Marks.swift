import ARSimulation
import Placement
import SceneFormat
import SpatialMath

extension FrameRenderer {
  /// The truth objects in view, as small diamonds (clipped to the viewport by the caller).
  func drawTruth(into svg: inout SVGDocument, frame: FrameSnapshot, layout: Layout) {
    svg.beginGroup("id=\"\(idPrefix)truth\"")
    for object in frame.truthObjects {
      guard case .visible(let p) = projection(of: object, in: frame) else { continue }
      let c = layout.units(p)
      let r = 5.5
      svg.polygon(
        [
          Point(x: c.x, y: c.y - r), Point(x: c.x + r, y: c.y), Point(x: c.x, y: c.y + r),
          Point(x: c.x - r, y: c.y),
        ],
        style:
          "class=\"truth\" fill=\"#ffffff\" fill-opacity=\"0.7\" stroke=\"\(RenderStyle.truth)\" stroke-width=\"1.5\""
      )
    }
    svg.endGroup()
  }

  /// Per shown marker in view that matches a truth object: a line from the marker to the truth
  /// object (its placement error as seen on screen), with the error in mm as its tooltip.
  func drawErrorLines(
    into svg: inout SVGDocument, frame: FrameSnapshot, matches: [Int: RecordingTruthObject],
    layout: Layout
  ) {
    svg.beginGroup("id=\"\(idPrefix)errors\"")
    for marker in frame.markers {
      guard let object = matches[marker.id], case .visible(let p) = marker.projection,
        let q = frame.camera.projectPoint(
          SIMD3<Float>(object.position), orientation: frame.viewport.interfaceOrientation,
          viewportSize: frame.viewport.size),
        q.isFinite
      else { continue }
      let d = SIMD3<Double>(marker.worldPosition) - object.position
      let millimeters = (d * d).sum().squareRoot() * 1000
      svg.line(
        from: layout.units(p), to: layout.units(q),
        style: "class=\"error-line\" stroke=\"\(RenderStyle.error)\" stroke-width=\"2\"",
        title:
          "#\(marker.id) \(marker.label): \(AxisTicks.fixed(millimeters, decimals: 1)) mm from \(object.id)"
      )
    }
    svg.endGroup()
  }

  func projection(of object: RecordingTruthObject, in frame: FrameSnapshot) -> ViewportProjection {
    ViewportProjection(
      worldPoint: SIMD3<Float>(object.position), camera: frame.camera, viewport: frame.viewport)
  }

  /// The markers: shown ones as large discs, tentative ones as small dashed rings on top (so a
  /// tentative marker at a shown one's spot stays visible), off-screen ones as arrows just
  /// outside the viewport edge. Every mark becomes an obstacle for the labels. Returns the
  /// markers behind the camera (listed in the legend).
  func drawMarkers(
    into svg: inout SVGDocument, frame: FrameSnapshot, layout: inout Layout
  ) -> [MarkerSnapshot] {
    var behind: [MarkerSnapshot] = []
    let ordered =
      frame.markers.filter { $0.state.isShown } + frame.markers.filter { !$0.state.isShown }
    svg.beginGroup("id=\"\(idPrefix)markers\"")
    for marker in ordered {
      let color = RenderStyle.color(of: marker.state)
      switch marker.projection {
      case .visible(let p):
        guard p.isFinite else { continue }
        let c = layout.units(p)
        let r = Self.markerRadius(marker.state)
        let dash = marker.state == .tentative ? " stroke-dasharray=\"3 2\"" : ""
        svg.circle(
          center: c, radius: r,
          style:
            "class=\"marker marker-\(marker.state.rawValue)\" fill=\"\(color)\" fill-opacity=\"0.25\" stroke=\"\(color)\" stroke-width=\"2.5\"\(dash)",
          title: "#\(marker.id) \(marker.label) (\(marker.state.rawValue))")
        layout.placer.addObstacle(
          Rect(x: c.x - r - 1, y: c.y - r - 1, width: 2 * r + 2, height: 2 * r + 2))
      case .offScreen(let p):
        guard
          let arrow = Self.edgeArrow(
            towards: layout.units(p), viewportSize: layout.viewportSize, outset: 4)
        else { continue }
        svg.polygon(
          arrow,
          style: "class=\"marker-arrow marker-\(marker.state.rawValue)\" fill=\"\(color)\"")
        let xs = arrow.map(\.x)
        let ys = arrow.map(\.y)
        let box = Rect(
          x: xs.min()! - 1, y: ys.min()! - 1, width: xs.max()! - xs.min()! + 2,
          height: ys.max()! - ys.min()! + 2)
        layout.placer.addObstacle(box)
        layout.arrows.append((marker, box))
      case .behindCamera:
        behind.append(marker)
      }
    }
    svg.endGroup()
    return behind
  }

  /// The disc radius of a marker: 9 when shown, 5 when tentative.
  static func markerRadius(_ state: MarkerState) -> Double { state.isShown ? 9 : 5 }

  /// A triangle just outside the viewport edge (grown by `outset`), on the line from the
  /// viewport centre towards `p`, pointing at it: tip 10 units further out, base 14 wide.
  static func edgeArrow(towards p: Point, viewportSize size: Size, outset: Double) -> [Point]? {
    guard let edge = edgePoint(towards: p, viewportSize: size, outset: outset) else { return nil }
    let dx = p.x - size.width / 2
    let dy = p.y - size.height / 2
    let length = (dx * dx + dy * dy).squareRoot()
    let (ux, uy) = (dx / length, dy / length)
    return [
      Point(x: edge.x + ux * 10, y: edge.y + uy * 10),
      Point(x: edge.x - uy * 7, y: edge.y + ux * 7),
      Point(x: edge.x + uy * 7, y: edge.y - ux * 7),
    ]
  }

  /// Places every label, in priority order (see the type's documentation).
  func placeLabels(
    frame: FrameSnapshot, planes: [(anchor: PlaneAnchor, points: [Point])], layout: inout Layout
  ) {
    let inside = layout.viewportRect.insetBy(1)
    let size = fontSize
    func add(
      _ text: String, near point: Point, clearance: Double, bounds: Rect, color: String,
      cssClass: String
    ) {
      if let placement = layout.placer.place(
        text, size: size, near: point, clearance: clearance, inside: bounds)
      {
        layout.labels.append(
          DrawnLabel(
            text: text, placement: placement, color: color,
            leaderFrom: placement.needsLeader ? point : nil, cssClass: cssClass))
      } else {
        layout.omittedLabelCount += 1
      }
    }
    let visible = frame.markers.compactMap { marker -> (MarkerSnapshot, Point)? in
      guard case .visible(let p) = marker.projection, p.isFinite else { return nil }
      return (marker, layout.units(p))
    }
    for (marker, c) in visible where marker.state.isShown {
      add(
        "#\(marker.id)", near: c, clearance: Self.markerRadius(marker.state), bounds: inside,
        color: RenderStyle.color(of: marker.state), cssClass: "label marker-label")
    }
    for (marker, box) in layout.arrows {
      add(
        "#\(marker.id)", near: box.center, clearance: max(box.width, box.height) / 2,
        bounds: marginStrip(around: box.center, layout: layout),
        color: RenderStyle.color(of: marker.state), cssClass: "label arrow-label")
    }
    for (marker, c) in visible where !marker.state.isShown {
      add(
        "#\(marker.id)", near: c, clearance: Self.markerRadius(marker.state), bounds: inside,
        color: RenderStyle.color(of: marker.state), cssClass: "label marker-label")
    }
    guard labelsDetectionsAndTruth, let toUnits = layout.toUnits else { return }
    placeDetectionLabels(frame: frame, toUnits: toUnits, inside: inside, layout: &layout)
    for object in frame.truthObjects {
      guard case .visible(let p) = projection(of: object, in: frame) else { continue }
      add(
        object.id, near: layout.units(p), clearance: 6, bounds: inside, color: RenderStyle.truth,
        cssClass: "label truth-label")
    }
    for (anchor, points) in planes {
      let text = RenderStyle.planeLabel(anchor.identifier)
      guard
        let shown = Rect(
          x: points.map(\.x).min()!, y: points.map(\.y).min()!,
          width: points.map(\.x).max()! - points.map(\.x).min()!,
          height: points.map(\.y).max()! - points.map(\.y).min()!
        ).intersection(layout.viewportRect), shown.width > 0, shown.height > 0
      else { continue }
      if let placement = layout.placer.placeExactly(
        text, size: size, at: Point(x: shown.minX + 4, y: shown.maxY - 5), inside: inside)
      {
        layout.labels.append(
          DrawnLabel(
            text: text, placement: placement, color: RenderStyle.plane, leaderFrom: nil,
            cssClass: "label plane-label"))
      } else {
        layout.omittedLabelCount += 1
      }
    }
  }

  /// Detection labels ("label confidence"): above the box's left corner when free, else below
  /// it, else anywhere around the box.
  func placeDetectionLabels(
    frame: FrameSnapshot, toUnits: AffineTransform2D, inside: Rect, layout: inout Layout
  ) {
    guard
      let geometry = try? VisionGeometry(
        settings: frame.request, imageResolution: frame.camera.imageResolution)
    else { return }
    for placement in frame.placements where placement.detection.boundingBox.isFinite {
      let rect = geometry.imageNormalizedRect(forVisionRect: placement.detection.boundingBox)
        .applying(toUnits).standardized
      guard rect.isFinite, rect.intersection(layout.viewportRect) != nil else { continue }
      let text =
        "\(placement.detection.label) \(SVGDocument.number(Double(placement.detection.confidence)))"
      let spots = [
        Point(x: rect.minX, y: rect.minY - 4),
        Point(x: rect.minX, y: rect.maxY + LabelPlacer.ascent * fontSize + 3),
      ]
      var placed: LabelPlacer.Placement?
      for spot in spots where placed == nil {
        placed = layout.placer.placeExactly(text, size: fontSize, at: spot, inside: inside)
      }
      if placed == nil {
        placed = layout.placer.place(
          text, size: fontSize, near: rect.center,
          clearance: max(rect.width, rect.height) / 2, inside: inside)
      }
      if let placed {
        layout.labels.append(
          DrawnLabel(
            text: text, placement: placed, color: RenderStyle.detection,
            leaderFrom: placed.needsLeader ? rect.center : nil, cssClass: "label detection-label"))
      } else {
        layout.omittedLabelCount += 1
      }
    }
  }

  /// The margin strip beside the viewport edge nearest to `point` (which lies outside the
  /// viewport), in viewport-group coordinates.
  func marginStrip(around point: Point, layout: Layout) -> Rect {
    let m = marginPoints - 2
    let w = layout.viewportSize.width
    let h = layout.viewportSize.height
    if point.x < 0 { return Rect(x: -m, y: -m, width: m - 1, height: h + 2 * m) }
    if point.x > w { return Rect(x: w + 1, y: -m, width: m - 1, height: h + 2 * m) }
    if point.y < 0 { return Rect(x: -m, y: -m, width: w + 2 * m, height: m - 1) }
    return Rect(x: -m, y: h + 1, width: w + 2 * m, height: m - 1)
  }

  /// The labels, with a leader line from the mark to the nearest point of the label's box when
  /// the label sits away from it; text on a white halo.
  func drawLabels(_ labels: [DrawnLabel], into svg: inout SVGDocument) {
    svg.beginGroup("id=\"\(idPrefix)labels\"")
    for label in labels {
      if let from = label.leaderFrom {
        let box = label.placement.box
        let to = Point(
          x: min(max(from.x, box.minX), box.maxX), y: min(max(from.y, box.minY), box.maxY))
        svg.line(
          from: from, to: to, style: "stroke=\"\(label.color)\" stroke-width=\"1\"")
      }
      svg.text(
        label.text, at: label.placement.origin, size: fontSize,
        style:
          "class=\"\(label.cssClass)\" fill=\"\(label.color)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\""
      )
    }
    svg.endGroup()
  }

  /// Labels of the image-normalized grid in the margin: each grid line that reaches the left
  /// edge of the viewport (a line closer to horizontal) is labelled there, each that reaches the
  /// top edge (closer to vertical) above it, as `x 0.3` / `y 0.5`; labels without room are
  /// skipped.
  func drawGridTicks(into svg: inout SVGDocument, toUnits: AffineTransform2D, layout: inout Layout)
  {
    let count = gridLineCount
    let decimals = AxisTicks(covering: 0, 1, targetCount: count).decimals
    let w = layout.viewportSize.width
    let h = layout.viewportSize.height
    let m = marginPoints - 2
    let leftStrip = Rect(x: -m, y: -m, width: m - 14, height: h + 2 * m)
    let topStrip = Rect(x: -m, y: -m, width: w + 2 * m, height: m - 14)
    svg.beginGroup("id=\"\(idPrefix)grid-ticks\"")
    for k in 1..<max(count, 1) {
      let t = Double(k) / Double(count)
      let value = AxisTicks.fixed(t, decimals: max(decimals, 1))
      for (name, a, b) in [
        ("x", Point(x: t, y: 0), Point(x: t, y: 1)), ("y", Point(x: 0, y: t), Point(x: 1, y: t)),
      ] {
        guard
          let (p, q) = Self.clippedSegment(
            a.applying(toUnits), b.applying(toUnits), to: layout.viewportRect)
        else { continue }
        let text = "\(name) \(value)"
        let horizontal = abs(q.x - p.x) >= abs(q.y - p.y)
        let start = horizontal ? (p.x <= q.x ? p : q) : (p.y <= q.y ? p : q)
        let placed: LabelPlacer.Placement?
        if horizontal {
          guard start.x < 0.5 else { continue }
          placed = layout.placer.placeExactly(
            text, size: fontSize, at: Point(x: -18, y: start.y + 4), anchor: .end,
            inside: leftStrip)
        } else {
          guard start.y < 0.5 else { continue }
          placed = layout.placer.placeExactly(
            text, size: fontSize, at: Point(x: start.x, y: -20), anchor: .middle,
            inside: topStrip)
        }
        guard let placed else { continue }
        svg.text(
          text, at: Point(x: placed.box.minX, y: placed.origin.y), size: fontSize,
          style: "class=\"tick\" fill=\"#666666\"")
      }
    }
    svg.endGroup()
  }

  /// The part of segment `a`-`b` inside `rect` (Liang–Barsky), or `nil` when none.
  static func clippedSegment(_ a: Point, _ b: Point, to rect: Rect) -> (Point, Point)? {
    guard a.isFinite, b.isFinite else { return nil }
    var t0 = 0.0
    var t1 = 1.0
    let dx = b.x - a.x
    let dy = b.y - a.y
    for (p, q) in [
      (-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y),
    ] {
      if p == 0 {
        if q < 0 { return nil }
        continue
      }
      let r = q / p
      if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
      if t0 > t1 { return nil }
    }
    return (
      Point(x: a.x + t0 * dx, y: a.y + t0 * dy), Point(x: a.x + t1 * dx, y: a.y + t1 * dy)
    )
  }
}

extension Rect {
  /// The rect shrunk by `amount` on every side.
  func insetBy(_ amount: Double) -> Rect {
    Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
  }
}
