import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// Draws one replayed frame as the user would see it (`arsim render FILE --frame N`): the
/// viewport, the visible part of the camera image with an image-normalized grid, the region the
/// model saw (dashed), each detection box with its label and confidence, the ray hits of placed
/// detections, the markers coloured by state with their ids (off-screen ones as edge arrows) and
/// the projected plane anchor boundaries, plus a legend.
///
/// Inside the group `id="viewport"` coordinates are viewport points (top-left origin); the group
/// is translated by `marginPoints` so arrows for off-screen markers fit around it.
public struct FrameRenderer: Sendable {
  /// The space around the viewport, points.
  public var marginPoints: Double = 40
  /// The width of the legend column on the right, points.
  public var legendWidthPoints: Double = 270
  /// The image-normalized grid spacing, 0.01...1 (other values draw the default 0.1 grid).
  public var gridStep: Double = 0.1

  /// Creates a renderer with the default layout.
  public init() {}

  /// The picture of `frame`.
  ///
  /// - Complexity: O(detections + markers + plane boundary vertices).
  public func document(for frame: FrameSnapshot) -> SVGDocument {
    let size = frame.viewport.size
    let m = marginPoints
    var svg = SVGDocument(
      width: m + size.width + m + legendWidthPoints, height: max(m + size.height + m, 460))
    svg.rect(
      Rect(x: 0, y: 0, width: svg.width, height: svg.height), style: "fill=\"#ffffff\"")
    svg.append(
      raw:
        "<defs><clipPath id=\"viewport-clip\"><rect x=\"0\" y=\"0\" width=\"\(SVGDocument.number(size.width))\" height=\"\(SVGDocument.number(size.height))\"/></clipPath></defs>"
    )
    svg.beginGroup(
      "id=\"viewport\" transform=\"translate(\(SVGDocument.number(m)),\(SVGDocument.number(m)))\"")
    svg.rect(
      Rect(origin: .zero, size: size), style: "fill=\"\(RenderStyle.viewportBackground)\"")
    let display = frame.camera.displayTransform(for: frame.viewport)
    var behind: [MarkerSnapshot] = []
    let toPoints = display.concatenating(AffineTransform2D(scaleX: size.width, y: size.height))
    svg.beginGroup("clip-path=\"url(#viewport-clip)\"")
    drawImage(into: &svg, toPoints: toPoints)
    drawPlanes(into: &svg, frame: frame, toPoints: toPoints)
    drawModelRegion(into: &svg, frame: frame, toPoints: toPoints)
    drawDetections(into: &svg, frame: frame, toPoints: toPoints)
    svg.endGroup()
    svg.rect(
      Rect(origin: .zero, size: size),
      style: "fill=\"none\" stroke=\"#000000\" stroke-width=\"1.5\"")
    for marker in frame.markers {
      switch marker.projection {
      case .visible(let p): drawMarker(marker, at: p, into: &svg)
      case .offScreen(let p): drawEdgeArrow(marker, towards: p, viewportSize: size, into: &svg)
      case .behindCamera: behind.append(marker)
      }
    }
    svg.endGroup()
    drawLegend(into: &svg, frame: frame, behind: behind, x: m + size.width + m)
    return svg
  }

  // MARK: - Layers

  /// The camera image's visible part: the image rect under the display transform (clipped to
  /// the viewport by the caller), with grid lines every `gridStep` of image-normalized x and y.
  func drawImage(into svg: inout SVGDocument, toPoints: AffineTransform2D) {
    svg.beginGroup("id=\"camera-image\"")
    svg.rect(Rect.unit.applying(toPoints), style: "fill=\"\(RenderStyle.imageFill)\"")
    let step = gridStep >= 0.01 && gridStep <= 1 ? gridStep : 0.1
    let count = Int((1 / step).rounded(.down))
    for k in 1..<max(count, 1) {
      let t = Double(k) * step
      let gridStyle =
        "stroke=\"\(RenderStyle.imageGrid)\" stroke-width=\"\(k * 2 == count ? 1.2 : 0.6)\""
      svg.line(
        from: Point(x: t, y: 0).applying(toPoints), to: Point(x: t, y: 1).applying(toPoints),
        style: gridStyle)
      svg.line(
        from: Point(x: 0, y: t).applying(toPoints), to: Point(x: 1, y: t).applying(toPoints),
        style: gridStyle)
    }
    svg.rect(
      Rect.unit.applying(toPoints),
      style: "fill=\"none\" stroke=\"#8c8c8c\" stroke-width=\"1\"")
    // The image origin (top-left of the stored image), to show the rotation.
    svg.circle(
      center: Point.zero.applying(toPoints), radius: 4, style: "fill=\"#8c8c8c\"")
    svg.endGroup()
  }

