import SpatialMath
import Testing

@testable import ARSimulation

@Suite struct ViewportFrameTests {
  /// The benchmark workload's camera (`RaycastWorkload`): 1920x1440, fx = fy = 1445, ARKit principal point (959.5, 719.5) —
  /// the continuous image point (960, 720), the image centre — at the origin looking down -z; a
  /// wall anchor facing +z at z = -2.
  static func frame(_ orientation: InterfaceOrientation, viewport: Size) throws -> ViewportFrame {
    let camera = try Camera(
      worldFromCamera: .identity,
      intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    return ViewportFrame(
      camera: camera, viewport: try! Viewport(size: viewport, interfaceOrientation: orientation),
      world: FrameWorld(planeAnchors: [WorldFixtures.wall("wall", z: -2, half: 1)]))
  }

  @Test func landscapeCentreLooksThroughTheImageCentre() throws {
    // Same aspect ratio as the image in landscapeRight: the display transform is the identity, so
    // viewport-normalized (0.5, 0.5) is image pixel (960, 720), direction
    // ((960 - 959.5 - 0.5)/1445, -(720 - 719.5 - 0.5)/1445, -1) = (0, 0, -1): the optical axis,
    // meeting the wall at (0, 0, -2).
    let frame = try Self.frame(.landscapeRight, viewport: Size(width: 960, height: 720))
    let query = try #require(
      frame.raycastQuery(
        from: Point(x: 0.5, y: 0.5), allowing: .existingPlaneGeometry, alignment: .vertical))
    #expect(query.origin == .zero)
    let hit = try #require(frame.world.raycast(query).first)
    #expect(
      hit.worldPosition.isApproximatelyEqual(to: SIMD3(0, 0, -2), tolerance: 1e-6))
    // The points variant agrees: (480, 360) points is the same place.
    let viaPoints = try #require(
      frame.raycastQuery(
        fromViewportPoint: Point(x: 480, y: 360), allowing: .existingPlaneGeometry,
        alignment: .vertical))
    #expect(viaPoints.direction.isApproximatelyEqual(to: query.direction, tolerance: 1e-6))
    #expect(
      frame.raycast(
        from: Point(x: 0.5, y: 0.5), allowing: .existingPlaneGeometry, alignment: .vertical) == [
          hit
        ])
    #expect(
      frame.raycast(
        fromViewportPoint: Point(x: 480, y: 360), allowing: .existingPlaneGeometry,
        alignment: .vertical) == [hit])
  }

  @Test func landscapeCornerMapsToImageCorner() throws {
    // Viewport-normalized (0, 0) is the image corner (0, 0) in continuous pixels: direction
    // ((0 - 960)/1445, -(0 - 720)/1445, -1), meeting z = -2 at (-2·960/1445, 2·720/1445, -2).
    let frame = try Self.frame(.landscapeRight, viewport: Size(width: 960, height: 720))
    let hits = frame.raycast(
      from: Point(x: 0, y: 0), allowing: .existingPlaneInfinite, alignment: .any)
    let hit = try #require(hits.first)
    #expect(
      hit.worldPosition.isApproximatelyEqual(
        to: SIMD3(-2 * 960 / 1445, 2 * 720 / 1445, -2), tolerance: 1e-5))
  }

  @Test func portraitTopCentreLooksUpTheImageRows() throws {
    // Portrait turns the image 90° clockwise: viewport-normalized (x', y') comes from rotated
    // (xr, yr) = (1 - y, x). With aspect fill on 375x812 the rotated image (1440x1920) is scaled by
    // s = max(375/1440, 812/1920) = 0.4229, kx = s·1440/375 = 1.624, ky = 1. The viewport's top
    // centre (0.5, 0) therefore has yr = 0 and xr = 0.5, i.e. image x = yr = 0 and y = 1 - xr = 0.5:
    // the left edge of the captured image, continuous pixel (0, 720); camera direction
    // ((0 - 960)/1445, -(720 - 720)/1445, -1).
    let frame = try Self.frame(.portrait, viewport: Size(width: 375, height: 812))
    let query = try #require(
      frame.raycastQuery(
        from: Point(x: 0.5, y: 0), allowing: .existingPlaneInfinite, alignment: .any))
    let expected = SIMD3<Float>(-960 / 1445, 0, -1).normalized()!
    #expect(query.direction.isApproximatelyEqual(to: expected, tolerance: 1e-5))
  }

  @Test func nonFinitePointsGiveNoQuery() throws {
    let frame = try Self.frame(.portrait, viewport: Size(width: 375, height: 812))
    #expect(
      frame.raycastQuery(from: Point(x: .nan, y: 0), allowing: .estimatedPlane, alignment: .any)
        == nil)
    #expect(
      frame.raycast(from: Point(x: 0, y: .infinity), allowing: .estimatedPlane, alignment: .any)
        .isEmpty)
  }
}
