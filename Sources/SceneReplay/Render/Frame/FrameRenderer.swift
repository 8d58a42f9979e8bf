import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// Draws one replayed frame as the user would see it (`arsim render FILE --frame N`): the
/// viewport, the visible part of the camera image with an image-normalized grid (tick labels in
/// the margin), the region the model saw (dashed), each detection box with its label and
/// confidence, the ray hits of placed detections, the truth objects (diamonds) and, per shown
/// marker that matches one, an error line from the marker to it, the markers coloured by state
/// with their ids (off-screen ones as edge arrows) and the projected plane anchor boundaries,
/// plus a legend. Optional layers: the frame's depth map in false colour under the marks, with a
/// colour scale in the legend (``depthLayer``), and the truth surfaces' triangle edges
/// (``drawsWireframe``).
///
/// Labels never overlap each other or a marker and never cross the viewport edge: each is put at
/// the first free spot around its mark (`LabelPlacer`), in priority order (shown markers,
/// off-screen markers, tentative markers, detections, truth objects); a label with no room is
/// left out and counted in the legend. Text is at least 12 px at 1:1.
///
/// Inside the group `id="<idPrefix>viewport"` coordinates are viewport points times
/// ``viewportScale`` (top-left origin); the group is translated by ``marginPoints`` so tick
/// labels and arrows for off-screen markers fit around it.
public struct FrameRenderer: Sendable {
  /// The space around the viewport, user units.
  public var marginPoints: Double = 64
  /// The width of the legend column on the right, user units.
  public var legendWidthPoints: Double = 300
  /// The image-normalized grid spacing, 0.01...1 (other values draw the default 0.1 grid).
  public var gridStep: Double = 0.1
  /// User units per viewport point (> 0; 1 draws the viewport at its size in points). Text
  /// keeps its size at any scale.
  public var viewportScale: Double = 1
  /// Whether to draw the legend column (`false`: a two-line caption and key under the viewport,
  /// for small pictures such as the report's overview).
  public var showsLegend = true
  /// Whether to label detection boxes and truth objects (`false` keeps only marker ids).
  public var labelsDetectionsAndTruth = true
  /// Put in front of every element id, so several pictures can share an HTML page.
  public var idPrefix = "frame-"
  /// The text size, px (>= 12 keeps text legible at 1:1).
  public var fontSize: Double = 12
  /// The depth map to draw over the camera image and under every mark, or `nil` for none: in
  /// false colour (a viridis-like ramp, dark near, light far) over round depths that enclose
  /// the map's returns, no-return pixels transparent, placed by the display transform the image
  /// uses; the colour scale (metres) is drawn in the legend column (not in the caption of a
  /// picture without legend). A frame without that map draws no depth.
  public var depthLayer: DepthLayer?
  /// Whether to draw the truth surfaces' triangle edges (``FrameSnapshot/truthSurfaces``)
  /// projected into the viewport, thin, cut at the near plane and clipped to the viewport.
  public var drawsWireframe = false

  /// Creates a renderer with the default layout.
  public init() {}

  /// What a picture of one frame is laid out with: the scale, the viewport's size in user units,
  /// the display transform to user units and the label placer.
  struct Layout {
    var scale: Double
    var viewportSize: Size
    var toUnits: AffineTransform2D?
    var placer = LabelPlacer()
    var labels: [DrawnLabel] = []
    var omittedLabelCount = 0
    /// The off-screen markers drawn as edge arrows, with each arrow's box.
    var arrows: [(marker: MarkerSnapshot, box: Rect)] = []

    /// A viewport point in user units (inside the viewport group).
    func units(_ p: Point) -> Point { Point(x: p.x * scale, y: p.y * scale) }
    /// The viewport rect in user units.
    var viewportRect: Rect { Rect(origin: .zero, size: viewportSize) }
  }

  /// A label to draw in the top layer (viewport-group coordinates).
  struct DrawnLabel {
    var text: String
    var placement: LabelPlacer.Placement
    var color: String
    var leaderFrom: Point?
    var cssClass: String
  }

