import ARSimulation
import SpatialMath
import Testing

/// ARKit's principal point `(ox, oy)` counts pixel centres at integers (OpenCV's convention); the
/// package's image pixels are continuous (pixel `(i, j)` covers `[i, i+1) x [j, j+1)`), so the
/// principal point sits at `(ox + 0.5, oy + 0.5)` and
/// `u = ox + 0.5 + fx·x/(−z)`, `v = oy + 0.5 − fy·y/(−z)`. Every expected value below is worked by
/// hand from that formula, with an off-centre principal point so that a missing or doubled half
/// pixel shows.
@Suite("Principal point (continuous pixels)")
struct PrincipalPointTests {
  /// fx = 1000, fy = 800, ARKit principal point (100, 50) on a 640x480 image.
  static let intrinsics = try! CameraIntrinsics(fx: 1000, fy: 800, ox: 100, oy: 50)
  static let resolution = Size(width: 640, height: 480)

  static func camera(distortion: LensDistortion? = nil) throws -> Camera {
    try Camera(
      worldFromCamera: .identity, intrinsics: intrinsics, imageResolution: resolution,
      distortion: distortion)
  }

  @Test("The principal point in continuous pixels is (ox + 0.5, oy + 0.5)")
  func continuousPrincipalPoint() {
    #expect(Self.intrinsics.principalPointContinuousPixels == Point(x: 100.5, y: 50.5))
    // The matrix keeps ARKit's numbers: column 2 is (ox, oy, 1).
    #expect(Self.intrinsics.matrix.columns.2 == SIMD3(100, 50, 1))
  }

