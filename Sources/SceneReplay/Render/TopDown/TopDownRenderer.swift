import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// Draws a replay from above (`arsim render FILE --top-down`): the world's x/z plane with x to
/// the right and z downwards (looking down along -y, right-handed), axes in metres with round
/// ticks; the chosen frame's plane anchor boundaries, the truth objects' footprints with their
/// ids, the tracks of the markers that were shown (confirmed at least once; every marker's with
/// ``showsAllTracks``), each ending in a dot coloured by its last state, and the camera path
/// with the chosen frame's viewing direction; under them, faint, the edges of the truth surfaces'
/// meshes when the recording has them.
///
/// The view zooms to the data: the truth objects and the drawn tracks (the camera, the planes
/// and the camera path when there are none), with one scale on both axes (so angles and
/// distances are true); the plot takes the data's aspect within ``maximumPlotSize``. A camera
/// outside the view is shown as an arrow on the plot's edge, labelled with its distance.
/// Labels never overlap each other or a mark (`LabelPlacer`); those without room are counted.
public struct TopDownRenderer: Sendable {
  /// The largest plot area, user units (when ``maximumSize`` is `nil`; the legend goes under
  /// the plot).
  public var maximumPlotSize = Size(width: 640, height: 440)
  /// The largest picture, user units, or `nil` to size the plot by ``maximumPlotSize``: the
  /// legend then goes under the plot or beside it, whichever leaves the larger plot.
  public var maximumSize: Size?
  /// The smallest extent shown along x and z, metres.
  public var minimumSpanMeters: Double = 0.2
  /// Whether to draw every marker's track, not only those of markers that were shown.
  public var showsAllTracks = false
  /// Put in front of every element id, so several pictures can share an HTML page.
  public var idPrefix = "topdown-"
  /// The text size, px.
  public var fontSize: Double = 12

  /// Space left of the plot (z tick labels), user units.
  static let left = 64.0
  /// Space above the plot (the z axis title).
  static let top = 30.0
  /// Space right of the plot.
  static let right = 20.0
  /// Space under the plot (x tick labels and axis title).
  static let bottom = 46.0

  /// Creates a renderer with the default layout.
  public init() {}

  /// The world-to-picture mapping: picture = (x - minX, z - minZ) * scale + origin.
  struct Mapping {
    var minX: Double
    var minZ: Double
    var scale: Double
    var origin: Point
    var plotSize: Size

    func point(x: Double, z: Double) -> Point {
      Point(x: origin.x + (x - minX) * scale, y: origin.y + (z - minZ) * scale)
    }
    func point(_ p: SIMD3<Float>) -> Point { point(x: Double(p.x), z: Double(p.z)) }
    var plotRect: Rect { Rect(origin: origin, size: plotSize) }
    var maxX: Double { minX + plotSize.width / scale }
    var maxZ: Double { minZ + plotSize.height / scale }
  }

  /// The tracks drawn: all with ``showsAllTracks``, else those with a shown sample.
  func drawnTracks(_ capture: ReplayCapture) -> [MarkerTrackHistory] {
    showsAllTracks
      ? capture.tracks : capture.tracks.filter { $0.samples.contains { $0.state.isShown } }
  }

