import ARSimulation
import Foundation
import Placement
import SceneFormat
import SpatialMath
import Testing

@testable import SceneReplay

/// The frame picture's optional layers: the depth map (placement through the display
/// transform, colours, scale) and the truth meshes' wireframe, with hand-worked geometry.
@Suite("FrameRenderer layers")
struct FrameRendererLayersTests {
  /// A 400x300 image with fx = fy = 400 and ARKit principal point (239.5, 89.5), so the
  /// principal point is (240, 90) in continuous pixels, image normalized (0.6, 0.3); shown in a
  /// 300x400 portrait viewport. Rotated image 300 x 400, aspect fill s = max(300/300, 400/400)
  /// = 1, kx = ky = 1; portrait rotates (x, y) -> (1 - y, x): (0.6, 0.3) -> (0.7, 0.6), viewport
  /// points (210, 240). As an affine transform times the viewport size: x' = 300 - 300 y,
  /// y' = 400 x, i.e. a = 0, b = 400, c = -300, d = 0, tx = 300, ty = 0.
  static func portraitCamera() throws -> Camera {
    try Camera(
      transform: .identity, intrinsics: CameraIntrinsics(fx: 400, fy: 400, ox: 239.5, oy: 89.5),
      imageResolution: Size(width: 400, height: 300))
  }

  static let portrait = try! Viewport(
    size: Size(width: 300, height: 400), interfaceOrientation: .portrait)

  /// A 40 x 30 depth map (s = t = 400 / 40 = 10 image pixels per depth pixel): row 0 without a
  /// return, 2 m at depth pixel (24, 9) (the one whose top-left corner is the principal point
  /// (240, 90)), 1 m elsewhere.
  static func depth() throws -> DepthData {
    var values = [Float](repeating: 1, count: 40 * 30)
    for c in 0..<40 { values[c] = 0 }
    values[9 * 40 + 24] = 2
    return try DepthData(
      depthMap: DepthMap(width: 40, height: 30, depthMeters: values),
      confidenceMap: values.map { $0 > 0 ? .high : .low })
  }

  static func snapshot(
    camera: Camera, viewport: Viewport, depth: DepthData? = nil,
    surfaces: [RecordingTruthSurface] = []
  ) throws -> FrameSnapshot {
    FrameSnapshot(
      frameIndex: 4, timestampSeconds: 0.25, camera: camera, viewport: viewport,
      request: try RenderTestSupport.request(), world: FrameWorld(), placements: [],
      markers: [], sceneDepth: depth, truthSurfaces: surfaces)
  }

  /// The PNG of the depth layer, decoded from the picture's data URI.
  static func depthPNG(in svg: String) throws -> PNGTestReader {
    let line = try #require(svg.split(separator: "\n").first { $0.contains("id=\"frame-depth\"") })
    let prefix = "data:image/png;base64,"
    let start = try #require(line.range(of: prefix)).upperBound
    let end = try #require(line[start...].firstIndex(of: "\""))
    let data = try #require(Data(base64Encoded: String(line[start..<end])))
    return try PNGTestReader([UInt8](data))
  }

