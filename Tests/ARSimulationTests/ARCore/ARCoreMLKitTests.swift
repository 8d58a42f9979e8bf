import ARSimulation
import SpatialMath
import Testing

@Suite("ML Kit boxes on ARCore")
struct ARCoreMLKitTests {
  static func frame(
    texture: Size, image: Size, display: (Int, Int), rotation: ARCore.SurfaceRotation = .rotation0
  ) throws -> ARCore.Frame {
    let t = try ARCore.CameraIntrinsics(
      focalLengthPixels: SIMD2(1500, 1500),
      principalPointPixels: SIMD2(texture.width / 2 - 0.5, texture.height / 2 - 0.5),
      imageDimensions: texture)
    let i = try t.sameSensorStream(dimensions: image, convention: .pixelCentersAtIntegers)
    let camera = try ARCore.Camera(pose: .identity, imageIntrinsics: i, textureIntrinsics: t)
    let geometry = try ARCore.DisplayGeometry(
      rotation: rotation, widthPixels: display.0, heightPixels: display.1)
    return try ARCore.Frame(timestampNanoseconds: 0, camera: camera, displayGeometry: geometry)
  }

  @Test("Upright rect back to the CPU image for each rotation, by hand (640x480 image)")
  func uprightToImage() throws {
    let size = Size(width: 640, height: 480)
    // Upright point (120, 230): 90° -> (y', H - x') = (230, 360); 180° -> (W - x', H - y') =
    // (520, 250); 270° -> (W - y', x') = (410, 120); 0° unchanged.
    let cases: [(Int, Point)] = [
      (0, Point(x: 120, y: 230)), (90, Point(x: 230, y: 360)), (180, Point(x: 520, y: 250)),
      (270, Point(x: 410, y: 120)),
    ]
    for (degrees, expected) in cases {
      let box = try ARCore.MLKitDetectedObject(
        left: 100, top: 200, right: 140, bottom: 260, rotationDegrees: degrees)
      let rect = box.imagePixelRect(imageSize: size)
      #expect(rect.center.isApproximatelyEqual(to: expected, tolerance: 1e-9), "\(degrees)°")
      // 90° and 270° swap the box's width and height.
      let swapped = degrees % 180 == 90
      #expect(rect.width == (swapped ? 60 : 40) && rect.height == (swapped ? 40 : 60))
    }
    #expect(throws: ARCoreError.notAQuarterTurn(degrees: 45)) {
      try ARCore.MLKitDetectedObject(left: 0, top: 0, right: 1, bottom: 1, rotationDegrees: 45)
    }
    #expect(throws: ARCoreError.boxNotValid(left: 5, top: 0, right: 1, bottom: 1)) {
      try ARCore.MLKitDetectedObject(left: 5, top: 0, right: 1, bottom: 1, rotationDegrees: 0)
    }
  }

  @Test("Portrait, view of the upright image's aspect: the view point is the upright pixel")
  func matchingAspect() throws {
    // Texture = image = 640x480, view 480x640 at ROTATION_0 (θ = 90°, no crop): the view shows
    // exactly the upright image, so the box centre (120, 230) is view pixel (120, 230):
    // raw (230, 360) -> normalized (0.359375, 0.75) -> view normalized (1 - 0.75, 0.359375).
    let frame = try Self.frame(
      texture: Size(width: 640, height: 480), image: Size(width: 640, height: 480),
      display: (480, 640))
    #expect(frame.uprightImageRotationDegrees == 90)
    let box = try ARCore.MLKitDetectedObject(
      left: 100, top: 200, right: 140, bottom: 260,
      rotationDegrees: frame.uprightImageRotationDegrees)
    #expect(
      frame.viewPoint(ofCenterOf: box).isApproximatelyEqual(
        to: Point(x: 120, y: 230), tolerance: 1e-9))
    #expect(
      frame.viewRect(of: box).isApproximatelyEqual(
        to: Rect(x: 100, y: 200, width: 40, height: 60), tolerance: 1e-9))
  }

  @Test("A 640x480 CPU image, 1920x1080 texture and a 1080x2340 portrait view, by hand")
  func croppedStreams() throws {
    let frame = try Self.frame(
      texture: Size(width: 1920, height: 1080), image: Size(width: 640, height: 480),
      display: (1080, 2340))
    // Upright centre (240, 320) -> raw (320, 240) -> texel (960, 540) -> the view's centre.
    let centre = try ARCore.MLKitDetectedObject(
      left: 220, top: 300, right: 260, bottom: 340, rotationDegrees: 90)
    #expect(
      frame.viewPoint(ofCenterOf: centre).isApproximatelyEqual(
        to: Point(x: 540, y: 1170), tolerance: 1e-9))
    // Upright (0, 0) -> raw (0, 480) -> texel (960 + 3·(0 - 320), 540 + 3·(480 - 240)) = (0, 1260)
    // -> normalized (0, 7/6) -> turned: xr = 1 - 7/6, yr = 0 -> fill kx = 1.21875:
    // x' = (xr - 0.5)·1.21875 + 0.5 = -0.3125 -> view (-337.5, 0): left of the view, cropped.
    let corner = try ARCore.MLKitDetectedObject(
      left: 0, top: 0, right: 0, bottom: 0, rotationDegrees: 90)
    #expect(
      frame.viewPoint(ofCenterOf: corner).isApproximatelyEqual(
        to: Point(x: -337.5, y: 0), tolerance: 1e-9))
  }

  @Test("A box to a hit: the floor under the box centre")
  func boxToHit() throws {
    // The hit-test frame (640x480 texture and image, 640x480 view at ROTATION_90: θ = 0, so the
    // upright image is the raw image and rotationDegrees is 0). Box centre (320, 440) looks along
    // (0, -0.4, -1) and meets the floor at (0, -1, -2.5).
    let frame = try ARCoreHitTestTests.frame(planes: [try ARCoreHitTestTests.floor()])
    #expect(frame.uprightImageRotationDegrees == 0)
    let box = try ARCore.MLKitDetectedObject(
      left: 300, top: 420, right: 340, bottom: 460, rotationDegrees: 0)
    let hit = try #require(frame.hitTest(box).first)
    #expect(hit.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, -1, -2.5), tolerance: 1e-5))
  }
}
