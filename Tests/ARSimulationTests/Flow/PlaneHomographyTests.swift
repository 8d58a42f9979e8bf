import Foundation
import SpatialMath
import Testing

@testable import ARSimulation

@Suite("Plane-induced homography")
struct PlaneHomographyTests {
  @Test("Sliding 10 cm sideways in front of a wall 2 m away moves every pixel by f t / d = 50 px")
  func translationHandWorked() throws {
    let a = FlowFixtures.camera()
    let b = FlowFixtures.camera(SIMD3(0.1, 0, 0))
    // A wall point (X, Y, -2) is at u = cx + 1000 X / 2 in A and cx + 1000 (X - 0.1) / 2 in B.
    let h = try #require(Homography.planeInduced(by: FlowFixtures.wallPlane, from: a, to: b))
    for pixel in [Point(x: 640, y: 360), Point(x: 10, y: 700), Point(x: 1270.5, y: 3.25)] {
      let moved = try #require(h.apply(to: pixel))
      #expect(moved.isApproximatelyEqual(to: Point(x: pixel.x - 50, y: pixel.y), tolerance: 1e-4))
    }
    // Moving towards the wall by 1 m halves the distance: pixels spread by 2 about the centre.
    let closer = FlowFixtures.camera(SIMD3(0, 0, -1))
    let zoom = try #require(
      Homography.planeInduced(by: FlowFixtures.wallPlane, from: a, to: closer))
    let centre = try #require(a.projectToImagePixels(SIMD3(0, 0, -2)))
    let offset = Point(x: centre.x + 100, y: centre.y - 40)
    let zoomed = try #require(zoom.apply(to: offset))
    #expect(
      zoomed.isApproximatelyEqual(to: Point(x: centre.x + 200, y: centre.y - 80), tolerance: 1e-4))
  }

  @Test("Turning left by atan(0.1) moves the optical axis point right by f tan = 100 px, any plane")
  func rotationHandWorked() throws {
    let a = FlowFixtures.camera()
    let b = FlowFixtures.camera(
      rotation: Quaternion(angle: .radians(atan(0.1)), axis: SIMD3(0, 1, 0)))
    // B looks along (-sin θ, 0, -cos θ); the point (0, 0, -2) is at (sin θ, 0, -cos θ) * 2 in B,
    // so u = cx + f tan θ.
    let centre = try #require(a.projectToImagePixels(SIMD3(0, 0, -2)))
    for plane in [FlowFixtures.wallPlane, FlowFixtures.dashboardPlane] {
      let h = try #require(Homography.planeInduced(by: plane, from: a, to: b))
      let moved = try #require(h.apply(to: centre))
      #expect(
        moved.isApproximatelyEqual(to: Point(x: centre.x + 100, y: centre.y), tolerance: 1e-3))
    }
  }

  @Test(
    "Equals the homography fitted to four projected points of the plane (DLT)",
    arguments: [
      (SIMD3<Float>(0.3, 1.5, 0.4), SIMD3<Float>(0.05, 1.52, 0.38), SIMD3<Float>(0.1, 0.9, -0.6)),
      (SIMD3<Float>(-0.4, 1.2, 0.2), SIMD3<Float>(0.2, 1.4, 0.1), SIMD3<Float>(0.3, 0.8, -0.9)),
      (SIMD3<Float>(0, 1.6, 0.5), SIMD3<Float>(0, 1.6, 0.3), SIMD3<Float>(0.1, 0.9, -0.7)),
    ] as [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)])
  func matchesDirectLinearTransform(
    sourcePosition: SIMD3<Float>, targetPosition: SIMD3<Float>, lookAt: SIMD3<Float>
  ) throws {
    let a = FlowFixtures.camera(at: sourcePosition, lookingAt: SIMD3(0.1, 0.9, -0.7))
    let b = FlowFixtures.camera(at: targetPosition, lookingAt: lookAt)
    let pose = FlowFixtures.dashboardPose
    let local: [SIMD3<Float>] = [
      SIMD3(-0.5, 0, -0.3), SIMD3(0.5, 0, -0.3), SIMD3(0.5, 0, 0.3), SIMD3(-0.5, 0, 0.3),
    ]
    let world = local.map(pose.transformPoint)
    let inA = world.compactMap { a.projectToImagePixels($0) }
    let inB = world.compactMap { b.projectToImagePixels($0) }
    #expect(inA.count == 4 && inB.count == 4)
    let fitted = try #require(homographyFromFourPoints(inA, inB))
    let closed = try #require(
      Homography.planeInduced(by: FlowFixtures.dashboardPlane, from: a, to: b))
    #expect(closed.isApproximatelyEqualUpToScale(to: fitted, tolerance: 1e-4))
    // Other points of the plane agree too.
    for p in [SIMD3<Float>(0.1, 0, 0.05), SIMD3<Float>(-0.3, 0, 0.2), SIMD3<Float>(0.4, 0, -0.25)] {
      let w = pose.transformPoint(p)
      let pa = try #require(a.projectToImagePixels(w))
      let pb = try #require(b.projectToImagePixels(w))
      let mapped = try #require(closed.apply(to: pa))
      #expect(mapped.distance(to: pb) < 0.02, "\(mapped) vs \(pb)")
    }
  }

  @Test("A camera on the plane has no homography")
  func cameraOnPlane() {
    let a = FlowFixtures.camera(SIMD3(0, 0, -2))
    #expect(
      Homography.planeInduced(by: FlowFixtures.wallPlane, from: a, to: FlowFixtures.camera()) == nil
    )
  }
}