  /// The picture of `capture`.
  ///
  /// - Complexity: O(frames + marker samples + plane boundary vertices), plus the label
  ///   placement (quadratic in the number of labels).
  public func document(for capture: ReplayCapture) -> SVGDocument {
    let anchors = capture.frame.world.planeAnchors
    let planePolygons = anchors.map { anchor in
      anchor.boundary.vertices.map { anchor.transform.transformPoint($0) }
    }
    let tracks = drawnTracks(capture)
    let legend = legendLines(capture: capture, trackCount: tracks.count)
    let legendWidth = legend.map { LabelPlacer.estimatedWidth($0, size: fontSize) }.max() ?? 0
    let legendHeight = Double(legend.count + 1) * 18 + 8
    // The legend under the plot, or beside it when that leaves a larger plot.
    var mapping = fit(
      capture: capture, tracks: tracks, planePolygons: planePolygons, limit: maximumPlotSize)
    var legendBeside = false
    if let total = maximumSize {
      let margins = Size(
        width: Self.left + Self.right, height: Self.top + Self.bottom)
      let under = fit(
        capture: capture, tracks: tracks, planePolygons: planePolygons,
        limit: Size(
          width: total.width - margins.width, height: total.height - margins.height - legendHeight))
      let beside = fit(
        capture: capture, tracks: tracks, planePolygons: planePolygons,
        limit: Size(
          width: total.width - margins.width - legendWidth - 24,
          height: total.height - margins.height))
      legendBeside = beside.scale > under.scale
      mapping = legendBeside ? beside : under
    }
    let plotRight = Self.left + mapping.plotSize.width + Self.right
    var svg = SVGDocument(
      width: legendBeside
        ? plotRight + legendWidth + 12 : max(plotRight, Self.left + legendWidth + 24),
      height: Self.top + mapping.plotSize.height + Self.bottom + (legendBeside ? 0 : legendHeight))
    svg.rect(Rect(x: 0, y: 0, width: svg.width, height: svg.height), style: "fill=\"#ffffff\"")
    let clipID = "\(idPrefix)plot-clip"
    let plot = mapping.plotRect
    svg.append(
      raw:
        "<defs><clipPath id=\"\(clipID)\"><rect x=\"\(SVGDocument.number(plot.minX))\" y=\"\(SVGDocument.number(plot.minY))\" width=\"\(SVGDocument.number(plot.width))\" height=\"\(SVGDocument.number(plot.height))\"/></clipPath></defs>"
    )
    var placer = LabelPlacer()
    var labels: [(text: String, placement: LabelPlacer.Placement, color: String, from: Point?)] =
      []
    var omitted = 0
    drawAxes(into: &svg, mapping: mapping)

    svg.beginGroup("id=\"\(idPrefix)data\" clip-path=\"url(#\(clipID))\"")
    drawTruthSurfaces(into: &svg, capture: capture, mapping: mapping)
    svg.beginGroup("id=\"\(idPrefix)planes\"")
    for polygon in planePolygons {
      let points = polygon.map(mapping.point)
      if points.count >= 3 {
        svg.polygon(
          points,
          style:
            "class=\"plane\" fill=\"\(RenderStyle.plane)\" fill-opacity=\"0.12\" stroke=\"\(RenderStyle.plane)\" stroke-width=\"1.5\""
        )
      }
    }
    svg.endGroup()
    svg.beginGroup("id=\"\(idPrefix)camera-path\"")
    let path = Self.thinned(capture.cameraPositions.map(mapping.point), minimumSpacing: 1.5)
    svg.polyline(
      path,
      style:
        "fill=\"none\" stroke=\"\(RenderStyle.camera)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"",
      decimals: 1)
    svg.endGroup()
    svg.beginGroup("id=\"\(idPrefix)truth\"")
    var truthMarks: [(RecordingTruthObject, Rect)] = []
    for object in capture.truthObjects {
      let c = mapping.point(x: object.position.x, z: object.position.z)
      let w = max(object.size.x * mapping.scale, 6)
      let d = max(object.size.z * mapping.scale, 6)
      let rect = Rect(x: c.x - w / 2, y: c.y - d / 2, width: w, height: d)
      svg.rect(
        rect,
        style:
          "class=\"truth\" fill=\"#ffffff\" fill-opacity=\"0.6\" stroke=\"\(RenderStyle.truth)\" stroke-width=\"1.5\""
      )
      truthMarks.append((object, rect))
      placer.addObstacle(rect)
    }
    svg.endGroup()
    svg.beginGroup("id=\"\(idPrefix)tracks\"")
    var trackEnds: [(MarkerTrackHistory, Point, String)] = []
    for track in tracks {
      let color = RenderStyle.trackColor(id: track.id)
      let points = Self.thinned(
        track.samples.map { mapping.point($0.worldPosition) }, minimumSpacing: 1.5)
      svg.polyline(
        points, style: "class=\"track\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"",
        decimals: 1)
      guard let last = points.last, let lastSample = track.samples.last else { continue }
      svg.circle(
        center: last, radius: 4,
        style:
          "class=\"marker marker-\(lastSample.state.rawValue)\" fill=\"\(RenderStyle.color(of: lastSample.state))\" stroke=\"\(color)\" stroke-width=\"1.5\"",
        title:
          "#\(track.id) \(track.label): \(track.samples.count) frames, last \(lastSample.state.rawValue)"
      )
      if plot.contains(last) {
        placer.addObstacle(Rect(x: last.x - 5, y: last.y - 5, width: 10, height: 10))
        trackEnds.append((track, last, color))
      }
    }
    svg.endGroup()
    svg.endGroup()

    let inside = plot.insetBy(2)
    func add(_ text: String, near p: Point, clearance: Double, color: String) {
      if let placement = placer.place(
        text, size: fontSize, near: p, clearance: clearance, inside: inside)
      {
        labels.append((text, placement, color, placement.needsLeader ? p : nil))
      } else {
        omitted += 1
      }
    }
    drawCamera(
      into: &svg, capture: capture, mapping: mapping, placer: &placer, labels: &labels,
      omitted: &omitted)
    for (object, rect) in truthMarks where plot.contains(rect.center) {
      add(
        object.id, near: rect.center, clearance: max(rect.width, rect.height) / 2,
        color: RenderStyle.truth)
    }
    for (track, end, color) in trackEnds {
      add("#\(track.id)", near: end, clearance: 4, color: color)
    }
    for polygon in planePolygons {
      let points = polygon.map(mapping.point).filter { plot.contains($0) }
      guard let corner = points.min(by: { ($0.y, $0.x) < ($1.y, $1.x) }) else { continue }
      let index = planePolygons.firstIndex { $0 == polygon } ?? 0
      add(
        RenderStyle.planeLabel(anchors[index].identifier), near: corner, clearance: 2,
        color: RenderStyle.plane)
    }
    svg.beginGroup("id=\"\(idPrefix)labels\"")
    for label in labels {
      if let from = label.from {
        let box = label.placement.box
        svg.line(
          from: from,
          to: Point(
            x: min(max(from.x, box.minX), box.maxX), y: min(max(from.y, box.minY), box.maxY)),
          style: "stroke=\"\(label.color)\" stroke-width=\"1\"")
      }
      svg.text(
        label.text, at: label.placement.origin, size: fontSize,
        style:
          "class=\"label\" fill=\"\(label.color)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\""
      )
    }
    svg.endGroup()
    drawLegend(
      legend + (omitted > 0 ? ["labels left out for lack of room: \(omitted)"] : []),
      into: &svg,
      at: legendBeside
        ? Point(x: plotRight, y: plot.minY) : Point(x: Self.left, y: plot.maxY + Self.bottom + 4))
    return svg
  }

