import ARSimulation
import Foundation
import SpatialMath
import Testing

@Suite("Camera")
struct CameraTests {
  /// ARKit's principal point counts pixel centres at integers: (959.5, 719.5) is the continuous
  /// point (960, 720), the centre of the 1920x1440 image.
  static let intrinsics = try! CameraIntrinsics(fx: 1000, fy: 1000, ox: 959.5, oy: 719.5)
  static let resolution = Size(width: 1920, height: 1440)

  func camera(_ pose: RigidTransform = .identity, distortion: LensDistortion? = nil) throws
    -> Camera
  {
    try Camera(
      worldFromCamera: pose, intrinsics: Self.intrinsics, imageResolution: Self.resolution,
      distortion: distortion)
  }

  func randomPose(_ g: inout SplitMix64) -> RigidTransform {
    let axis = SIMD3<Float>(
      Float.random(in: -1...1, using: &g), Float.random(in: -1...1, using: &g), 1)
    return RigidTransform(
      rotation: Quaternion(angle: .degrees(Double.random(in: -180...180, using: &g)), axis: axis),
      translation: SIMD3(
        Float.random(in: -2...2, using: &g), Float.random(in: -2...2, using: &g),
        Float.random(in: -2...2, using: &g)))
  }

  @Test("Pinhole projection by hand: (0.1, 0.2, -2) -> (1010, 620)")
  func handProjection() throws {
    let c = try camera()
    // u = 959.5 + 0.5 + 1000 * 0.1/2 = 1010; v = 719.5 + 0.5 - 1000 * 0.2/2 = 620 (camera +y is
    // image up).
    let p = try #require(c.projectToImagePixels(SIMD3(0.1, 0.2, -2)))
    #expect(p.isApproximatelyEqual(to: Point(x: 1010, y: 620), tolerance: 1e-4))
    #expect(c.projectToImagePixels(SIMD3(0, 0, 1)) == nil, "behind the camera")
    #expect(c.projectToImagePixels(SIMD3(0, 0, 0)) == nil, "at the optical centre")
    #expect(c.projectToImagePixels(SIMD3(.nan, 0, -1)) == nil)
  }

  @Test("A translated camera: the pose is worldFromCamera")
  func translatedCamera() throws {
    let c = try camera(RigidTransform(translation: SIMD3(1, 0, 0)))
    // The world point (1, 0, -1) is straight ahead of a camera at x = 1: the principal point,
    // (959.5 + 0.5, 719.5 + 0.5) in continuous pixels.
    let p = try #require(c.projectToImagePixels(SIMD3(1, 0, -1)))
    #expect(p.isApproximatelyEqual(to: Point(x: 960, y: 720), tolerance: 1e-4))
  }