  @Test func aDepthPixelLandsWhereTheDisplayTransformPutsItsImagePoint() throws {
    let camera = try Self.portraitCamera()
    let toUnits = camera.displayTransform(for: Self.portrait)
      .concatenating(AffineTransform2D(scaleX: 300, y: 400))
    let fromDepth = FrameRenderer.imageNormalizedFromDepthPixel(width: 40, height: 30)
      .concatenating(toUnits)
    // The corner (24, 9) is image pixel (240, 90), the principal point: viewport (210, 240).
    let corner = Point(x: 24, y: 9).applying(fromDepth)
    #expect(abs(corner.x - 210) < 1e-9 && abs(corner.y - 240) < 1e-9)
    // Its centre (24.5, 9.5) is image pixel (245, 95) = normalized (0.6125, 0.31667): viewport
    // (300 (1 - 0.31667), 400 x 0.6125) = (205, 245).
    let center = Point(x: 24.5, y: 9.5).applying(fromDepth)
    #expect(abs(center.x - 205) < 1e-9 && abs(center.y - 245) < 1e-9)
    // A point on the optical axis projects to the principal point: the same viewport point.
    let axis = try #require(
      camera.projectPoint(
        SIMD3(0, 0, -1.5), orientation: .portrait, viewportSize: Self.portrait.size))
    #expect(abs(axis.x - 210) < 1e-4 && abs(axis.y - 240) < 1e-4)
    // The picture places the unit square of the image by that transform.
    var renderer = FrameRenderer()
    renderer.depthLayer = .sceneDepth
    let svg = renderer.document(
      for: try Self.snapshot(camera: camera, viewport: Self.portrait, depth: Self.depth())
    ).markup
    #expect(RenderTestSupport.isWellFormedXML(svg))
    #expect(svg.contains("x=\"0\" y=\"0\" width=\"1\" height=\"1\" preserveAspectRatio=\"none\""))
    #expect(svg.contains("transform=\"matrix(0 400 -300 0 300 0)\""))
  }

  /// Returns from 1 to 2 m: about 4 intervals of at least 0.25 m round to a 0.5 m step, so the
  /// scale runs 1.0, 1.5, 2.0. 1 m is palette index 1 (the ramp's start, 0x440154), 2 m index
  /// 255 (its end, 0xfde725), no return index 0, transparent.
  @Test func depthsArePaletteIndicesOnTheScale() throws {
    var renderer = FrameRenderer()
    renderer.depthLayer = .sceneDepth
    let svg = renderer.document(
      for: try Self.snapshot(
        camera: try Self.portraitCamera(), viewport: Self.portrait, depth: Self.depth())
    ).markup
    let png = try Self.depthPNG(in: svg)
    #expect(png.width == 40 && png.height == 30 && png.colorType == 3)
    #expect(png.pixels[0] == 0 && png.pixels[39] == 0)
    #expect(png.pixels[40] == 1 && png.pixels[9 * 40 + 24] == 255)
    #expect(png.palette.count == 256 && png.alpha.first == 0)
    #expect(png.alpha.dropFirst().allSatisfy { $0 == 255 })
    #expect(png.palette[1] == [0x44, 0x01, 0x54] && png.palette[255] == [0xFD, 0xE7, 0x25])
    let map = try Self.depth().depthMap
    let scale = try #require(FrameRenderer.depthScale(of: map))
    #expect(scale.lower == 1 && scale.upper == 2 && scale.step == 0.5)
  }

  /// The legend column starts at x = 64 + 300 + 64 = 428; the bar at 428 + 14 = 442, 240 wide:
  /// ticks 1.0, 1.5, 2.0 at x = 442, 562, 682. 40 of the 1,200 pixels have no return: 3.3 %.
  @Test func theLegendShowsTheScaleInMetres() throws {
    var renderer = FrameRenderer()
    renderer.depthLayer = .sceneDepth
    let svg = renderer.document(
      for: try Self.snapshot(
        camera: try Self.portraitCamera(), viewport: Self.portrait, depth: Self.depth())
    ).markup
    #expect(svg.contains(">sceneDepth 40x30, z-depth (m):</text>"))
    #expect(svg.contains(">no return: not coloured (3.3 % of pixels)</text>"))
    for (x, label) in [("442", "1.0"), ("562", "1.5"), ("682", "2.0")] {
      let line = svg.split(separator: "\n").first { $0.hasSuffix(">\(label)</text>") }
      #expect(line?.hasPrefix("<text x=\"\(x)\"") == true, "tick \(label): \(line ?? "none")")
    }
    #expect(svg.contains("<stop offset=\"0%\" stop-color=\"#440154\"/>"))
    #expect(svg.contains("<stop offset=\"12.5%\" stop-color=\"#472d7b\"/>"))
    #expect(svg.contains("<stop offset=\"100%\" stop-color=\"#fde725\"/>"))
    #expect(svg.contains("id=\"frame-depth-scale\" fill=\"url(#frame-depth-ramp)\""))
  }

  /// Without the chosen map (the smoothed one here) or without the layer, nothing is drawn.
  @Test func noMapNoLayer() throws {
    let frame = try Self.snapshot(
      camera: try Self.portraitCamera(), viewport: Self.portrait, depth: Self.depth())
    var renderer = FrameRenderer()
    #expect(!renderer.document(for: frame).markup.contains("frame-depth"))
    renderer.depthLayer = .smoothedSceneDepth
    #expect(!renderer.document(for: frame).markup.contains("frame-depth"))
  }

  /// With RenderTestSupport's camera (identity pose, fx = fy = 400, principal point (200, 150),
  /// identity display on a 400x300 viewport): u = 200 + 400 x / 2, v = 150 - 400 y / 2 at
  /// z = -2, so (0, 0, -2), (0.5, 0, -2), (0, 0.5, -2) land on (200, 150), (300, 150),
  /// (200, 50). A triangle behind the camera (z = +1) draws nothing.
  @Test func wireframeVerticesProjectByThePinholeModel() throws {
    let triangle = RecordingTruthSurface(
      identifier: "tri", vertices: [SIMD3(0, 0, -2), SIMD3(0.5, 0, -2), SIMD3(0, 0.5, -2)],
      indices: [0, 1, 2])
    let behind = RecordingTruthSurface(
      identifier: "behind", vertices: [SIMD3(0, 0, 1), SIMD3(0.5, 0, 1), SIMD3(0, 0.5, 1)],
      indices: [0, 1, 2])
    let frame = try Self.snapshot(
      camera: try RenderTestSupport.camera(), viewport: RenderTestSupport.viewport,
      surfaces: [triangle, behind])
    var renderer = FrameRenderer()
    #expect(!renderer.document(for: frame).markup.contains("wireframe"))
    renderer.drawsWireframe = true
    let svg = renderer.document(for: frame).markup
    #expect(RenderTestSupport.isWellFormedXML(svg))
    #expect(svg.contains("<path d=\"M200 150L300 150M300 150L200 50M200 150L200 50\""))
    #expect(RenderTestSupport.count("class=\"wireframe\"", in: svg) == 1)
    #expect(svg.contains(">truth mesh edges (2 surfaces)</text>"))
  }

  /// From (0.5, 0, -2) (pixel (300, 150)) to (0.5, 0, 2) behind the camera: the part in front of
  /// the near plane runs from (300, 150) out to the right without bound, so the drawn part is
  /// (300, 150) to the viewport's right edge (400, 150). Entirely behind: nothing.
  @Test func edgesAreCutAtTheNearPlaneAndClippedToTheViewport() throws {
    let camera = try RenderTestSupport.camera()
    let rect = Rect(x: 0, y: 0, width: 400, height: 300)
    let segment = try #require(
      FrameRenderer.projectedSegment(
        SIMD3(0.5, 0, -2), SIMD3(0.5, 0, 2), camera: camera,
        toUnits: AffineTransform2D(scaleX: 400, y: 300), viewportRect: rect))
    #expect(abs(segment.0.x - 300) < 1e-3 && abs(segment.0.y - 150) < 1e-3)
    #expect(abs(segment.1.x - 400) < 1e-9 && abs(segment.1.y - 150) < 1e-3)
    #expect(
      FrameRenderer.projectedSegment(
        SIMD3(0.5, 0, 1), SIMD3(0.5, 0, 2), camera: camera,
        toUnits: AffineTransform2D(scaleX: 400, y: 300), viewportRect: rect) == nil)
  }

  /// A quad of two triangles sharing the diagonal 0-2 has five edges; a triangle with an index
  /// out of range is left out.
  @Test func sharedEdgesAreListedOnce() {
    let quad = RecordingTruthSurface(
      identifier: "quad",
      vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 1, 0), SIMD3(0, 1, 0)],
      indices: [0, 1, 2, 0, 2, 3, 1, 2, 9])
    let edges = FrameRenderer.edges(of: quad).map { [$0.0, $0.1] }
    #expect(edges == [[0, 1], [1, 2], [0, 2], [2, 3], [0, 3]])
  }

  /// The layers a picture asks for, checked against the captured frame: the dashboard scenario
  /// has neither depth nor truth surfaces.
  @Test func missingLayersAreErrorsNamingTheFrame() throws {
    let capture = try ReplayPicturesTests.capture(frame: 12)
    var renderer = FrameRenderer()
    try renderer.requireLayers(in: capture)
    renderer.depthLayer = .sceneDepth
    #expect(
      throws: FrameLayerError.noDepth(frameIndex: 12, layer: .sceneDepth, framesWithDepth: [])
    ) {
      try renderer.requireLayers(in: capture)
    }
    renderer.depthLayer = nil
    renderer.drawsWireframe = true
    #expect(throws: FrameLayerError.noTruthSurfaces) { try renderer.requireLayers(in: capture) }
  }

  @Test func theErrorListsTheFramesWithDepth() {
    let some = FrameLayerError.noDepth(
      frameIndex: 149, layer: .sceneDepth, framesWithDepth: [0, 15, 30, 45])
    #expect(
      some.description == "frame 149 has no sceneDepth; frames with sceneDepth: 0, 15, 30, 45")
    let many = FrameLayerError.noDepth(
      frameIndex: 1, layer: .smoothedSceneDepth,
      framesWithDepth: Array(stride(from: 0, to: 40, by: 2)))
    #expect(
      many.description
        == "frame 1 has no smoothedSceneDepth; frames with smoothedSceneDepth: 0, 2, 4, 6, 8, 10, "
        + "12, 14, 16, 18, 20, 22 and 8 more")
    let none = FrameLayerError.noDepth(frameIndex: 3, layer: .sceneDepth, framesWithDepth: [])
    #expect(
      none.description.hasPrefix("frame 3 has no sceneDepth, and no frame of the recording has"))
  }
}
