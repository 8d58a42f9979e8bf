import ARSimulation
import SpatialMath
import Testing

@Suite("Vision box trace")
struct VisionBoxTraceTests {
  @Test(
    "Full chain: Vision -> image -> viewport and back, every orientation x crop x interface",
    arguments: ImageOrientation.allCases, InterfaceOrientation.allCases)
  func fullChainRoundTrip(orientation: ImageOrientation, interface: InterfaceOrientation) throws {
    let image = Size(width: 1920, height: 1440)
    let viewport = try Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: interface)
    for crop in ImageCropAndScaleOption.allCases {
      let request = try VisionRequestSettings(
        orientation: orientation, cropAndScale: crop, modelInputSize: Size(width: 416, height: 416))
      let box = Rect(x: 0.3, y: 0.35, width: 0.1, height: 0.2)
      let trace = try VisionBoxTrace(
        visionBox: box, request: request, imageResolution: image, viewport: viewport)
      let display = try AffineTransform2D.displayTransform(
        imageResolution: image, orientation: interface, viewportSize: viewport.size)
      let imageBack = trace.viewportNormalized.applying(try #require(display.inverted()))
      let geometry = try VisionGeometry(settings: request, imageResolution: image)
      let visionBack = geometry.visionRect(forImageNormalizedRect: imageBack)
      #expect(visionBack.isApproximatelyEqual(to: box, tolerance: 1e-9), "\(crop)")
      // Viewport points are viewport normalized times the size; the centre is the rect's centre.
      #expect(
        trace.viewportPoints.isApproximatelyEqual(
          to: trace.viewportNormalized.scaled(x: 390, y: 844), tolerance: 1e-9))
      #expect(
        trace.center.viewportPoints.isApproximatelyEqual(
          to: trace.viewportPoints.center, tolerance: 1e-9))
      #expect(trace.ray == nil)
    }
  }

  @Test("With a camera, the ray goes through the box centre's image pixel")
  func rayThroughCentre() throws {
    let camera = try Camera(
      transform: .identity, intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    let request = try VisionRequestSettings(
      orientation: .right, cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416))
    let viewport = try Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
    let trace = try VisionBoxTrace(
      visionBox: Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2), request: request, camera: camera,
      viewport: viewport)
    // The box is centred in the model, so its centre is the image centre (960, 720) in continuous
    // pixels, which is ARKit's principal point (959.5, 719.5) + 0.5: the optical axis (0, 0, -1).
    #expect(
      trace.center.imagePixels.isApproximatelyEqual(to: Point(x: 960, y: 720), tolerance: 1e-9))
    let ray = try #require(trace.ray)
    let expected = SIMD3<Float>(0, 0, -1)
    #expect(ray.direction.isApproximatelyEqual(to: expected, tolerance: 1e-7))
    // Portrait .right centerCrop: Vision y 0.4...0.6 becomes oriented y 0.125 + 0.75*(0.4...0.6).
    #expect(
      trace.orientedImageNormalized.isApproximatelyEqual(
        to: Rect(x: 0.4, y: 0.425, width: 0.2, height: 0.15), tolerance: 1e-12))
  }

  @Test("A box with negative size or NaN is refused")
  func invalidBoxes() throws {
    let request = try VisionRequestSettings(
      orientation: .up, cropAndScale: .scaleFill, modelInputSize: Size(width: 10, height: 10))
    let viewport = try Viewport(
      size: Size(width: 100, height: 100), interfaceOrientation: .portrait)
    for box in [
      Rect(x: 0, y: 0, width: -0.1, height: 0.2), Rect(x: .nan, y: 0, width: 0.1, height: 0.1),
    ] {
      #expect(throws: VisionGeometryError.self) {
        try VisionBoxTrace(
          visionBox: box, request: request, imageResolution: Size(width: 10, height: 10),
          viewport: viewport)
      }
    }
  }
}
