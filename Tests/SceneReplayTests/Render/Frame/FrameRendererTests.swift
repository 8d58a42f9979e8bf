import ARSimulation
import Placement
import SceneFormat
import SpatialMath
import Testing

@testable import SceneReplay

@Suite("FrameRenderer")
struct FrameRendererTests {
  /// Vision box (x 0.25, y 0.5, w 0.5, h 0.25), lower-left: image normalized y = 1 - 0.5 - 0.25
  /// = 0.25, so the rect is (0.25, 0.25, 0.5, 0.25) of a 400x300 viewport (identity display
  /// transform) = (100, 75, 200, 75) points. Its centre (0.5, 0.375) is pixel (200, 112.5); the
  /// ray through it hits the wall at z = -2 and projects back to (200, 112.5).
  static let box = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)

  @Test func detectionBoxAndRayHitLandWhereWorkedByHand() throws {
    let frame = try RenderTestSupport.snapshot(box: Self.box, markers: [])
    #expect(frame.placements.first?.worldPosition != nil)
    let svg = FrameRenderer().document(for: frame).markup
    #expect(RenderTestSupport.isWellFormedXML(svg))
    #expect(
      svg.contains("<rect x=\"100\" y=\"75\" width=\"200\" height=\"75\" class=\"detection\""))
    // The label sits above the box's left corner: start (100, 75 - 4).
    #expect(
      svg.contains(
        "<text x=\"100\" y=\"71\" font-size=\"12\" text-anchor=\"start\" class=\"label detection-label\""
      ))
    #expect(svg.contains(">hazard 0.9</text>"))
    #expect(svg.contains("<circle cx=\"200\" cy=\"112.5\" r=\"3\" class=\"ray-hit\""))
    // scaleFill on the whole image: the model saw all of it, which is the whole viewport.
    #expect(
      svg.contains("<rect x=\"0\" y=\"0\" width=\"400\" height=\"300\" id=\"frame-model-region\""))
    // The viewport group is offset by the margin.
    #expect(svg.contains("id=\"frame-viewport\" transform=\"translate(64,64)\""))
  }

  /// The wall's corners (±1, ±1, -2) project to 200 ± 400/2 and 150 ∓ 400/2: (0, -50),
  /// (400, -50), (400, 350), (0, 350) (clipped to the viewport by the clip path, not here).
  @Test func planeBoundaryProjectsToItsCorners() throws {
    let svg = FrameRenderer().document(
      for: try RenderTestSupport.snapshot(box: Self.box, markers: [])
    )
    .markup
    let polygon = try #require(
      svg.split(separator: "\n").first { $0.contains("class=\"plane\"") })
    for corner in ["0,-50", "400,-50", "400,350", "0,350"] {
      #expect(polygon.contains(corner), "missing corner \(corner) in \(polygon)")
    }
  }

  @Test func markersAreDrawnByVisibility() throws {
    let markers = [
      RenderTestSupport.marker(id: 1, state: .confirmed, at: SIMD3(0, 0, -2)),  // centre
      RenderTestSupport.marker(id: 2, state: .coasting, at: SIMD3(10, 0, -2)),  // far right
      RenderTestSupport.marker(id: 7, state: .tentative, at: SIMD3(0, 0, 1)),  // behind
    ]
    let svg = FrameRenderer().document(
      for: try RenderTestSupport.snapshot(box: Self.box, markers: markers)
    )
    .markup
    #expect(RenderTestSupport.isWellFormedXML(svg))
    // (0, 0, -2) is on the optical axis: principal point (199.5 + 0.5, 149.5 + 0.5).
    #expect(
      svg.contains("<circle cx=\"200\" cy=\"150\" r=\"9\" class=\"marker marker-confirmed\""))
    #expect(svg.contains(">#1</text>") && svg.contains(">#2</text>"))
    #expect(RenderTestSupport.count("class=\"marker ", in: svg) == 1)
    // x = 200 + 400 * 10 / 2 = 2200 is off screen: an edge arrow, not a circle.
    #expect(RenderTestSupport.count("class=\"marker-arrow marker-coasting\"", in: svg) == 1)
    // Behind the camera: no circle or arrow, only the legend line.
    #expect(!svg.contains("marker-tentative"))
    #expect(svg.contains("#7 hazard (tentative)"))
  }

  /// A confirmed hazard marker at (0, 0, -2) projects to (200, 150); the hazard truth object
  /// 2 cm to its right at (0.02, 0, -2) to x = 200 + 400 x 0.02 / 2 = 204: an error line from
  /// (200, 150) to (204, 150) with "20.0 mm" as its tooltip and a diamond at the truth. A fan
  /// object nearer to the marker has another label and gets no line.
  @Test func errorLinesJoinMarkersToTheirTruth() throws {
    var frame = try RenderTestSupport.snapshot(
      box: Self.box,
      markers: [RenderTestSupport.marker(id: 1, state: .confirmed, at: SIMD3(0, 0, -2))])
    frame.truthObjects = [
      RecordingTruthObject(
        id: "hazard-1", label: "hazard", position: SIMD3(0.02, 0, -2), size: SIMD3(0, 0, 0)),
      RecordingTruthObject(
        id: "fan-1", label: "fan", position: SIMD3(0.005, 0, -2), size: SIMD3(0, 0, 0)),
    ]
    let svg = FrameRenderer().document(for: frame).markup
    #expect(RenderTestSupport.isWellFormedXML(svg))
    #expect(
      svg.contains(
        "<line x1=\"200\" y1=\"150\" x2=\"204\" y2=\"150\" class=\"error-line\""))
    #expect(svg.contains("<title>#1 hazard: 20.0 mm from hazard-1</title>"))
    #expect(RenderTestSupport.count("class=\"error-line\"", in: svg) == 1)
    // Diamonds of half-diagonal 5.5 about (204, 150) and (201, 150).
    #expect(svg.contains("<polygon points=\"204,144.5 209.5,150 204,155.5 198.5,150\""))
    #expect(RenderTestSupport.count("class=\"truth\"", in: svg) == 2)
    // Beyond the match threshold (5 cm by default) there is no line.
    frame.truthObjects[0].position = SIMD3(0.2, 0, -2)
    #expect(!FrameRenderer().document(for: frame).markup.contains("class=\"error-line\""))
  }

  /// The identity display maps image x = 0.1 to viewport x = 40 (a vertical grid line) and
  /// image y = 0.1 to viewport y = 30 (horizontal): "x 0.1" is centred above the top edge at
  /// x = 40, "y 0.1" right-aligned left of it at y = 30 + 4.
  @Test func gridLinesAreLabelledInTheMargin() throws {
    let svg = FrameRenderer().document(
      for: try RenderTestSupport.snapshot(box: Self.box, markers: [])
    ).markup
    let x = LabelPlacer.estimatedWidth("x 0.1", size: 12)
    let y = LabelPlacer.estimatedWidth("y 0.1", size: 12)
    #expect(svg.contains("<text x=\"\(SVGDocument.number(40 - x / 2))\" y=\"-20\""))
    #expect(svg.contains("<text x=\"\(SVGDocument.number(-18 - y))\" y=\"34\""))
    #expect(svg.contains(">x 0.1</text>") && svg.contains(">y 0.9</text>"))
  }

  /// At half scale the viewport is 200 x 150 units: the confirmed marker at the principal
  /// point is drawn at (100, 75); text stays 12 px.
  @Test func scaledPicturesKeepTheirTextSize() throws {
    var renderer = FrameRenderer()
    renderer.viewportScale = 0.5
    renderer.showsLegend = false
    let svg = renderer.document(
      for: try RenderTestSupport.snapshot(
        box: Self.box,
        markers: [RenderTestSupport.marker(id: 1, state: .confirmed, at: SIMD3(0, 0, -2))])
    ).markup
    #expect(svg.contains("<circle cx=\"100\" cy=\"75\" r=\"9\" class=\"marker marker-confirmed\""))
    #expect(!svg.contains("font-size=\"10\"") && !svg.contains("font-size=\"11\""))
    #expect(svg.contains("id=\"frame-caption\"") && !svg.contains("id=\"frame-legend\""))
  }

  /// A 2 m square on the floor (camera space) from 3 m in front to 1 m behind: the near plane
  /// (0.001 m + 0.1 mm) cuts the two sides, keeping the front edge.
  @Test func polygonsAreClippedAtTheNearPlane() {
    let square: [SIMD3<Float>] = [
      SIMD3(-1, -1, -3), SIMD3(1, -1, -3), SIMD3(1, -1, 1), SIMD3(-1, -1, 1),
    ]
    let clipped = FrameRenderer.clipped(square, nearDistanceMeters: 0.001)
    #expect(clipped.count == 4)
    #expect(clipped[0] == SIMD3(-1, -1, -3))
    #expect(clipped[1] == SIMD3(1, -1, -3))
    #expect(abs(clipped[2].z + 0.0011) < 1e-6 && clipped[2].x == 1)
    #expect(abs(clipped[3].z + 0.0011) < 1e-6 && clipped[3].x == -1)
    #expect(
      FrameRenderer.clipped(square.map { $0 + SIMD3(0, 0, 5) }, nearDistanceMeters: 0.001).isEmpty)
  }

  /// From the centre (200, 150) of a 400x300 viewport towards (2200, 150): the right edge grown
  /// by 14 points, x = 414.
  @Test func edgeArrowSitsOnTheGrownEdge() {
    let size = Size(width: 400, height: 300)
    let p = FrameRenderer.edgePoint(towards: Point(x: 2200, y: 150), viewportSize: size, outset: 14)
    #expect(p == Point(x: 414, y: 150))
    // Towards (200, -850): the top edge grown by 14, y = -14.
    let q = FrameRenderer.edgePoint(towards: Point(x: 200, y: -850), viewportSize: size, outset: 14)
    #expect(q == Point(x: 200, y: -14))
    #expect(
      FrameRenderer.edgePoint(towards: Point(x: 200, y: 150), viewportSize: size, outset: 14) == nil
    )
  }
}