  /// The picture of `frame`.
  ///
  /// - Complexity: O(detections + markers + truth objects + plane boundary vertices), times the
  ///   labels placed so far for each label.
  public func document(for frame: FrameSnapshot) -> SVGDocument {
    let scale = viewportScale > 0 && viewportScale.isFinite ? viewportScale : 1
    let size = frame.viewport.size
    let shown = Size(width: size.width * scale, height: size.height * scale)
    let m = marginPoints
    let legend = showsLegend ? legendLines(frame: frame) : []
    let behindCount = frame.markers.filter { $0.projection == .behindCamera }.count
    let legendHeight = showsLegend ? self.legendHeight(legend, behindCount: behindCount) : 0
    let captionHeight = showsLegend ? 0 : Self.captionHeight(fontSize: fontSize)
    var svg = SVGDocument(
      width: m + shown.width + m + (showsLegend ? legendWidthPoints : 0),
      height: max(m + shown.height + m + captionHeight, legendHeight))
    svg.rect(Rect(x: 0, y: 0, width: svg.width, height: svg.height), style: "fill=\"#ffffff\"")
    let clipID = "\(idPrefix)viewport-clip"
    svg.append(
      raw:
        "<defs><clipPath id=\"\(clipID)\"><rect x=\"0\" y=\"0\" width=\"\(SVGDocument.number(shown.width))\" height=\"\(SVGDocument.number(shown.height))\"/></clipPath></defs>"
    )
    var layout = Layout(
      scale: scale, viewportSize: shown,
      toUnits: frame.camera.displayTransform(for: frame.viewport)
        .concatenating(AffineTransform2D(scaleX: shown.width, y: shown.height)))
    svg.beginGroup(
      "id=\"\(idPrefix)viewport\" transform=\"translate(\(SVGDocument.number(m)),\(SVGDocument.number(m)))\""
    )
    svg.rect(
      Rect(origin: .zero, size: shown), style: "fill=\"\(RenderStyle.viewportBackground)\"")
    let matches = matchedTruth(frame)
    let planes = layout.toUnits.map { planePolygons(frame: frame, toUnits: $0) } ?? []
    if let toUnits = layout.toUnits {
      svg.beginGroup("clip-path=\"url(#\(clipID))\"")
      drawImage(into: &svg, frame: frame, toUnits: toUnits)
      drawPlanes(into: &svg, polygons: planes.map(\.points))
      drawWireframe(into: &svg, frame: frame, layout: layout)
      drawModelRegion(into: &svg, frame: frame, toUnits: toUnits)
      drawDetections(into: &svg, frame: frame, toUnits: toUnits, layout: layout)
      drawTruth(into: &svg, frame: frame, layout: layout)
      drawErrorLines(into: &svg, frame: frame, matches: matches, layout: layout)
      svg.endGroup()
    }
    svg.rect(
      Rect(origin: .zero, size: shown),
      style: "fill=\"none\" stroke=\"#000000\" stroke-width=\"1.5\"")
    let behind = drawMarkers(into: &svg, frame: frame, layout: &layout)
    placeLabels(frame: frame, planes: planes, layout: &layout)
    if let toUnits = layout.toUnits {
      drawGridTicks(into: &svg, toUnits: toUnits, layout: &layout)
    }
    drawLabels(layout.labels, into: &svg)
    svg.endGroup()
    if showsLegend {
      drawLegend(
        legend, into: &svg, behind: behind, omittedLabels: layout.omittedLabelCount,
        x: m + shown.width + m)
    } else {
      drawCaption(
        into: &svg, frame: frame, omittedLabels: layout.omittedLabelCount,
        top: m + shown.height + m - 2, width: svg.width)
    }
    return svg
  }

  /// Checks that `capture`'s chosen frame has what the picture's layers draw: the depth map of
  /// ``depthLayer`` and, with ``drawsWireframe``, truth surfaces.
  ///
  /// - Throws: ``FrameLayerError/noDepth(frameIndex:layer:framesWithDepth:)`` naming the frame
  ///   and listing the frames with that map; ``FrameLayerError/noTruthSurfaces``.
  public func requireLayers(in capture: ReplayCapture) throws(FrameLayerError) {
    let frame = capture.frame
    if let depthLayer, depthLayer.depth(in: frame) == nil {
      throw .noDepth(
        frameIndex: frame.frameIndex, layer: depthLayer,
        framesWithDepth: depthLayer == .sceneDepth
          ? capture.depthFrameIndices : capture.smoothedDepthFrameIndices)
    }
    if drawsWireframe, frame.truthSurfaces.isEmpty { throw .noTruthSurfaces }
  }

  /// The height of the caption under a picture without legend column (four lines).
  static func captionHeight(fontSize: Double) -> Double { 4 * (fontSize + 8) + 4 }