  /// The region the model saw (`VisionGeometry.modelVisibleImageNormalizedRect`), dashed.
  func drawModelRegion(
    into svg: inout SVGDocument, frame: FrameSnapshot, toPoints: AffineTransform2D
  ) {
    guard
      let geometry = try? VisionGeometry(
        settings: frame.request, imageResolution: frame.camera.imageResolution)
    else { return }
    let rect = geometry.modelVisibleImageNormalizedRect.applying(toPoints)
    guard rect.isFinite else { return }
    svg.rect(
      rect,
      style:
        "id=\"model-region\" fill=\"none\" stroke=\"\(RenderStyle.modelRegion)\" stroke-width=\"2\" stroke-dasharray=\"8 5\""
    )
  }

  /// Each detection box (Vision -> image normalized -> viewport points) with its label and
  /// confidence; a dot where a placed detection's ray hit (the hit point projected), a cross at
  /// the anchor point of a detection that was not placed.
  func drawDetections(
    into svg: inout SVGDocument, frame: FrameSnapshot, toPoints: AffineTransform2D
  ) {
    let geometry = try? VisionGeometry(
      settings: frame.request, imageResolution: frame.camera.imageResolution)
    svg.beginGroup("id=\"detections\"")
    for placement in frame.placements {
      let box = placement.detection.boundingBox
      if let geometry, box.isFinite {
        let rect = geometry.imageNormalizedRect(forVisionRect: box).applying(toPoints).standardized
        if rect.isFinite {
          svg.rect(
            rect,
            style:
              "class=\"detection\" fill=\"none\" stroke=\"\(RenderStyle.detection)\" stroke-width=\"1.5\""
          )
          let confidence = SVGDocument.number(Double(placement.detection.confidence))
          svg.text(
            "\(placement.detection.label) \(confidence)",
            at: Point(x: rect.minX, y: rect.minY - 3), size: 10,
            style: "fill=\"\(RenderStyle.detection)\"")
        }
      }
      if let hit = placement.worldPosition {
        if let p = frame.camera.projectPoint(
          hit, orientation: frame.viewport.interfaceOrientation, viewportSize: frame.viewport.size),
          p.isFinite
        {
          svg.circle(
            center: p, radius: 3,
            style:
              "class=\"ray-hit\" fill=\"\(RenderStyle.hit)\" stroke=\"#ffffff\" stroke-width=\"1\"")
        }
      } else if let p = placement.viewportPoint, p.isFinite {
        let r = 5.0
        let style = "class=\"not-placed\" stroke=\"\(RenderStyle.failure)\" stroke-width=\"2\""
        svg.line(
          from: Point(x: p.x - r, y: p.y - r), to: Point(x: p.x + r, y: p.y + r), style: style)
        svg.line(
          from: Point(x: p.x - r, y: p.y + r), to: Point(x: p.x + r, y: p.y - r), style: style)
      }
    }
    svg.endGroup()
  }

