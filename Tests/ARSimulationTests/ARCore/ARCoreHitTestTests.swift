import ARSimulation
import SpatialMath
import Testing

/// A camera at the origin looking along -z (identity pose), a 640x480 texture and image with
/// f = 500 and the continuous principal point (320, 240), shown on a 640x480 view at ROTATION_90
/// (no rotation, no crop): view pixel (u, v) looks along ((u - 320)/500, -(v - 240)/500, -1).
/// View (320, 440) looks along (0, -0.4, -1) and meets the floor y = -1 at (0, -1, -2.5).
@Suite("ARCore hit tests")
struct ARCoreHitTestTests {
  static func camera(tracking: ARCore.TrackingState = .tracking) throws -> ARCore.Camera {
    let k = try ARCore.CameraIntrinsics(
      focalLengthPixels: SIMD2(500, 500), principalPointPixels: SIMD2(319.5, 239.5),
      imageDimensions: Size(width: 640, height: 480))
    return try ARCore.Camera(
      pose: .identity, imageIntrinsics: k, textureIntrinsics: k, trackingState: tracking)
  }

  /// A 2 m square upward-facing floor at height `y`, centred at (0, y, -2).
  static func floor(y: Float = -1, id: String = "floor") throws -> ARCore.Plane {
    try ARCore.Plane(
      identifier: id, type: .horizontalUpwardFacing,
      centerPose: ARCore.Pose(translation: SIMD3(0, y, -2), rotation: .identity), extentX: 2,
      extentZ: 2, polygon: [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)])
  }

  /// A 2 m square wall facing +z at z = -3, centred at (0, -0.5, -3): local y -> world +z,
  /// local z -> world -y (+90° about x).
  static func wall() throws -> ARCore.Plane {
    try ARCore.Plane(
      identifier: "wall", type: .vertical,
      centerPose: ARCore.Pose(
        translation: SIMD3(0, -0.5, -3),
        rotation: Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0))),
      extentX: 2, extentZ: 2,
      polygon: [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)])
  }

  static func frame(
    planes: [ARCore.Plane] = [], points: [SIMD3<Float>] = [],
    tracking: ARCore.TrackingState = .tracking, options: ARCore.HitTestOptions = .default,
    instantPlacement: ARCore.Frame.InstantPlacementMode = .disabled
  ) throws -> ARCore.Frame {
    let geometry = try ARCore.DisplayGeometry(
      rotation: .rotation90, widthPixels: 640, heightPixels: 480)
    let cloud = try ARCore.PointCloud(
      points: points, identifiers: points.indices.map { UInt64($0 + 1) })
    return try ARCore.Frame(
      timestampNanoseconds: 0, camera: try camera(tracking: tracking), displayGeometry: geometry,
      planes: planes, pointCloud: cloud, instantPlacementMode: instantPlacement,
      hitTestOptions: options)
  }

  @Test("Floor and wall: sorted by distance, hit poses as ARCore defines them")
  func planes() throws {
    let frame = try Self.frame(planes: [try Self.wall(), try Self.floor()])
    let hits = frame.hitTest(x: 320, y: 440)
    #expect(hits.count == 2)
    // Floor at (0, -1, -2.5): distance √(1 + 6.25). Wall z = -3 at t = 3: (0, -1.2, -3), local
    // z = 0.7 (inside), distance √(1.44 + 9).
    let floor = try #require(hits.first)
    #expect(abs(floor.distance - (7.25 as Float).squareRoot()) < 1e-5)
    #expect(floor.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, -1, -2.5), tolerance: 1e-5))
    // +y the normal, +x = d × y = (1, 0, 0), +z = x × y = (0, 0, 1): towards the camera.
    #expect(floor.hitPose.xAxis.isApproximatelyEqual(to: SIMD3(1, 0, 0), tolerance: 1e-6))
    #expect(floor.hitPose.yAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
    #expect(floor.hitPose.zAxis.isApproximatelyEqual(to: SIMD3(0, 0, 1), tolerance: 1e-6))
    guard case .plane(let plane) = floor.trackable else {
      Issue.record("expected the floor")
      return
    }
    #expect(plane.identifier == "floor")
    let wall = hits[1]
    #expect(abs(wall.distance - (10.44 as Float).squareRoot()) < 1e-5)
    #expect(wall.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, -1.2, -3), tolerance: 1e-5))
    // Wall normal +z: x = d × z with d ∝ (0, -0.4, -1): (-0.4, 0, 0) -> (-1, 0, 0); z = x × y = (0, 1, 0).
    #expect(wall.hitPose.xAxis.isApproximatelyEqual(to: SIMD3(-1, 0, 0), tolerance: 1e-6))
    #expect(wall.hitPose.zAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
  }

  @Test("Leeway: a hit just outside the polygon is returned and isPoseInPolygon says so")
  func leeway() throws {
    let frame = try Self.frame(planes: [try Self.floor()])
    // x = 1.03 at z = -2.5 (t = 2.5): view u = 320 + 500 · 1.03/2.5 = 526; outside by 3 cm < 5 cm.
    let near = try #require(frame.hitTest(x: 526, y: 440).first)
    guard case .plane(let plane) = near.trackable else {
      Issue.record("expected the floor")
      return
    }
    #expect(!plane.isPoseInPolygon(near.hitPose))
    #expect(!plane.isPoseInExtents(near.hitPose))
    // x = 1.08: u = 320 + 500 · 1.08/2.5 = 536; 8 cm out: no hit.
    #expect(frame.hitTest(x: 536, y: 440).isEmpty)
    // Without leeway the first one goes too.
    var strict = ARCore.HitTestOptions()
    strict.planeLeewayMeters = 0
    #expect(
      try Self.frame(planes: [try Self.floor()], options: strict).hitTest(x: 526, y: 440).isEmpty)
  }

  @Test("Extents and polygon differ: a triangle in a 2 m square")
  func extentsVersusPolygon() throws {
    let triangle = try ARCore.Plane(
      identifier: "t", type: .horizontalUpwardFacing, centerPose: .identity, extentX: 2,
      extentZ: 2, polygon: [SIMD2(-1, -1), SIMD2(1, -1), SIMD2(-1, 1)])
    let corner = ARCore.Pose(translation: SIMD3(0.9, 0.3, 0.9), rotation: .identity)
    #expect(triangle.isPoseInExtents(corner))
    #expect(!triangle.isPoseInPolygon(corner))
    let inside = ARCore.Pose(translation: SIMD3(-0.5, 0, -0.5), rotation: .identity)
    #expect(triangle.isPoseInPolygon(inside))
  }

  @Test("Back faces are hit by default (ARCore's samples filter them); an option culls them")
  func backFaces() throws {
    // A table top at y = +1 seen from below along (0, 0.4, -1): hit at (0, 1, -2.5) from behind.
    let table = try Self.floor(y: 1, id: "table")
    let hits = try Self.frame(planes: [table]).hitTest(x: 320, y: 40)
    let hit = try #require(hits.first)
    #expect(hit.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, 1, -2.5), tolerance: 1e-5))
    // +y stays the plane's normal; +x = d × y = (1, 0, 0); +z = (0, 0, 1), towards the camera.
    #expect(hit.hitPose.yAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
    #expect(hit.hitPose.zAxis.isApproximatelyEqual(to: SIMD3(0, 0, 1), tolerance: 1e-6))
    var cull = ARCore.HitTestOptions()
    cull.hitsPlaneBackFaces = false
    #expect(try Self.frame(planes: [table], options: cull).hitTest(x: 320, y: 40).isEmpty)
  }

  @Test("Not tracking, subsumed or paused planes: no hits")
  func trackingStates() throws {
    #expect(
      try Self.frame(planes: [try Self.floor()], tracking: .paused).hitTest(x: 320, y: 440).isEmpty)
    let f = try Self.floor()
    let subsumed = try ARCore.Plane(
      identifier: "old", type: f.type, centerPose: f.centerPose, extentX: 2, extentZ: 2,
      polygon: f.polygon, subsumedBy: "floor")
    let paused = try ARCore.Plane(
      identifier: "p", type: f.type, centerPose: f.centerPose, extentX: 2, extentZ: 2,
      polygon: f.polygon, trackingState: .paused)
    #expect(try Self.frame(planes: [subsumed, paused]).hitTest(x: 320, y: 440).isEmpty)
  }

  @Test("One point hit: the point nearest in angle within 3°, INITIALIZED_TO_IDENTITY when alone")
  func identityPoint() throws {
    // (0.05, -0.8, -2) is about 1.3° off the ray (0, -0.4, -1) and (-0.08, -0.8, -2) about 2.1°:
    // both within 3°, the nearer in angle is the one hit; (0.2, -0.8, -2) is 5.3° off.
    let frame = try Self.frame(points: [
      SIMD3(0.2, -0.8, -2), SIMD3(-0.08, -0.8, -2), SIMD3(0.05, -0.8, -2),
    ])
    let hits = frame.hitTest(x: 320, y: 440)
    #expect(hits.count == 1)
    let hit = try #require(hits.first)
    guard case .point(let point) = hit.trackable else {
      Issue.record("expected a point")
      return
    }
    #expect(point.identifier == 3)
    #expect(point.orientationMode == .initializedToIdentity)
    // On the ray, nearest to the point: t = (0.05, -0.8, -2)·d with d = (0, -0.4, -1)/√1.16 is
    // 2.32/√1.16, so the hit is 2.32/1.16 (0, -0.4, -1) = (0, -0.8, -2), √4.64 from the camera.
    #expect(hit.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, -0.8, -2), tolerance: 1e-6))
    #expect(abs(hit.distance - (4.64 as Float).squareRoot()) < 1e-5)
    // The trackable itself is at the point.
    #expect(point.pose.translation == SIMD3(0.05, -0.8, -2))
    // +y up, +x perpendicular to the ray and to the right, +z towards the camera.
    #expect(hit.hitPose.xAxis.isApproximatelyEqual(to: SIMD3(1, 0, 0), tolerance: 1e-6))
    #expect(hit.hitPose.yAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-6))
    #expect(hit.hitPose.zAxis.isApproximatelyEqual(to: SIMD3(0, 0, 1), tolerance: 1e-6))
    // The trackable's own pose is identity at the point.
    #expect(point.pose.rotationQuaternion == SIMD4(0, 0, 0, 1))
  }

  @Test("A point on a textured wall gets ESTIMATED_SURFACE_NORMAL facing the camera")
  func estimatedNormalPoint() throws {
    // The hit point and a 3x3 grid 4 cm apart on the wall z = -2 around it.
    var points: [SIMD3<Float>] = [SIMD3(0.05, -0.8, -2)]
    for i in -1...1 {
      for j in -1...1 where (i, j) != (0, 0) {
        points.append(SIMD3(0.05 + Float(i) * 0.04, -0.8 + Float(j) * 0.04, -2))
      }
    }
    let hit = try #require(try Self.frame(points: points).hitTest(x: 320, y: 440).first)
    guard case .point(let point) = hit.trackable else {
      Issue.record("expected a point")
      return
    }
    #expect(point.orientationMode == .estimatedSurfaceNormal)
    // +y = (0, 0, 1) (towards the camera), +x = d × y ∝ (-0.4, 0, 0) -> (-1, 0, 0), +z = (0, 1, 0).
    #expect(hit.hitPose.yAxis.isApproximatelyEqual(to: SIMD3(0, 0, 1), tolerance: 1e-5))
    #expect(hit.hitPose.xAxis.isApproximatelyEqual(to: SIMD3(-1, 0, 0), tolerance: 1e-5))
    #expect(hit.hitPose.zAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 1e-5))
    // On the ray where it meets the wall z = -2: (0, -0.8, -2); the trackable keeps its point and
    // the hit's orientation.
    #expect(hit.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, -0.8, -2), tolerance: 1e-5))
    #expect(point.pose.rotationQuaternion == hit.hitPose.rotationQuaternion)
    var atPoint = ARCore.HitTestOptions()
    atPoint.pointHitPosition = .atPoint
    let pointHit = try #require(
      try Self.frame(points: points, options: atPoint).hitTest(x: 320, y: 440).first)
    #expect(pointHit.hitPose.translation == point.pose.translation)
  }

  @Test("hitTest(ray): any origin, unnormalized direction, distances from the camera")
  func arbitraryRay() throws {
    let frame = try Self.frame(planes: [try Self.floor()])
    // From (0, 0, 1) along 3·(0, -0.4, -1): y = -1 at t' = 2.5 -> (0, -1, -1.5); the camera is at
    // the origin, so the distance is √(1 + 2.25).
    let hits = frame.hitTest(origin: SIMD3(0, 0, 1), direction: SIMD3(0, -1.2, -3))
    let hit = try #require(hits.first)
    #expect(hit.hitPose.translation.isApproximatelyEqual(to: SIMD3(0, -1, -1.5), tolerance: 1e-5))
    #expect(abs(hit.distance - (3.25 as Float).squareRoot()) < 1e-5)
    #expect(frame.hitTest(origin: SIMD3(0, 0, 1), direction: .zero).isEmpty)
    #expect(frame.hitTest(origin: SIMD3(.nan, 0, 1), direction: SIMD3(0, -1, 0)).isEmpty)
  }

  @Test("Planes and points together come out nearest first")
  func mixedOrder() throws {
    // The point's hit (0, -0.8, -2) at distance 2.154 is nearer than the floor hit at 2.693.
    let hits = try Self.frame(planes: [try Self.floor()], points: [SIMD3(0.05, -0.8, -2)])
      .hitTest(x: 320, y: 440)
    #expect(hits.count == 2)
    guard case .point = hits[0].trackable, case .plane = hits[1].trackable else {
      Issue.record("expected the point first, then the floor")
      return
    }
    #expect(hits[0].distance < hits[1].distance)
  }
}
