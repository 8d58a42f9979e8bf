import ARSimulation
import SpatialMath
import Testing

@Suite("ARCore camera and intrinsics")
struct ARCoreCameraTests {
  static func intrinsics(
    f: Double, c: (Double, Double), size: (Double, Double)
  ) throws -> ARCore.CameraIntrinsics {
    try ARCore.CameraIntrinsics(
      focalLengthPixels: SIMD2(f, f), principalPointPixels: SIMD2(c.0, c.1),
      imageDimensions: Size(width: size.0, height: size.1))
  }

  @Test("Image rotation from SENSOR_ORIENTATION and the display rotation")
  func imageRotation() throws {
    let k = try Self.intrinsics(f: 500, c: (319.5, 239.5), size: (640, 480))
    let camera = try ARCore.Camera(pose: .identity, imageIntrinsics: k, textureIntrinsics: k)
    // (90 - rotation) mod 360: ROTATION_0 -> 90°, ROTATION_90 -> 0°, ROTATION_180 -> 270°,
    // ROTATION_270 -> 180°.
    #expect(
      ARCore.SurfaceRotation.allCases.map { camera.uprightRotationDegrees(for: $0) } == [
        90, 0, 270, 180,
      ])
    let other = try ARCore.Camera(
      pose: .identity, imageIntrinsics: k, textureIntrinsics: k, sensorOrientationDegrees: 270)
    #expect(other.uprightRotationDegrees(for: .rotation0) == 270)
    #expect(throws: ARCoreError.notAQuarterTurn(degrees: 45)) {
      try ARCore.Camera(
        pose: .identity, imageIntrinsics: k, textureIntrinsics: k, sensorOrientationDegrees: 45)
    }
  }

  @Test("Display-oriented pose of a portrait phone: display +x is camera +y, display +y camera -x")
  func displayOrientedPose() throws {
    let k = try Self.intrinsics(f: 500, c: (319.5, 239.5), size: (640, 480))
    let camera = try ARCore.Camera(pose: .identity, imageIntrinsics: k, textureIntrinsics: k)
    let pose = camera.displayOrientedPose(for: .rotation0)
    #expect(pose.xAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
    #expect(pose.yAxis.isApproximatelyEqual(to: SIMD3(-1, 0, 0), tolerance: 1e-6))
    #expect(pose.zAxis.isApproximatelyEqual(to: SIMD3(0, 0, 1), tolerance: 1e-6))
    // ROTATION_90 needs no turn: the virtual camera is the physical one.
    let landscape = camera.displayOrientedPose(for: .rotation90)
    #expect(landscape.xAxis.isApproximatelyEqual(to: SIMD3(1, 0, 0), tolerance: 1e-6))
    #expect(landscape.yAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
  }

  @Test("sameSensorStream: 1920x1080 texture to 640x480 image of a 4:3 sensor, by hand")
  func sameSensorStream() throws {
    // Continuous principal point (969.5 + 0.5, 539.5 + 0.5) = (970, 540); ratio 480/1440 = 1/3:
    // fx = 1500/3 = 500; cx' = 320 + (970 - 960)/3 = 323.333; cy' = 240 + (540 - 540)/3 = 240;
    // back to ARCore's numbers by - 0.5.
    let texture = try Self.intrinsics(f: 1500, c: (969.5, 539.5), size: (1920, 1080))
    let image = try texture.sameSensorStream(
      dimensions: Size(width: 640, height: 480), convention: .pixelCentersAtIntegers)
    #expect(image.focalLengthPixels == SIMD2(500, 500))
    #expect(abs(image.principalPointPixels.x - (320 + 10.0 / 3 - 0.5)) < 1e-9)
    #expect(abs(image.principalPointPixels.y - 239.5) < 1e-9)
    // A 4:3 texture of a 16:9 sensor spans its height; a 1:1 image too: ratio 480/1080.
    let square = try Self.intrinsics(f: 1000, c: (960, 540), size: (1920, 1080)).sameSensorStream(
      dimensions: Size(width: 480, height: 480), sensorAspectRatio: 16.0 / 9,
      convention: .continuous)
    #expect(abs(square.focalLengthPixels.x - 1000 * 480 / 1080) < 1e-9)
    #expect(abs(square.principalPointPixels.x - 240) < 1e-9)
  }

  @Test("Explicit intrinsics relate IMAGE_PIXELS and TEXTURE_TEXELS through the rays")
  func explicitIntrinsics() throws {
    // Texture: f 1500, continuous principal point (960, 540). Image: f 500, continuous principal
    // point (331, 241) (ARCore's numbers + 0.5). u_t = 960 + 3 (u_i - 331), v_t = 540 + 3 (v_i - 241).
    let texture = try Self.intrinsics(f: 1500, c: (959.5, 539.5), size: (1920, 1080))
    let image = try Self.intrinsics(f: 500, c: (330.5, 240.5), size: (640, 480))
    let camera = try ARCore.Camera(
      pose: .identity, imageIntrinsics: image, textureIntrinsics: texture)
    let geometry = try ARCore.DisplayGeometry(
      rotation: .rotation90, widthPixels: 1920, heightPixels: 1080)
    let m = try ARCore.CoordinateMapping(camera: camera, displayGeometry: geometry)
    let texels = m.transformCoordinates2d(
      from: .imagePixels, [Point(x: 331, y: 241), Point(x: 0, y: 0)], to: .textureTexels)
    #expect(texels[0].isApproximatelyEqual(to: Point(x: 960, y: 540), tolerance: 1e-9))
    #expect(texels[1].isApproximatelyEqual(to: Point(x: -33, y: -183), tolerance: 1e-9))
    // With the principal points read as continuous, the same numbers move by half a pixel:
    // u_t = 959.5 + 3 (u_i - 330.5): pixel (331, 241) -> (961, 541).
    let continuous = try ARCore.Camera(
      pose: .identity, imageIntrinsics: image, textureIntrinsics: texture,
      principalPointConvention: .continuous)
    let m2 = try ARCore.CoordinateMapping(camera: continuous, displayGeometry: geometry)
    #expect(
      m2.transformCoordinates2d(from: .imagePixels, [Point(x: 331, y: 241)], to: .textureTexels)[0]
        .isApproximatelyEqual(to: Point(x: 961, y: 541), tolerance: 1e-9))
  }

  @Test("projectionMatrix: OpenGL depth, by hand for a view the texture fills exactly")
  func projectionMatrix() throws {
    // 640x480 texture, f = 500, continuous principal point (320, 240); ROTATION_90 on a 640x480
    // view: identity display map. [0] = 2·500/640, [5] = 2·500/480, [8] = 1 - 2·320/640 = 0,
    // [9] = 2·240/480 - 1 = 0, [10] = (f + n)/(n - f), [11] = -1, [14] = 2fn/(n - f).
    let k = try Self.intrinsics(f: 500, c: (319.5, 239.5), size: (640, 480))
    let camera = try ARCore.Camera(pose: .identity, imageIntrinsics: k, textureIntrinsics: k)
    let geometry = try ARCore.DisplayGeometry(
      rotation: .rotation90, widthPixels: 640, heightPixels: 480)
    let frame = try ARCore.Frame(timestampNanoseconds: 0, camera: camera, displayGeometry: geometry)
    let m = try #require(frame.projectionMatrix(near: 0.1, far: 100))
    let expected: [Float] = [
      1.5625, 0, 0, 0, 0, 1000.0 / 480, 0, 0, 0, 0, -100.1 / 99.9, -1, 0, 0, -20 / 99.9, 0,
    ]
    for (i, (value, want)) in zip(m.columnMajor, expected).enumerated() {
      #expect(abs(value - want) < 1e-6, "element [\(i)]")
    }
    // Depth -1 at near, +1 at far.
    for (z, want) in [(Float(-0.1), Float(-1)), (-100, 1)] {
      let clip = m * SIMD4(0, 0, z, 1)
      #expect(abs(clip.z / clip.w - want) < 1e-4)
    }
    #expect(frame.projectionMatrix(near: 1, far: 1) == nil)
  }

  @Test(
    "projectionMatrix * viewMatrix lands where transformCoordinates2d puts the texel",
    arguments: ARCore.SurfaceRotation.allCases)
  func projectionAgreesWithTransform(rotation: ARCore.SurfaceRotation) throws {
    let texture = try Self.intrinsics(f: 1500, c: (949.5, 549.5), size: (1920, 1080))
    let image = try texture.sameSensorStream(
      dimensions: Size(width: 640, height: 480), convention: .pixelCentersAtIntegers)
    let pose = ARCore.Pose(
      translation: SIMD3(0.3, 1.2, -0.5),
      rotation: Quaternion(angle: .degrees(35), axis: SIMD3(0.2, 1, 0.1)))
    let camera = try ARCore.Camera(pose: pose, imageIntrinsics: image, textureIntrinsics: texture)
    let portrait = rotation == .rotation0 || rotation == .rotation180
    let geometry = try ARCore.DisplayGeometry(
      rotation: rotation, widthPixels: portrait ? 1080 : 2340,
      heightPixels: portrait ? 2340 : 1080)
    let frame = try ARCore.Frame(timestampNanoseconds: 0, camera: camera, displayGeometry: geometry)
    let projection = try #require(frame.projectionMatrix(near: 0.05, far: 50))
    let seed: UInt64 = 5
    var g = SplitMix64(seed: seed)
    for _ in 0..<20 {
      let local = SIMD3<Float>(
        Float(g.uniform(-0.5...0.5)), Float(g.uniform(-0.5...0.5)), -Float(g.uniform(0.5...3)))
      let world = pose.transformPoint(local)
      let texel = try #require(camera.textureTexel(forWorldPoint: world))
      let ndc = frame.transformCoordinates2d(
        from: .textureTexels, [texel], to: .openGLNormalizedDeviceCoordinates)[0]
      let clip = projection * frame.viewMatrix * SIMD4(world, 1)
      #expect(abs(Double(clip.x / clip.w) - ndc.x) < 1e-4, "seed \(seed)")
      #expect(abs(Double(clip.y / clip.w) - ndc.y) < 1e-4, "seed \(seed)")
    }
  }
}