  /// Per marker id: the truth object it matches (same label, nearest, within the threshold),
  /// for shown markers only.
  func matchedTruth(_ frame: FrameSnapshot) -> [Int: RecordingTruthObject] {
    var result: [Int: RecordingTruthObject] = [:]
    for marker in frame.markers where marker.state.isShown {
      let p = SIMD3<Double>(marker.worldPosition)
      var best: (object: RecordingTruthObject, distance: Double)?
      for object in frame.truthObjects where object.label == marker.label {
        let d = ((object.position - p) * (object.position - p)).sum().squareRoot()
        if d <= frame.matchThresholdMeters, d < (best?.distance ?? .infinity) {
          best = (object, d)
        }
      }
      if let best { result[marker.id] = best.object }
    }
    return result
  }

  // MARK: - Layers

  /// The camera image's visible part: the image rect under the display transform (clipped to
  /// the viewport by the caller), the depth layer when drawn, and grid lines every `gridStep` of
  /// image-normalized x and y.
  func drawImage(
    into svg: inout SVGDocument, frame: FrameSnapshot, toUnits: AffineTransform2D
  ) {
    svg.beginGroup("id=\"\(idPrefix)camera-image\"")
    svg.rect(Rect.unit.applying(toUnits), style: "fill=\"\(RenderStyle.imageFill)\"")
    drawDepth(into: &svg, frame: frame, toUnits: toUnits)
    let count = gridLineCount
    for k in 1..<max(count, 1) {
      let t = Double(k) / Double(count)
      let gridStyle =
        "stroke=\"\(RenderStyle.imageGrid)\" stroke-width=\"\(k * 2 == count ? 1.2 : 0.6)\""
      svg.line(
        from: Point(x: t, y: 0).applying(toUnits), to: Point(x: t, y: 1).applying(toUnits),
        style: gridStyle)
      svg.line(
        from: Point(x: 0, y: t).applying(toUnits), to: Point(x: 1, y: t).applying(toUnits),
        style: gridStyle)
    }
    svg.rect(
      Rect.unit.applying(toUnits),
      style: "fill=\"none\" stroke=\"#8c8c8c\" stroke-width=\"1\"")
    // The image origin (top-left of the stored image), to show the rotation.
    svg.circle(center: Point.zero.applying(toUnits), radius: 4, style: "fill=\"#8c8c8c\"")
    svg.endGroup()
  }

  /// Grid intervals per unit of image-normalized length (10 for the default 0.1 step).
  var gridLineCount: Int {
    let step = gridStep >= 0.01 && gridStep <= 1 ? gridStep : 0.1
    return max(Int((1 / step).rounded()), 1)
  }

  /// The region the model saw (`VisionGeometry.modelVisibleImageNormalizedRect`), dashed.
  func drawModelRegion(
    into svg: inout SVGDocument, frame: FrameSnapshot, toUnits: AffineTransform2D
  ) {
    guard
      let geometry = try? VisionGeometry(
        settings: frame.request, imageResolution: frame.camera.imageResolution)
    else { return }
    let rect = geometry.modelVisibleImageNormalizedRect.applying(toUnits)
    guard rect.isFinite else { return }
    svg.rect(
      rect,
      style:
        "id=\"\(idPrefix)model-region\" fill=\"none\" stroke=\"\(RenderStyle.modelRegion)\" stroke-width=\"2\" stroke-dasharray=\"8 5\""
    )
  }

  /// Each detection box (Vision -> image normalized -> viewport) whose label is placed later; a
  /// dot where a placed detection's ray hit (the hit point projected), a cross at the anchor
  /// point of a detection that was not placed.
  func drawDetections(
    into svg: inout SVGDocument, frame: FrameSnapshot, toUnits: AffineTransform2D, layout: Layout
  ) {
    let geometry = try? VisionGeometry(
      settings: frame.request, imageResolution: frame.camera.imageResolution)
    svg.beginGroup("id=\"\(idPrefix)detections\"")
    for placement in frame.placements {
      let box = placement.detection.boundingBox
      if let geometry, box.isFinite {
        let rect = geometry.imageNormalizedRect(forVisionRect: box).applying(toUnits).standardized
        if rect.isFinite {
          svg.rect(
            rect,
            style:
              "class=\"detection\" fill=\"none\" stroke=\"\(RenderStyle.detection)\" stroke-width=\"1.5\""
          )
        }
      }
      if let hit = placement.worldPosition {
        if let p = frame.camera.projectPoint(
          hit, orientation: frame.viewport.interfaceOrientation, viewportSize: frame.viewport.size),
          p.isFinite
        {
          svg.circle(
            center: layout.units(p), radius: 3,
            style:
              "class=\"ray-hit\" fill=\"\(RenderStyle.hit)\" stroke=\"#ffffff\" stroke-width=\"1\"")
        }
      } else if let p = placement.viewportPoint, p.isFinite {
        let q = layout.units(p)
        let r = 5.0
        let style = "class=\"not-placed\" stroke=\"\(RenderStyle.failure)\" stroke-width=\"2\""
        svg.line(
          from: Point(x: q.x - r, y: q.y - r), to: Point(x: q.x + r, y: q.y + r), style: style)
        svg.line(
          from: Point(x: q.x - r, y: q.y + r), to: Point(x: q.x + r, y: q.y - r), style: style)
      }
    }
    svg.endGroup()
  }