  @Test("Unprojecting a projected point gives a ray through it (seeded random poses)")
  func projectUnproject() throws {
    let seed: UInt64 = 42
    var g = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let c = try camera(randomPose(&g))
      let cameraPoint = SIMD3<Float>(
        Float.random(in: -1...1, using: &g),
        Float.random(in: -1...1, using: &g), -Float.random(in: 0.3...5, using: &g))
      let world = c.worldFromCamera.transformPoint(cameraPoint)
      let pixel = try #require(c.projectToImagePixels(world))
      let ray = try #require(c.ray(throughImagePixel: pixel))
      let t = (world - ray.origin).dot(ray.direction)
      #expect(ray.point(at: t).distance(to: world) < 1e-4 * max(1, t), "seed \(seed)")
    }
  }

  @Test("Distortion: hand value and inverse")
  func distortion() throws {
    let d = try LensDistortion(k1: 0.1, k2: 0, p1: 0, p2: 0, k3: 0)
    // r² = 0.25, radial = 1.025: x_d = 0.5125.
    #expect(d.distort(SIMD2(0.5, 0)).x == 0.5125)
    let t = try LensDistortion(k1: -0.2, k2: 0.05, p1: 0.001, p2: -0.002, k3: 0.01)
    let seed: UInt64 = 7
    var g = SplitMix64(seed: seed)
    for _ in 0..<100 {
      let ideal = SIMD2(
        Double.random(in: -0.6...0.6, using: &g), Double.random(in: -0.5...0.5, using: &g))
      let back = try #require(t.undistort(t.distort(ideal)))
      #expect(abs(back.x - ideal.x) < 1e-9 && abs(back.y - ideal.y) < 1e-9, "seed \(seed)")
    }
    // With distortion the camera still round-trips a world point through its pixel.
    let c = try camera(distortion: t)
    let world = SIMD3<Float>(0.3, -0.2, -1.5)
    let pixel = try #require(c.projectToImagePixels(world))
    let undistortedPixel = try #require(try camera().projectToImagePixels(world))
    #expect(pixel.distance(to: undistortedPixel) > 1, "distortion moves the pixel")
    let ray = try #require(c.ray(throughImagePixel: pixel))
    let tAlong = (world - ray.origin).dot(ray.direction)
    #expect(ray.point(at: tAlong).distance(to: world) < 1e-4)
  }

  @Test("Invalid cameras are refused")
  func invalidCameras() {
    #expect(throws: CameraError.focalLengthNotPositive(fx: 0, fy: 1)) {
      try CameraIntrinsics(fx: 0, fy: 1, ox: 0, oy: 0)
    }
    #expect(throws: CameraError.self) { try CameraIntrinsics(fx: -5, fy: 1, ox: 0, oy: 0) }
    let scaled = Matrix4x4(diagonal: SIMD4(2, 2, 2, 1))
    #expect(throws: CameraError.transformNotRigid) {
      try Camera(transform: scaled, intrinsics: Self.intrinsics, imageResolution: Self.resolution)
    }
    var nan = Matrix4x4.identity
    nan.columns.3.x = .nan
    #expect(throws: CameraError.transformNotFinite) {
      try Camera(transform: nan, intrinsics: Self.intrinsics, imageResolution: Self.resolution)
    }
    #expect(throws: CameraError.imageResolutionNotPositive(Size(width: 0, height: 10))) {
      try Camera(
        transform: .identity, intrinsics: Self.intrinsics,
        imageResolution: Size(width: 0, height: 10))
    }
  }

  @Test(
    "projectPoint agrees with projectionMatrix * viewMatrix",
    arguments: InterfaceOrientation.allCases)
  func projectionMatrixConsistency(orientation: InterfaceOrientation) throws {
    let seed: UInt64 = 99
    var g = SplitMix64(seed: seed)
    let viewport = Size(width: 390, height: 844)
    for _ in 0..<50 {
      let c = try camera(randomPose(&g))
      let cameraPoint = SIMD3<Float>(
        Float.random(in: -0.5...0.5, using: &g),
        Float.random(in: -0.5...0.5, using: &g), -Float.random(in: 0.5...4, using: &g))
      let world = c.worldFromCamera.transformPoint(cameraPoint)
      let viewportPoint = try #require(
        c.projectPoint(world, orientation: orientation, viewportSize: viewport))
      let p = c.projectionMatrix(for: orientation, viewportSize: viewport, zNear: 0.01, zFar: 100)
      let clip = p * c.viewMatrix(for: orientation) * SIMD4(world, 1)
      let ndc = SIMD2(Double(clip.x / clip.w), Double(clip.y / clip.w))
      let expected = SIMD2(
        2 * viewportPoint.x / viewport.width - 1, 1 - 2 * viewportPoint.y / viewport.height)
      #expect(abs(ndc.x - expected.x) < 1e-4 && abs(ndc.y - expected.y) < 1e-4, "seed \(seed)")
      #expect(abs(clip.w - -cameraPoint.z) < 1e-4, "clip.w is the depth")
    }
    // Depth: 0 at zNear, 1 at zFar (Metal convention).
    let c = try camera()
    let p = c.projectionMatrix(for: orientation, viewportSize: viewport, zNear: 0.5, zFar: 10)
    // The Viewport overload gives the same matrix.
    let v = try Viewport(size: viewport, interfaceOrientation: orientation)
    #expect(c.projectionMatrix(for: v, zNear: 0.5, zFar: 10) == p)
    for (z, want) in [(Float(-0.5), Float(0)), (-10, 1)] {
      let clip = p * c.viewMatrix(for: orientation) * SIMD4(0, 0, z, 1)
      #expect(abs(clip.z / clip.w - want) < 1e-5)
    }
  }

  @Test("projectionMatrix, like ARKit's, is not optional: zNear >= zFar is a precondition failure")
  func projectionMatrixPrecondition() async {
    await #expect(processExitsWith: .failure) {
      let c = try Camera(
        transform: .identity,
        intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
        imageResolution: Size(width: 1920, height: 1440))
      _ = c.projectionMatrix(
        for: .portrait, viewportSize: Size(width: 390, height: 844), zNear: 1, zFar: 0.5)
    }
  }

  @Test("displayTransform(for:viewportSize:), like ARKit's, is not optional: a zero size traps")
  func displayTransformPrecondition() async {
    await #expect(processExitsWith: .failure) {
      let c = try Camera(
        transform: .identity,
        intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
        imageResolution: Size(width: 1920, height: 1440))
      _ = c.displayTransform(for: .portrait, viewportSize: Size(width: 0, height: 844))
    }
  }

  @Test("viewMatrix: portrait view +x is camera +y; landscapeRight is the inverse pose")
  func viewMatrix() throws {
    let c = try camera(RigidTransform(translation: SIMD3(0, 0, 1)))
    let landscape = c.viewMatrix(for: .landscapeRight)
    #expect(
      landscape.isApproximatelyEqual(to: try #require(c.transform.inverted()), tolerance: 1e-6))
    let portrait = c.viewMatrix(for: .portrait)
    // Camera +y (image up) runs to the right of a portrait screen; camera +x runs down it.
    let up = portrait.transformDirection(SIMD3(0, 1, 0))
    #expect(up.isApproximatelyEqual(to: SIMD3(1, 0, 0), tolerance: 1e-6))
    #expect(
      portrait.transformDirection(SIMD3(1, 0, 0)).isApproximatelyEqual(
        to: SIMD3(0, -1, 0), tolerance: 1e-6))
  }

  @Test("unprojectPoint: the viewport centre lands on a wall 2 m ahead")
  func unprojectOntoPlane() throws {
    let c = try camera()
    // A wall through (0, 0, -2) facing the camera: plane-local y = world +z.
    let wall = Matrix4x4(
      SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -2, 1))
    let viewport = Size(width: 390, height: 844)
    // The principal point (959.5 + 0.5, 719.5 + 0.5) is the image centre, and the display
    // transform keeps centres.
    let hit = try #require(
      c.unprojectPoint(
        Point(x: 195, y: 422), ontoPlane: wall,
        orientation: .portrait, viewportSize: viewport))
    #expect(hit.isApproximatelyEqual(to: SIMD3(0, 0, -2), tolerance: 1e-5))
    // A plane containing the camera's line of sight (the floor through the camera) is parallel.
    let floorThroughCamera = Matrix4x4.identity
    #expect(
      c.unprojectPoint(
        Point(x: 195, y: 422), ontoPlane: floorThroughCamera,
        orientation: .portrait, viewportSize: viewport) == nil)
    // A wall behind the camera gives nil.
    var behind = wall
    behind.columns.3 = SIMD4(0, 0, 2, 1)
    #expect(
      c.unprojectPoint(
        Point(x: 195, y: 422), ontoPlane: behind,
        orientation: .portrait, viewportSize: viewport) == nil)
  }

  @Test(
    "projectPoint then ray(throughViewportPoint:) returns to the point",
    arguments: InterfaceOrientation.allCases)
  func viewportRoundTrip(orientation: InterfaceOrientation) throws {
    let seed: UInt64 = 5
    var g = SplitMix64(seed: seed)
    let viewport = Size(width: 390, height: 844)
    for _ in 0..<50 {
      let c = try camera(randomPose(&g))
      let world = c.worldFromCamera.transformPoint(
        SIMD3(
          Float.random(in: -0.3...0.3, using: &g),
          Float.random(in: -0.3...0.3, using: &g), -Float.random(in: 0.5...3, using: &g)))
      let vp = try #require(c.projectPoint(world, orientation: orientation, viewportSize: viewport))
      let ray = try #require(
        c.ray(throughViewportPoint: vp, orientation: orientation, viewportSize: viewport))
      let t = (world - ray.origin).dot(ray.direction)
      #expect(ray.point(at: t).distance(to: world) < 1e-4, "seed \(seed)")
    }
  }
}
