import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// Draws a replay from above (`arsim render FILE --top-down`): the world's x/z plane with x to
/// the right and z downwards (looking down along -y, right-handed), a grid and a metres scale
/// bar; the chosen frame's plane anchor boundaries, the truth objects' footprints, every
/// marker's track (one polyline per id, ending in a dot coloured by its last state) and the
/// camera path with the chosen frame's viewing direction.
///
/// The view fits everything drawn with one scale on both axes (so angles and distances are
/// true), with at least `minimumSpanMeters` in each direction.
public struct TopDownRenderer: Sendable {
  /// The square plot area's side, user units.
  public var plotSide: Double = 640
  /// The margin around the plot, user units.
  public var margin: Double = 48
  /// The smallest extent shown along x and z, metres.
  public var minimumSpanMeters: Double = 0.3

  /// Creates a renderer with the default layout.
  public init() {}

  /// The world-to-picture mapping: picture = (x - minX, z - minZ) * scale + margin.
  struct Mapping {
    var minX: Double
    var minZ: Double
    var scale: Double
    var margin: Double

    func point(x: Double, z: Double) -> Point {
      Point(x: margin + (x - minX) * scale, y: margin + (z - minZ) * scale)
    }
    func point(_ p: SIMD3<Float>) -> Point { point(x: Double(p.x), z: Double(p.z)) }
  }

