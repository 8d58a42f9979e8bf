import ARSimulation
import Placement
import SpatialMath
import Testing

/// The camera at the origin looking along -z; 640x480 texture and CPU image, f = 500, continuous
/// principal point (320, 240); a 640x480 view at ROTATION_90 (θ = 0: the view is the image, and
/// ML Kit's upright image is the CPU image itself, rotationDegrees 0). View (u, v) looks along
/// ((u - 320)/500, -(v - 240)/500, -1): (320, 440) meets the floor y = -1 at (0, -1, -2.5).
@Suite("ARCorePlacement")
struct ARCorePlacementTests {
  static func square(id: String, y: Float) throws -> ARCore.Plane {
    try ARCore.Plane(
      identifier: id, type: .horizontalUpwardFacing,
      centerPose: ARCore.Pose(translation: SIMD3(0, y, -2), rotation: .identity), extentX: 2,
      extentZ: 2, polygon: [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)])
  }

  static func frame(planes: [ARCore.Plane] = [], points: [SIMD3<Float>] = []) throws -> ARCore.Frame
  {
    let k = try ARCore.CameraIntrinsics(
      focalLengthPixels: SIMD2(500, 500), principalPointPixels: SIMD2(319.5, 239.5),
      imageDimensions: Size(width: 640, height: 480))
    let camera = try ARCore.Camera(pose: .identity, imageIntrinsics: k, textureIntrinsics: k)
    let geometry = try ARCore.DisplayGeometry(
      rotation: .rotation90, widthPixels: 640, heightPixels: 480)
    let cloud = try ARCore.PointCloud(
      points: points, identifiers: points.indices.map { UInt64($0) })
    return try ARCore.Frame(
      timestampNanoseconds: 0, camera: camera, displayGeometry: geometry, planes: planes,
      pointCloud: cloud)
  }

  /// A 40x40 box centred on view pixel (u, v), labelled "hazard" at 0.8.
  static func box(centredAt u: Double, _ v: Double) throws -> ARCore.MLKitDetectedObject {
    try ARCore.MLKitDetectedObject(
      left: u - 20, top: v - 20, right: u + 20, bottom: v + 20, rotationDegrees: 0,
      labels: [try ARCore.MLKitDetectedObject.Label(text: "hazard", confidence: 0.8)])
  }

  @Test("A box over the floor: its centre's hit is the world point")
  func floor() throws {
    let result = ARCorePlacement().place(
      try Self.box(centredAt: 320, 440),
      in: try Self.frame(planes: [try Self.square(id: "floor", y: -1)]))
    #expect(result.viewPoint == Point(x: 320, y: 440))
    let position = try #require(result.worldPosition)
    #expect(position.isApproximatelyEqual(to: SIMD3(0, -1, -2.5), tolerance: 1e-5))
    #expect(result.failure == nil)
    let measurement = try #require(result.measurement)
    #expect(measurement.label == "hazard" && measurement.confidence == 0.8)
    #expect(measurement.position == position)
    // The tracker's error model gets the surface: the floor's normal (+y of ARCore's hit pose
    // on a plane) and a plane-anchor hit.
    let normal = try #require(measurement.surfaceNormal)
    #expect(normal.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
    #expect(measurement.target == .existingPlaneGeometry)
  }

  @Test("Depth (AUTOMATIC): a surface 2 m ahead is hit before the floor plane behind it")
  func depthPoint() throws {
    let plain = try Self.frame(planes: [try Self.square(id: "floor", y: -1)])
    // A 160x120 depth image of a wall at z = -2 (2000 mm everywhere).
    let wall = try ARCore.DepthImage(
      width: 160, height: 120, millimeters: Array(repeating: 2000, count: 160 * 120))
    let frame = try ARCore.Frame(
      timestampNanoseconds: 0, camera: plain.camera, displayGeometry: plain.displayGeometry,
      planes: plain.planes, depthMode: .automatic, depth: .init(depthImage: wall))
    // The ray (0, -0.4, -1) meets z = -2 at (0, -0.8, -2), 2 √1.16 = 2.154 m away, before the
    // floor's (0, -1, -2.5) at √7.25 = 2.693 m.
    let result = ARCorePlacement().place(try Self.box(centredAt: 320, 440), in: frame)
    #expect(result.hits.count == 2)
    let position = try #require(result.worldPosition)
    #expect(position.isApproximatelyEqual(to: SIMD3(0, -0.8, -2), tolerance: 1e-5))
    let measurement = try #require(result.measurement)
    #expect(
      try #require(measurement.surfaceNormal).isApproximatelyEqual(
        to: SIMD3(0, 0, 1), tolerance: 1e-5))
    #expect(measurement.target == nil)

    var settings = ARCorePlacement.Settings()
    settings.acceptsDepthPoints = false
    let planeOnly = ARCorePlacement(settings: settings).place(
      try Self.box(centredAt: 320, 440), in: frame)
    #expect(
      try #require(planeOnly.worldPosition).isApproximatelyEqual(
        to: SIMD3(0, -1, -2.5), tolerance: 1e-5))
  }

  @Test("The bottom-centre anchor point hit tests the box's bottom edge")
  func anchorPoint() throws {
    var settings = ARCorePlacement.Settings()
    settings.anchorPoint = .bottomCenter
    // Box from v = 400 to 440: bottom centre (320, 440).
    let box = try ARCore.MLKitDetectedObject(
      left: 300, top: 400, right: 340, bottom: 440, rotationDegrees: 0)
    let result = ARCorePlacement(settings: settings).place(
      box, in: try Self.frame(planes: [try Self.square(id: "floor", y: -1)]))
    #expect(result.viewPoint == Point(x: 320, y: 440))
    #expect(result.measurement == nil, "no label: no measurement")
    #expect(result.worldPosition != nil)
  }

  @Test("Outside the polygon (within ARCore's leeway): refused unless the filter allows it")
  func outsidePolygon() throws {
    // u = 526 meets the floor at x = 1.03, 3 cm outside the polygon.
    let frame = try Self.frame(planes: [try Self.square(id: "floor", y: -1)])
    let strict = ARCorePlacement().place(try Self.box(centredAt: 526, 440), in: frame)
    #expect(strict.hits.count == 1 && strict.hit == nil && strict.failure == .noHit)
    var settings = ARCorePlacement.Settings()
    settings.requiresHitInsidePolygon = false
    let loose = ARCorePlacement(settings: settings).place(
      try Self.box(centredAt: 526, 440), in: frame)
    #expect(
      loose.worldPosition?.isApproximatelyEqual(to: SIMD3(1.03, -1, -2.5), tolerance: 1e-5) == true)
  }

  @Test("A plane seen from below is refused unless the filter allows back faces")
  func backFace() throws {
    // View (320, 40) looks along (0, 0.4, -1) and meets the table top y = +1 from below.
    let frame = try Self.frame(planes: [try Self.square(id: "table", y: 1)])
    #expect(ARCorePlacement().place(try Self.box(centredAt: 320, 40), in: frame).hit == nil)
    var settings = ARCorePlacement.Settings()
    settings.requiresFrontFace = false
    let hit = ARCorePlacement(settings: settings).place(try Self.box(centredAt: 320, 40), in: frame)
    #expect(hit.worldPosition?.isApproximatelyEqual(to: SIMD3(0, 1, -2.5), tolerance: 1e-5) == true)
  }

  @Test("A lone point (INITIALIZED_TO_IDENTITY) is refused; behind it the floor is taken")
  func identityPoint() throws {
    // (0.05, -0.8, -2) lies 1.3° off the ray and is nearer than the floor.
    let frame = try Self.frame(
      planes: [try Self.square(id: "floor", y: -1)], points: [SIMD3(0.05, -0.8, -2)])
    let result = ARCorePlacement().place(try Self.box(centredAt: 320, 440), in: frame)
    #expect(result.hits.count == 2)
    #expect(
      result.worldPosition?.isApproximatelyEqual(to: SIMD3(0, -1, -2.5), tolerance: 1e-5) == true)
    var settings = ARCorePlacement.Settings()
    settings.requiresEstimatedSurfaceNormal = false
    let any = ARCorePlacement(settings: settings).place(
      try Self.box(centredAt: 320, 440), in: frame)
    // The point's hit is on the ray, nearest to the point: (0, -0.8, -2).
    #expect(
      any.worldPosition?.isApproximatelyEqual(to: SIMD3(0, -0.8, -2), tolerance: 1e-5) == true)
    // Its pose has no meaningful +y: the tracker gets no surface.
    let measurement = try #require(any.measurement)
    #expect(measurement.surfaceNormal == nil && measurement.target == nil)
  }
}
