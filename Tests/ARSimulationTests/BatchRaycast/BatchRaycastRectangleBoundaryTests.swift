import ARSimulation
import Foundation
import SpatialMath
import Testing

/// A boundary polygon that is exactly a centred rectangle (ARKit's boundary of a rectangular
/// plane) runs without edge tests, like an extent; it must hit exactly what the extent rectangle
/// and the independent per-query `Raycaster` hit, in either winding.
@Suite("Rectangle boundaries take the extent's path")
struct BatchRaycastRectangleBoundaryTests {
  /// A plane 1.5 m ahead, tilted 20° about x and spun 30° about its normal, half extents
  /// 0.4 x 0.25 m, seen by a 64x48 camera whose image it only partly covers (its borders cross
  /// many pixel rows and columns).
  static func anchor(clockwise: Bool) throws -> PlaneAnchor {
    let facing = Quaternion(angle: .degrees(90 - 20), axis: SIMD3(1, 0, 0))
    let spin = Quaternion(angle: .degrees(30), axis: SIMD3(0, 1, 0))
    let pose = RigidTransform(rotation: facing * spin, translation: SIMD3(0.1, -0.05, -1.5))
    var corners: [SIMD3<Float>] = [
      SIMD3(-0.4, 0, -0.25), SIMD3(0.4, 0, -0.25), SIMD3(0.4, 0, 0.25), SIMD3(-0.4, 0, 0.25),
    ]
    if clockwise { corners.reverse() }
    return try PlaneAnchor(
      identifier: "table", transform: pose.matrix, center: .zero,
      extent: PlaneExtent(width: 0.8, height: 0.5, rotationOnYAxis: .zero),
      boundary: PlaneBoundary(vertices: corners), alignment: .vertical)
  }

  @Test(
    "Same bits as the extent rectangle and the same hits as Raycaster", arguments: [false, true])
  func sameAsExtent(clockwise: Bool) throws {
    let anchor = try Self.anchor(clockwise: clockwise)
    let grid = BatchPixelGrid(
      imageWidth: 64, height: 48, focalLengthPixels: SIMD2(40, 40),
      principalPointPixels: SIMD2(31.5, 23.5), worldFromCamera: .identity)
    let boundary = BatchRaycastScene(planes: [try BatchPlane(anchor, region: .boundary)])
    let extent = BatchRaycastScene(planes: [try BatchPlane(anchor, region: .extent)])
    for engine in BatchRaycastEngine.allCases {
      let viaBoundary = boundary.intersect(grid, engine: engine)
      #expect(viaBoundary == extent.intersect(grid, engine: engine), "\(engine)")
    }
    let result = boundary.intersect(grid)
    let hits = result.planeIndex.filter { $0 == 0 }.count
    // The plane covers part of the image, not all of it and not nothing.
    #expect(hits > 100 && hits < 64 * 48 - 100)
    let world = FrameWorld(planeAnchors: [anchor])
    var disagreements = 0
    for row in 0..<48 {
      for col in 0..<64 {
        let direction = SIMD3<Float>(
          (Float(col) + 0.5 - 32) / 40, -(Float(row) + 0.5 - 24) / 40, -1)
        let ray = try Ray(origin: .zero, direction: direction)
        let expected = Raycaster().raycast(
          RaycastQuery(ray: ray, allowing: .existingPlaneGeometry, alignment: .any), in: world
        ).first
        // Rays within rounding of a border may go either way between two implementations.
        if (expected != nil) != (result.planeIndex[row * 64 + col] == 0) { disagreements += 1 }
      }
    }
    #expect(disagreements <= 2, "\(disagreements) pixels differ from Raycaster")
  }
}