  /// The camera of the chosen frame: a dot with its viewing direction and a label when inside
  /// the plot, else an arrow on the plot's edge pointing at it, labelled with its distance from
  /// the plot's centre.
  func drawCamera(
    into svg: inout SVGDocument, capture: ReplayCapture, mapping: Mapping,
    placer: inout LabelPlacer,
    labels: inout [(text: String, placement: LabelPlacer.Placement, color: String, from: Point?)],
    omitted: inout Int
  ) {
    let plot = mapping.plotRect
    let camera = capture.frame.camera
    let eye = mapping.point(camera.positionInWorld)
    guard eye.isFinite else { return }
    svg.beginGroup("id=\"\(idPrefix)camera\"")
    defer { svg.endGroup() }
    let text: String
    let anchor: Point
    if plot.contains(eye) {
      svg.circle(center: eye, radius: 5, style: "class=\"camera\" fill=\"\(RenderStyle.camera)\"")
      let forward = camera.worldFromCamera.transformDirection(SIMD3(0, 0, -1))
      let flat = SIMD2(Double(forward.x), Double(forward.z))
      let flatLength = (flat * flat).sum().squareRoot()
      if flatLength > 1e-6, flatLength.isFinite {
        let tip = Point(x: eye.x + flat.x / flatLength * 30, y: eye.y + flat.y / flatLength * 30)
        if let (a, b) = FrameRenderer.clippedSegment(eye, tip, to: plot) {
          svg.line(from: a, to: b, style: "stroke=\"\(RenderStyle.camera)\" stroke-width=\"2.5\"")
        }
      }
      placer.addObstacle(Rect(x: eye.x - 6, y: eye.y - 6, width: 12, height: 12))
      text = "camera, frame \(capture.frame.frameIndex)"
      anchor = eye
    } else {
      let center = plot.center
      let dx = eye.x - center.x
      let dy = eye.y - center.y
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > 0,
        let edge = FrameRenderer.edgePoint(
          towards: Point(x: eye.x - plot.minX, y: eye.y - plot.minY),
          viewportSize: plot.size, outset: -12)
      else { return }
      let (ux, uy) = (dx / length, dy / length)
      let base = Point(x: edge.x + plot.minX, y: edge.y + plot.minY)
      let arrow = [
        Point(x: base.x + ux * 10, y: base.y + uy * 10),
        Point(x: base.x - uy * 7, y: base.y + ux * 7),
        Point(x: base.x + uy * 7, y: base.y - ux * 7),
      ]
      svg.polygon(arrow, style: "class=\"camera-arrow\" fill=\"\(RenderStyle.camera)\"")
      placer.addObstacle(Rect(x: base.x - 11, y: base.y - 11, width: 22, height: 22))
      let worldCenter = SIMD2(
        mapping.minX + plot.width / 2 / mapping.scale,
        mapping.minZ + plot.height / 2 / mapping.scale)
      let p = camera.positionInWorld
      let d = SIMD2(Double(p.x), Double(p.z)) - worldCenter
      let meters = (d * d).sum().squareRoot()
      text = "camera, frame \(capture.frame.frameIndex): \(AxisTicks.fixed(meters, decimals: 2)) m"
      anchor = base
    }
    if let placement = placer.place(
      text, size: fontSize, near: anchor, clearance: 12, inside: plot.insetBy(2))
    {
      labels.append((text, placement, RenderStyle.camera, placement.needsLeader ? anchor : nil))
    } else {
      omitted += 1
    }
  }