  /// The plane anchors' boundary polygons, clipped against the camera's near plane in camera
  /// space (so parts behind the camera are cut off, not wrapped around), then projected.
  func drawPlanes(into svg: inout SVGDocument, polygons: [[Point]]) {
    svg.beginGroup("id=\"\(idPrefix)planes\"")
    for points in polygons {
      svg.polygon(
        points,
        style:
          "class=\"plane\" fill=\"\(RenderStyle.plane)\" fill-opacity=\"0.12\" stroke=\"\(RenderStyle.plane)\" stroke-width=\"1.5\""
      )
    }
    svg.endGroup()
  }

  /// Each plane anchor's projected boundary (user units) with the anchor, anchors in frame
  /// order; anchors with fewer than three drawable vertices are left out.
  func planePolygons(
    frame: FrameSnapshot, toUnits: AffineTransform2D
  ) -> [(anchor: PlaneAnchor, points: [Point])] {
    let camera = frame.camera
    let resolution = camera.imageResolution
    return frame.world.planeAnchors.compactMap { anchor in
      let cameraSpace = anchor.boundary.vertices.map {
        camera.cameraPoint(forWorldPoint: anchor.transform.transformPoint($0))
      }
      let clipped = Self.clipped(cameraSpace, nearDistanceMeters: camera.nearDistanceMeters)
      let points = clipped.compactMap { p -> Point? in
        guard let pixel = camera.imagePixel(forCameraPoint: p) else { return nil }
        let q = Point(x: pixel.x / resolution.width, y: pixel.y / resolution.height)
          .applying(toUnits)
        return q.isFinite ? q : nil
      }
      return points.count >= 3 ? (anchor, points) : nil
    }
  }

  /// The part of a convex camera-space polygon at least `nearDistanceMeters` (plus 0.1 mm) in
  /// front of the camera (`-z >= near`): Sutherland–Hodgman against one plane. Vertices keep
  /// their order; the result is empty when the polygon is entirely behind.
  static func clipped(_ polygon: [SIMD3<Float>], nearDistanceMeters: Float) -> [SIMD3<Float>] {
    let near = max(nearDistanceMeters, 0) + 1e-4
    func depth(_ p: SIMD3<Float>) -> Float { -p.z - near }
    var result: [SIMD3<Float>] = []
    guard !polygon.isEmpty else { return result }
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      let da = depth(a)
      let db = depth(b)
      guard da.isFinite, db.isFinite else { continue }
      if da >= 0 { result.append(a) }
      if (da >= 0) != (db >= 0) {
        let t = da / (da - db)
        result.append(a + (b - a) * t)
      }
    }
    return result
  }

  /// Where the line from the viewport centre towards `p` leaves the viewport grown by `outset`
  /// points on every side; `nil` when `p` is the centre or not finite.
  static func edgePoint(towards p: Point, viewportSize size: Size, outset: Double) -> Point? {
    let cx = size.width / 2
    let cy = size.height / 2
    let dx = p.x - cx
    let dy = p.y - cy
    guard p.isFinite, dx != 0 || dy != 0 else { return nil }
    let halfWidth = cx + outset
    let halfHeight = cy + outset
    let sx = dx == 0 ? Double.infinity : halfWidth / abs(dx)
    let sy = dy == 0 ? Double.infinity : halfHeight / abs(dy)
    let s = min(sx, sy)
    return Point(x: cx + dx * s, y: cy + dy * s)
  }
}