  /// The picture of `capture`.
  ///
  /// - Complexity: O(frames + marker samples + plane boundary vertices).
  public func document(for capture: ReplayCapture) -> SVGDocument {
    let anchors = capture.frame.world.planeAnchors
    let planePolygons = anchors.map { anchor in
      anchor.boundary.vertices.map { anchor.transform.transformPoint($0) }
    }
    let mapping = fit(capture: capture, planePolygons: planePolygons)
    let legendHeight = 150.0
    var svg = SVGDocument(
      width: plotSide + 2 * margin, height: plotSide + 2 * margin + legendHeight)
    svg.rect(Rect(x: 0, y: 0, width: svg.width, height: svg.height), style: "fill=\"#ffffff\"")
    let step = Self.niceLength(atMost: plotSide / 4 / mapping.scale)
    drawGrid(into: &svg, mapping: mapping, stepMeters: step)

    svg.beginGroup("id=\"planes\"")
    for (anchor, polygon) in zip(anchors, planePolygons) {
      let points = polygon.map(mapping.point)
      let style =
        "class=\"plane\" fill=\"\(RenderStyle.plane)\" fill-opacity=\"0.15\" stroke=\"\(RenderStyle.plane)\" stroke-width=\"1.5\""
      if points.count >= 3 { svg.polygon(points, style: style) }
      let corner = Point(
        x: points.map(\.x).min() ?? mapping.point(anchor.worldPosition).x,
        y: points.map(\.y).min() ?? mapping.point(anchor.worldPosition).y)
      svg.text(
        "plane \(anchor.identifier.count <= 12 ? anchor.identifier : anchor.identifier.prefix(8) + "…")",
        at: Point(x: corner.x + 4, y: corner.y + 12),
        size: 9, style: "fill=\"\(RenderStyle.plane)\"")
    }
    svg.endGroup()

    svg.beginGroup("id=\"truth\"")
    for object in capture.truthObjects {
      let c = mapping.point(x: object.position.x, z: object.position.z)
      let w = max(object.size.x * mapping.scale, 6)
      let d = max(object.size.z * mapping.scale, 6)
      svg.rect(
        Rect(x: c.x - w / 2, y: c.y - d / 2, width: w, height: d),
        style: "class=\"truth\" fill=\"none\" stroke=\"\(RenderStyle.truth)\" stroke-width=\"1.5\"")
      svg.text(
        object.id, at: Point(x: c.x, y: c.y + d / 2 + 10), size: 9, anchor: "middle",
        style: "fill=\"\(RenderStyle.truth)\"")
    }
    svg.endGroup()

    svg.beginGroup("id=\"camera-path\"")
    let path = Self.thinned(capture.cameraPositions.map(mapping.point), minimumSpacing: 0.5)
    svg.polyline(
      path,
      style:
        "fill=\"none\" stroke=\"\(RenderStyle.camera)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\""
    )
    if let first = path.first {
      svg.circle(
        center: first, radius: 4,
        style: "fill=\"#ffffff\" stroke=\"\(RenderStyle.camera)\" stroke-width=\"1.5\"")
    }
    let camera = capture.frame.camera
    let eye = mapping.point(camera.positionInWorld)
    svg.circle(center: eye, radius: 5, style: "class=\"camera\" fill=\"\(RenderStyle.camera)\"")
    let forward = camera.worldFromCamera.transformDirection(SIMD3(0, 0, -1))
    let flat = SIMD2(Double(forward.x), Double(forward.z))
    let flatLength = (flat * flat).sum().squareRoot()
    if flatLength > 1e-6, flatLength.isFinite {
      let tip = Point(x: eye.x + flat.x / flatLength * 40, y: eye.y + flat.y / flatLength * 40)
      svg.line(from: eye, to: tip, style: "stroke=\"\(RenderStyle.camera)\" stroke-width=\"2.5\"")
    }
    svg.text(
      "camera, frame \(capture.frame.frameIndex)", at: Point(x: eye.x + 8, y: eye.y - 8), size: 10,
      style: "fill=\"\(RenderStyle.camera)\"")
    svg.endGroup()

    svg.beginGroup("id=\"tracks\"")
    for track in capture.tracks {
      let color = RenderStyle.trackColor(id: track.id)
      let points = Self.thinned(
        track.samples.map { mapping.point($0.worldPosition) }, minimumSpacing: 0.5)
      svg.polyline(
        points, style: "class=\"track\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"")
      guard let last = points.last, let lastSample = track.samples.last else { continue }
      svg.circle(
        center: last, radius: 4,
        style:
          "class=\"marker marker-\(lastSample.state.rawValue)\" fill=\"\(RenderStyle.color(of: lastSample.state))\" stroke=\"\(color)\" stroke-width=\"1.5\""
      )
      svg.text(
        "#\(track.id)", at: Point(x: last.x + 6, y: last.y - 5), size: 9, style: "fill=\"\(color)\""
      )
    }
    svg.endGroup()

    drawScaleBar(into: &svg, mapping: mapping, lengthMeters: step)
    drawLegend(into: &svg, capture: capture, top: plotSide + 2 * margin)
    return svg
  }

  /// Fits every drawn world point into the plot with one scale, centred.
  func fit(capture: ReplayCapture, planePolygons: [[SIMD3<Float>]]) -> Mapping {
    var xs: [Double] = []
    var zs: [Double] = []
    func add(_ x: Double, _ z: Double) {
      guard x.isFinite, z.isFinite else { return }
      xs.append(x)
      zs.append(z)
    }
    for p in planePolygons.joined() { add(Double(p.x), Double(p.z)) }
    for object in capture.truthObjects { add(object.position.x, object.position.z) }
    for track in capture.tracks {
      for s in track.samples { add(Double(s.worldPosition.x), Double(s.worldPosition.z)) }
    }
    for p in capture.cameraPositions { add(Double(p.x), Double(p.z)) }
    let minX = xs.min() ?? 0
    let maxX = xs.max() ?? 0
    let minZ = zs.min() ?? 0
    let maxZ = zs.max() ?? 0
    let span = max(maxX - minX, maxZ - minZ, minimumSpanMeters) * 1.1
    let scale = plotSide / span
    return Mapping(
      minX: (minX + maxX) / 2 - span / 2, minZ: (minZ + maxZ) / 2 - span / 2, scale: scale,
      margin: margin)
  }

  /// Grid lines every `stepMeters` across the plot, labelled in metres.
  func drawGrid(into svg: inout SVGDocument, mapping: Mapping, stepMeters step: Double) {
    svg.beginGroup("id=\"grid\"")
    let span = plotSide / mapping.scale
    let style = "stroke=\"#e6e6e6\" stroke-width=\"1\""
    let first = (mapping.minX / step).rounded(.up)
    var k = first
    while k * step <= mapping.minX + span, k - first < 1000 {
      let p = mapping.point(x: k * step, z: mapping.minZ)
      svg.line(from: p, to: Point(x: p.x, y: p.y + plotSide), style: style)
      svg.text(
        "x \(SVGDocument.number(k * step))", at: Point(x: p.x, y: margin - 6), size: 9,
        anchor: "middle", style: "fill=\"#999\"")
      k += 1
    }
    let firstZ = (mapping.minZ / step).rounded(.up)
    k = firstZ
    while k * step <= mapping.minZ + span, k - firstZ < 1000 {
      let p = mapping.point(x: mapping.minX, z: k * step)
      svg.line(from: p, to: Point(x: p.x + plotSide, y: p.y), style: style)
      svg.text(
        "z \(SVGDocument.number(k * step))", at: Point(x: margin - 4, y: p.y + 3), size: 9,
        anchor: "end", style: "fill=\"#999\"")
      k += 1
    }
    svg.rect(
      Rect(x: margin, y: margin, width: plotSide, height: plotSide),
      style: "fill=\"none\" stroke=\"#bbbbbb\"")
    svg.endGroup()
  }

  /// A bar of `lengthMeters` at the plot's lower left.
  func drawScaleBar(into svg: inout SVGDocument, mapping: Mapping, lengthMeters: Double) {
    let left = Point(x: margin + 12, y: margin + plotSide - 14)
    let right = Point(x: left.x + lengthMeters * mapping.scale, y: left.y)
    let style = "stroke=\"#222222\" stroke-width=\"2\""
    svg.beginGroup("id=\"scale-bar\"")
    svg.line(from: left, to: right, style: style)
    svg.line(
      from: Point(x: left.x, y: left.y - 5), to: Point(x: left.x, y: left.y + 5), style: style)
    svg.line(
      from: Point(x: right.x, y: right.y - 5), to: Point(x: right.x, y: right.y + 5), style: style)
    svg.text(
      "\(SVGDocument.number(lengthMeters)) m", at: Point(x: (left.x + right.x) / 2, y: left.y - 8),
      size: 11, anchor: "middle")
    svg.endGroup()
  }

  func drawLegend(into svg: inout SVGDocument, capture: ReplayCapture, top: Double) {
    svg.beginGroup("id=\"legend\"")
    let x = margin
    var y = top + 4
    func line(_ text: String, color: String = "#222") {
      svg.text(text, at: Point(x: x, y: y), size: 11, style: "fill=\"\(color)\"")
      y += 16
    }
    line(
      "Top-down (x right, z down, looking along -y). \(capture.frameCount) frames; planes of frame \(capture.frame.frameIndex)."
    )
    line("plane anchor boundary", color: RenderStyle.plane)
    line("truth object footprint (id)", color: RenderStyle.truth)
    line(
      "camera path (open circle: first frame; line: viewing direction)", color: RenderStyle.camera)
    line("marker tracks, one colour per id; end dot: last state")
    svg.text("end dot colours:", at: Point(x: x, y: y), size: 11)
    for (i, state) in MarkerState.allCases.enumerated() {
      svg.text(
        state.rawValue, at: Point(x: x + 100 + Double(i) * 80, y: y), size: 11,
        style: "fill=\"\(RenderStyle.color(of: state))\" font-weight=\"bold\"")
    }
    y += 16
    line("markers \(capture.tracks.count), truth objects \(capture.truthObjects.count)")
    svg.endGroup()
  }

  /// `points` without those closer than `minimumSpacing` (user units) to the last point kept;
  /// the last point is always kept, so a track still ends where the marker is.
  ///
  /// - Complexity: O(n).
  static func thinned(_ points: [Point], minimumSpacing: Double) -> [Point] {
    guard points.count > 2 else { return points }
    var result = [points[0]]
    for p in points.dropFirst().dropLast()
    where p.distance(to: result[result.count - 1]) >= minimumSpacing {
      result.append(p)
    }
    result.append(points[points.count - 1])
    return result
  }

  /// The largest of 1, 2, 5 x 10^k metres not above `limit` (at least 1 mm).
  static func niceLength(atMost limit: Double) -> Double {
    guard limit.isFinite, limit > 0.001 else { return 0.001 }
    var power = 0.001
    var best = 0.001
    while power <= limit {
      for factor in [1.0, 2.0, 5.0] where factor * power <= limit { best = factor * power }
      power *= 10
    }
    return best
  }
}