  /// The view: the truth objects' footprints and `tracks` (else the camera path and planes),
  /// padded by 8 % and at least ``minimumSpanMeters`` each way, at one scale that fits `limit`;
  /// the plot is at least 240 x 160 units (the short side's span grows).
  func fit(
    capture: ReplayCapture, tracks: [MarkerTrackHistory], planePolygons: [[SIMD3<Float>]],
    limit: Size
  ) -> Mapping {
    var xs: [Double] = []
    var zs: [Double] = []
    func add(_ x: Double, _ z: Double) {
      guard x.isFinite, z.isFinite else { return }
      xs.append(x)
      zs.append(z)
    }
    for object in capture.truthObjects {
      add(object.position.x - object.size.x / 2, object.position.z - object.size.z / 2)
      add(object.position.x + object.size.x / 2, object.position.z + object.size.z / 2)
    }
    for track in tracks {
      for s in track.samples { add(Double(s.worldPosition.x), Double(s.worldPosition.z)) }
    }
    if xs.isEmpty {
      for p in planePolygons.joined() { add(Double(p.x), Double(p.z)) }
      for p in capture.cameraPositions { add(Double(p.x), Double(p.z)) }
    }
    let minX = xs.min() ?? 0
    let maxX = xs.max() ?? 0
    let minZ = zs.min() ?? 0
    let maxZ = zs.max() ?? 0
    let floor = minimumSpanMeters > 0 ? minimumSpanMeters : 0.2
    var spanX = max((maxX - minX) * 1.16, floor)
    var spanZ = max((maxZ - minZ) * 1.16, floor)
    let scale = min(limit.width / spanX, limit.height / spanZ)
    var size = Size(width: spanX * scale, height: spanZ * scale)
    if size.width < 240 {
      size.width = min(240, limit.width)
      spanX = size.width / scale
    }
    if size.height < 160 {
      size.height = min(160, limit.height)
      spanZ = size.height / scale
    }
    return Mapping(
      minX: (minX + maxX) / 2 - spanX / 2, minZ: (minZ + maxZ) / 2 - spanZ / 2, scale: scale,
      origin: Point(x: Self.left, y: Self.top), plotSize: size)
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
}
