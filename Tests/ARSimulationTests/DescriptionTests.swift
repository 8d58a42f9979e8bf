import ARSimulation
import SpatialMath
import Testing

/// Descriptions of cameras, viewports, anchors, queries and results, written out by hand.
@Suite("ARSimulation descriptions")
struct ARSimulationDescriptionTests {
  static func camera() throws -> Camera {
    try Camera(
      transform: .identity, intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
  }

  /// A wall 2 m in front of the origin, facing it: plane-local +y is world +z, local x is world
  /// x and local z is world -y; its boundary spans ±2 m.
  static func wall() throws -> PlaneAnchor {
    try PlaneAnchor(
      identifier: "wall",
      transform: Matrix4x4(
        SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -2, 1)),
      extent: PlaneExtent(width: 4, height: 4),
      boundary: PlaneBoundary(rectangleHalfWidth: 2, halfHeight: 2), alignment: .vertical)
  }

  @Test func cameraAndViewport() throws {
    #expect(
      try Self.camera().description
        == "camera at (0, 0, 0) m looking along (0, 0, -1), 1920 x 1440 px, fx 1445 px, "
        + "fy 1445 px, principal point (959.5, 719.5) px")
    let viewport = try Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
    #expect(viewport.description == "390 x 844 pt, portrait")
  }

  @Test func anchorsQueriesAndHits() throws {
    let wall = try Self.wall()
    #expect(
      wall.description
        == "plane \"wall\" (vertical) at (0, 0, -2) m, normal (0, 0, 1), 4 x 4 m")
    let query = try RaycastQuery(
      ray: Ray(origin: .zero, direction: SIMD3(0, 0, -1)), allowing: .existingPlaneGeometry,
      alignment: .any)
    #expect(
      query.description
        == "query from (0, 0, 0) m along (0, 0, -1) for existingPlaneGeometry, any alignment")
    let hit = try #require(FrameWorld(planeAnchors: [wall]).raycast(query).first)
    #expect(
      hit.description
        == "hit at (0, 0, -2) m, 2 m along the ray on \"wall\" (existingPlaneGeometry, vertical)")
  }

  @Test("A miss says why: 0.077 m outside a ±2 m boundary")
  func missOutsideTheBoundary() throws {
    let world = FrameWorld(planeAnchors: [try Self.wall()])
    // Towards (2.077, 0, -2): the ray meets the wall's plane at local x = 2.077 (z = 0), which is
    // 0.077 m beyond the edge x = 2, after √(2.077² + 2²) = 2.8834 m.
    let query = try RaycastQuery(
      ray: Ray(origin: .zero, direction: SIMD3(2.077, 0, -2)), allowing: .existingPlaneGeometry,
      alignment: .any)
    #expect(world.raycast(query).isEmpty)
    let miss = try #require(world.missDiagnosis(for: query))
    let nearest = try #require(miss.nearest)
    #expect(nearest.anchorIdentifier == "wall")
    guard case .outsideBoundary(let distance, let outside, let local) = nearest.reason else {
      Issue.record("expected outsideBoundary, got \(nearest.reason)")
      return
    }
    #expect(abs(distance - 2.883_388) < 1e-5)
    #expect(abs(outside - 0.077) < 1e-5)
    #expect(abs(local.x - 2.077) < 1e-5 && abs(local.y) < 1e-5)
    #expect(
      miss.description
        == "no hit for query from (0, 0, 0) m along (0.72, 0, -0.694) for existingPlaneGeometry, "
        + "any alignment\n  \"wall\": the ray meets it 2.883 m along, 0.077 m outside its "
        + "boundary, at plane-local (x 2.077, z 0) m")
    // The same ray on the infinite plane hits.
    let infinite = RaycastQuery(
      origin: query.origin, direction: query.direction, allowing: .existingPlaneInfinite,
      alignment: .any)
    #expect(world.missDiagnosis(for: infinite) == nil)
  }

  @Test("Other reasons: behind the origin, back face, parallel, alignment, too few points")
  func otherReasons() throws {
    let world = FrameWorld(planeAnchors: [try Self.wall()])
    func miss(
      _ direction: SIMD3<Float>, _ target: RaycastQuery.Target = .existingPlaneGeometry,
      _ alignment: RaycastQuery.TargetAlignment = .any, origin: SIMD3<Float> = .zero
    ) throws -> RaycastMissDiagnosis {
      let query = try RaycastQuery(
        ray: Ray(origin: origin, direction: direction), allowing: target, alignment: alignment)
      return try #require(world.missDiagnosis(for: query))
    }
    // Looking away (+z): the plane z = -2 lies 2 m behind the origin.
    #expect(try miss(SIMD3(0, 0, 1)).nearest?.reason == .behindOrigin(distanceMeters: 2))
    // From behind the wall (z = -3) looking at it: its back face, 1 m along, is culled.
    #expect(
      try miss(SIMD3(0, 0, 1), origin: SIMD3(0, 0, -3)).nearest?.reason
        == .backFace(distanceMeters: 1))
    // Along +x: parallel to the wall (cosine 0).
    #expect(try miss(SIMD3(1, 0, 0)).nearest?.reason == .parallel(cosine: 0))
    // A horizontal-only query skips the vertical wall.
    #expect(
      try miss(SIMD3(0, 0, -1), .existingPlaneGeometry, .horizontal).nearest?.reason
        == .alignmentMismatch(.vertical))
    // No feature points: the estimated plane needs max(minimumSupport, 3) = 8 (the default).
    let estimated = try miss(SIMD3(0, 0, -1), .estimatedPlane)
    #expect(estimated.estimatedPlane == .tooFewPoints(found: 0, needed: 8))
    #expect(estimated.description.hasSuffix("\n  only 0 feature points near the ray (needs 8)"))
  }

  @Test func visionBoxTraceListsEverySpace() throws {
    let request = try VisionRequestSettings(
      orientation: .up, cropAndScale: .scaleFill, modelInputSize: Size(width: 10, height: 10))
    let viewport = try Viewport(
      size: Size(width: 1920, height: 1440), interfaceOrientation: .landscapeRight)
    let trace = try VisionBoxTrace(
      visionBox: Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2), request: request,
      camera: Self.camera(), viewport: viewport)
    // `.up`, scaleFill, the whole image: the box only flips to a top-left origin (y 1 - 0.6).
    // The centre (960, 720) is the continuous principal point: the ray is the optical axis.
    #expect(
      trace.description == """
        vision normalized (lower-left)   (0.4, 0.4) size 0.2 x 0.2           centre (0.5, 0.5)
        oriented image normalized        (0.4, 0.4) size 0.2 x 0.2           centre (0.5, 0.5)
        image normalized                 (0.4, 0.4) size 0.2 x 0.2           centre (0.5, 0.5)
        image pixels                     (768, 576) size 384 x 288           centre (960, 720)
        viewport normalized              (0.4, 0.4) size 0.2 x 0.2           centre (0.5, 0.5)
        viewport points                  (768, 576) size 384 x 288           centre (960, 720)
        ray                              ray from (0, 0, 0) m along (0, 0, -1)
        """)
  }
}