  /// The plane anchors' boundary polygons, clipped against the camera's near plane in camera
  /// space (so parts behind the camera are cut off, not wrapped around), then projected.
  func drawPlanes(into svg: inout SVGDocument, frame: FrameSnapshot, toPoints: AffineTransform2D) {
    let camera = frame.camera
    let resolution = camera.imageResolution
    svg.beginGroup("id=\"planes\"")
    for anchor in frame.world.planeAnchors {
      let cameraSpace = anchor.boundary.vertices.map {
        camera.cameraPoint(forWorldPoint: anchor.transform.transformPoint($0))
      }
      let clipped = Self.clipped(cameraSpace, nearDistanceMeters: camera.nearDistanceMeters)
      let points = clipped.compactMap { p -> Point? in
        guard let pixel = camera.imagePixel(forCameraPoint: p) else { return nil }
        let q = Point(x: pixel.x / resolution.width, y: pixel.y / resolution.height)
          .applying(toPoints)
        return q.isFinite ? q : nil
      }
      guard points.count >= 3 else { continue }
      svg.polygon(
        points,
        style:
          "class=\"plane\" fill=\"\(RenderStyle.plane)\" fill-opacity=\"0.12\" stroke=\"\(RenderStyle.plane)\" stroke-width=\"1.5\""
      )
      // Label inside the bottom-left corner of the on-screen part of the polygon's bounding box;
      // none when the bounding box is entirely off screen.
      let bounds = Rect(
        x: points.map(\.x).min() ?? 0, y: points.map(\.y).min() ?? 0,
        width: (points.map(\.x).max() ?? 0) - (points.map(\.x).min() ?? 0),
        height: (points.map(\.y).max() ?? 0) - (points.map(\.y).min() ?? 0))
      guard let shown = bounds.intersection(Rect(origin: .zero, size: frame.viewport.size)),
        shown.width > 0, shown.height > 0
      else { continue }
      let name =
        anchor.identifier.count <= 12 ? anchor.identifier : anchor.identifier.prefix(8) + "…"
      svg.text(
        "plane \(name) (\(anchor.alignment.name))",
        at: Point(x: shown.minX + 4, y: shown.maxY - 4), size: 9,
        style: "fill=\"\(RenderStyle.plane)\"")
    }
    svg.endGroup()
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

  // MARK: - Markers

  func drawMarker(_ marker: MarkerSnapshot, at p: Point, into svg: inout SVGDocument) {
    guard p.isFinite else { return }
    let color = RenderStyle.color(of: marker.state)
    let dash = marker.state == .tentative ? " stroke-dasharray=\"3 2\"" : ""
    svg.circle(
      center: p, radius: 9,
      style:
        "class=\"marker marker-\(marker.state.rawValue)\" fill=\"\(color)\" fill-opacity=\"0.25\" stroke=\"\(color)\" stroke-width=\"2.5\"\(dash)"
    )
    svg.text(
      "#\(marker.id)", at: Point(x: p.x + 11, y: p.y + 4), size: 10,
      style: "fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"2.5\" paint-order=\"stroke\"")
  }

  /// A triangle just outside the viewport edge, on the line from the viewport centre towards the
  /// marker's (off-screen) viewport point, pointing at it.
  func drawEdgeArrow(
    _ marker: MarkerSnapshot, towards p: Point, viewportSize size: Size, into svg: inout SVGDocument
  ) {
    guard let edge = Self.edgePoint(towards: p, viewportSize: size, outset: 14) else { return }
    let dx = p.x - size.width / 2
    let dy = p.y - size.height / 2
    let length = (dx * dx + dy * dy).squareRoot()
    let (ux, uy) = (dx / length, dy / length)
    let tip = Point(x: edge.x + ux * 10, y: edge.y + uy * 10)
    let left = Point(x: edge.x - uy * 7, y: edge.y + ux * 7)
    let right = Point(x: edge.x + uy * 7, y: edge.y - ux * 7)
    let color = RenderStyle.color(of: marker.state)
    svg.polygon(
      [tip, left, right],
      style: "class=\"marker-arrow marker-\(marker.state.rawValue)\" fill=\"\(color)\"")
    let labelX = min(max(edge.x, 4), size.width - 4)
    let labelY = min(max(edge.y - uy * 12, -2), size.height + 12)
    svg.text(
      "#\(marker.id)", at: Point(x: labelX, y: labelY), size: 10, anchor: "middle",
      style: "fill=\"\(color)\"")
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