  @Test("Projection by hand: (0.1, 0.2, -2) -> (150.5, -29.5)")
  func projectionByHand() throws {
    let camera = try Self.camera()
    // u = 100 + 0.5 + 1000·0.1/2 = 150.5; v = 50 + 0.5 − 800·0.2/2 = −29.5 (above the image).
    let pixel = try #require(camera.projectToImagePixels(SIMD3(0.1, 0.2, -2)))
    #expect(pixel.isApproximatelyEqual(to: Point(x: 150.5, y: -29.5), tolerance: 1e-4))
    // A point on the optical axis lands on the principal point, the centre of pixel (100, 50).
    let axis = try #require(camera.projectToImagePixels(SIMD3(0, 0, -3)))
    #expect(axis == Point(x: 100.5, y: 50.5))
    // OpenCV's pixel coordinates of the same point: (150.5 − 0.5, −29.5 − 0.5) = (150, −30),
    // which is its own formula ox + fx·x/(−z) = 100 + 50, oy − fy·y/(−z) = 50 − 80.
    #expect(
      Point(x: pixel.x - 0.5, y: pixel.y - 0.5).isApproximatelyEqual(
        to: Point(x: 150, y: -30), tolerance: 1e-4))
  }

  @Test("Normalized image plane by hand, both ways")
  func normalizedImagePlane() {
    // ((150.5 − 100.5)/1000, (−29.5 − 50.5)/800) = (0.05, −0.1).
    let n = Self.intrinsics.normalizedImagePlane(forImagePixel: Point(x: 150.5, y: -29.5))
    #expect(abs(n.x - 0.05) < 1e-15 && abs(n.y + 0.1) < 1e-15)
    #expect(
      Self.intrinsics.imagePixel(forNormalizedImagePlane: SIMD2(0.05, -0.1))
        == Point(x: 150.5, y: -29.5))
  }

  @Test("The centre of pixel (ox, oy) looks along the optical axis; its neighbours one pixel off")
  func pixelCentreRays() throws {
    let camera = try Self.camera()
    // Pixel (100, 50) has centre (100.5, 50.5) = the principal point.
    let axis = try #require(camera.cameraDirection(forImagePixel: Point(x: 100.5, y: 50.5)))
    #expect(axis == SIMD3(0, 0, -1))
    // Pixel (101, 50), centre (101.5, 50.5): direction ∝ (1/1000, 0, −1).
    let right = try #require(camera.cameraDirection(forImagePixel: Point(x: 101.5, y: 50.5)))
    let expected = try #require(SIMD3<Float>(0.001, 0, -1).normalized())
    #expect(right.isApproximatelyEqual(to: expected, tolerance: 1e-7))
    // The corner (0, 0) of the image: ((0 − 100.5)/1000, −(0 − 50.5)/800, −1).
    let corner = try #require(camera.cameraDirection(forImagePixel: Point(x: 0, y: 0)))
    let cornerExpected = try #require(SIMD3<Float>(-0.1005, 0.063125, -1).normalized())
    #expect(corner.isApproximatelyEqual(to: cornerExpected, tolerance: 1e-7))
  }

  @Test("Distortion is centred on the principal point: hand value and its fixed point")
  func distortionAboutThePrincipalPoint() throws {
    let camera = try Self.camera(
      distortion: try LensDistortion(k1: 0.1, k2: 0, p1: 0, p2: 0, k3: 0))
    // (1, 0, −2): normalized (0.5, 0), r² = 0.25, radial 1.025, distorted x 0.5125:
    // u = 100.5 + 1000·0.5125 = 613, v = 50.5.
    let pixel = try #require(camera.projectToImagePixels(SIMD3(1, 0, -2)))
    #expect(pixel.isApproximatelyEqual(to: Point(x: 613, y: 50.5), tolerance: 1e-4))
    // The principal point does not move, and its ray is the axis.
    #expect(camera.projectToImagePixels(SIMD3(0, 0, -1)) == Point(x: 100.5, y: 50.5))
    #expect(camera.cameraDirection(forImagePixel: Point(x: 100.5, y: 50.5)) == SIMD3(0, 0, -1))
  }

  @Test(
    "projectionMatrix by hand (landscapeRight, viewport = image): column 2 holds the half pixel")
  func projectionMatrixByHand() throws {
    let camera = try Self.camera()
    // landscapeRight with the image's aspect: the display transform is the identity. With
    // clip.w = −z, NDC x = 2u/W − 1 for u = 100.5 + 1000·x/(−z), so
    //   m[0] = 2·1000/640 = 3.125,   m[8] = 1 − 2·100.5/640 = 0.6859375,
    //   m[5] = 2·800/480 = 3.333…,   m[9] = 2·50.5/480 − 1 = −0.7895833…,
    //   m[10] = far/(near − far) = −1.0101…, m[11] = −1, m[14] = far·near/(near − far) = −0.10101…
    let m = camera.projectionMatrix(
      for: .landscapeRight, viewportSize: Size(width: 640, height: 480), zNear: 0.1, zFar: 10)
    let expected: [Float] = [
      3.125, 0, 0, 0,
      0, 3.3333333, 0, 0,
      0.6859375, -0.7895833, -1.010101, -1,
      0, 0, -0.1010101, 0,
    ]
    for (index, (value, want)) in zip(m.columnMajor, expected).enumerated() {
      #expect(abs(value - want) < 1e-6, "element [\(index)]")
    }
    // The optical axis goes to NDC (2·100.5/640 − 1, 1 − 2·50.5/480): the principal point.
    let clip = m * SIMD4<Float>(0, 0, -2, 1)
    #expect(abs(clip.x / clip.w - (201 / 640 - 1)) < 1e-6)
    #expect(abs(clip.y / clip.w - (1 - 101 / 480)) < 1e-6)
  }

  @Test("unprojectPoint inverts projectPoint at an off-centre principal point (portrait)")
  func unprojectAtAnOffCentrePrincipalPoint() throws {
    let camera = try Self.camera()
    let viewport = Size(width: 390, height: 844)
    let world = SIMD3<Float>(0.05, -0.02, -1.5)
    let point = try #require(
      camera.projectPoint(world, orientation: .portrait, viewportSize: viewport))
    let wall = Matrix4x4(
      SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -1.5, 1))
    let back = try #require(
      camera.unprojectPoint(point, ontoPlane: wall, orientation: .portrait, viewportSize: viewport))
    #expect(back.isApproximatelyEqual(to: world, tolerance: 1e-5))
  }
}
