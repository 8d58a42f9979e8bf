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
    #expect(svg.contains("hazard 0.9</text>"))
    #expect(svg.contains("<circle cx=\"200\" cy=\"112.5\" r=\"3\" class=\"ray-hit\""))
    // scaleFill on the whole image: the model saw all of it, which is the whole viewport.
    #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"400\" height=\"300\" id=\"model-region\""))
    // The viewport group is offset by the margin.
    #expect(svg.contains("id=\"viewport\" transform=\"translate(40,40)\""))
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
    #expect(svg.contains("<circle cx=\"200\" cy=\"150\" r=\"9\" class=\"marker marker-confirmed\""))
    #expect(RenderTestSupport.count("class=\"marker ", in: svg) == 1)
    // x = 200 + 400 * 10 / 2 = 2200 is off screen: an edge arrow, not a circle.
    #expect(RenderTestSupport.count("class=\"marker-arrow marker-coasting\"", in: svg) == 1)
    // Behind the camera: no circle or arrow, only the legend line.
    #expect(!svg.contains("marker-tentative"))
    #expect(svg.contains("#7 hazard (tentative)"))
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
