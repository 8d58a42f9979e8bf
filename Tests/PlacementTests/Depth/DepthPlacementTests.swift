import ARSimulation
import SpatialMath
import Testing

@testable import Placement

/// Placement by depth on hand-made maps: the unprojection against the pinhole ray scaled to the
/// z-depth, the confidence filter and the median window.
@Suite struct DepthPlacementTests {
  static let camera = try! Camera(
    worldFromCamera: RigidTransform(rotation: .identity, translation: SIMD3(0.5, 1, 0)),
    intrinsics: try! CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
    imageResolution: Size(width: 1920, height: 1440))

  static func data(_ depth: [Float], _ confidence: [DepthConfidence], width: Int = 256)
    throws -> DepthData
  {
    try DepthData(
      depthMap: DepthMap(width: width, height: depth.count / width, depthMeters: depth),
      confidenceMap: confidence)
  }

  @Test func unprojectsAlongThePixelRayToTheZDepth() throws {
    let n = 256 * 192
    let depth = try Self.data(
      [Float](repeating: 2, count: n), [DepthConfidence](repeating: .high, count: n))
    let point = Point(x: 0.3, y: 0.6)
    let world = try #require(
      DepthPlacement().worldPoint(forImageNormalizedPoint: point, depth: depth, camera: Self.camera)
    )
    // Image pixel (576, 864) continuous; principal point (960, 720); z-depth 2 along -z.
    let expected = SIMD3<Float>(
      0.5 + Float((576.0 - 960) / 1445 * 2), 1 + Float(-(864.0 - 720) / 1445 * 2), -2)
    #expect((world - expected).length < 1e-5)
  }

  @Test func ignoresLowConfidenceAndTakesTheMedian() throws {
    // A 5 x 5 map: the centre window holds 1.0 (low), then 2.0, 3.0, 4.0 (high) and no returns.
    var depth = [Float](repeating: 0, count: 25)
    var confidence = [DepthConfidence](repeating: .low, count: 25)
    depth[12] = 1
    for (i, z) in [(6, Float(2)), (7, 3), (8, 4)] {
      depth[i] = z
      confidence[i] = .high
    }
    let data = try Self.data(depth, confidence, width: 5)
    let centre = Point(x: 0.5, y: 0.5)
    #expect(
      DepthPlacement(windowRadius: 1).depthMeters(atImageNormalized: centre, depth: data) == 3)
    #expect(
      DepthPlacement(windowRadius: 1, minimumConfidence: .low)
        .depthMeters(atImageNormalized: centre, depth: data) == 2.5)
    #expect(
      DepthPlacement(windowRadius: 0).depthMeters(atImageNormalized: centre, depth: data) == nil)
    #expect(
      DepthPlacement().depthMeters(atImageNormalized: Point(x: 1.5, y: 0), depth: data) == nil)
  }

  @Test func viewportPointsGoThroughTheInverseDisplayTransform() throws {
    let n = 256 * 192
    let depth = try Self.data(
      [Float](repeating: 1, count: n), [DepthConfidence](repeating: .high, count: n))
    // Portrait: viewport (x, y) = (1 - image y, image x).
    let display = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
    let image = Point(x: 0.25, y: 0.75)
    let viewport = image.applying(display)
    let placement = DepthPlacement()
    let viaViewport = placement.worldPoint(
      forViewportNormalizedPoint: viewport, displayTransform: display, depth: depth,
      camera: Self.camera)
    let direct = placement.worldPoint(
      forImageNormalizedPoint: image, depth: depth, camera: Self.camera)
    #expect(viaViewport != nil && (viaViewport! - direct!).length < 1e-5)
  }
}
