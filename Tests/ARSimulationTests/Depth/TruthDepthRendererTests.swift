import Foundation
import SpatialMath
import Testing

@testable import ARSimulation

/// The truth depth renderer against the closed form: a plane `n·x = d` (camera space) seen
/// through the centre of depth pixel `(c, r)` along `dir = (x, y, -1)`, with
/// `x = (u - ox - 0.5) / fx`, `y = -(v - oy - 0.5) / fy`, `u = (c + 0.5) * s`,
/// `v = (r + 0.5) * t`: the hit is `t dir` with `t = d / (n·dir)`, and since `dir.z = -1` its
/// z-depth is `t` itself.
@Suite struct TruthDepthRendererTests {
  static let intrinsics = try! CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5)

  static func camera(_ pose: RigidTransform = .identity) throws -> Camera {
    try Camera(
      worldFromCamera: pose, intrinsics: intrinsics,
      imageResolution: Size(width: 1920, height: 1440))
  }

  /// A 20 m square rectangle through `point` whose local +y is the world `normal`.
  static func plane(through point: SIMD3<Float>, normal: SIMD3<Float>) throws -> TruthSurface {
    let n = normal.normalized()!
    let up = SIMD3<Float>(0, 1, 0)
    let rotation = Quaternion(
      angle: .radians(Double(acos(min(max(up.dot(n), -1), 1)))),
      axis: up.cross(n).normalized() ?? SIMD3(1, 0, 0))
    return try TruthSurface(
      identifier: "wall", worldFromSurface: RigidTransform(rotation: rotation, translation: point),
      shape: .rectangle(width: 20, height: 20))
  }

  @Test func tiltedPlaneMatchesTheClosedForm() throws {
    let normal = SIMD3<Float>(0.3, 0.2, 1).normalized()!
    let point = SIMD3<Float>(0.1, -0.05, -1.5)
    let renderer = TruthDepthRenderer(surfaces: [try Self.plane(through: point, normal: normal)])
    let frame = renderer.render(camera: try Self.camera())
    #expect(frame.width == 256 && frame.height == 192)
    let d = normal.dot(point)
    for (column, row) in [(0, 0), (255, 0), (128, 96), (17, 150), (255, 191), (200, 40)] {
      let u = (Double(column) + 0.5) * 7.5
      let v = (Double(row) + 0.5) * 7.5
      let dir = SIMD3<Float>(Float((u - 960) / 1445), Float(-(v - 720) / 1445), -1)
      let expected = d / normal.dot(dir)
      let got = frame.depthMeters[row * 256 + column]
      #expect(abs(got - expected) <= 1e-4 * expected, "pixel (\(column), \(row))")
      let cosine = abs(normal.dot(dir.normalized()!))
      #expect(abs(frame.incidenceCosine[row * 256 + column] - cosine) < 1e-4)
    }
  }

  @Test func movedCameraAndMissesGiveZero() throws {
    // A wall 2 m ahead of a camera at (0, 1, 3) looking down -z, 1 m wide: the middle column
    // sees it at z-depth 2, the edges see nothing.
    let wall = try TruthSurface(
      identifier: "wall",
      worldFromSurface: RigidTransform(
        rotation: Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0)),
        translation: SIMD3(0, 1, 1)),
      shape: .rectangle(width: 1, height: 1))
    let camera = try Self.camera(RigidTransform(rotation: .identity, translation: SIMD3(0, 1, 3)))
    let frame = TruthDepthRenderer(surfaces: [wall]).render(camera: camera)
    #expect(abs(frame.depthMeters[96 * 256 + 128] - 2) < 1e-5)
    #expect(frame.depthMeters[96 * 256 + 0] == 0)
    #expect(frame.incidenceCosine[96 * 256 + 0] == 0)
  }

  @Test func curvedPanelTouchesItsTangentPlaneAtTheCentre() throws {
    let mesh = try TriangleMesh.curvedPanel(
      radiusMeters: 0.5, widthMeters: 0.7, heightMeters: 0.2, segments: 40)
    // Vertices lie on the cylinder (x, y - R) at distance R from the axis.
    for v in mesh.vertices {
      #expect(abs((SIMD2(v.x, v.y - 0.5)).length - 0.5) < 1e-5)
    }
    // Normals point toward +y (the viewer) everywhere.
    for i in 0..<mesh.triangleCount { #expect(mesh.normal(ofTriangle: i).y > 0) }
    let edge = TriangleMesh.curvedPanelPoint(arcMeters: 0.35, radiusMeters: 0.5)
    #expect(abs(edge.x - 0.5 * sin(0.7)) < 1e-6)
    #expect(abs(edge.y - 0.5 * (1 - cos(0.7))) < 1e-6)
  }

  @Test func boxIsClosedAndOutward() throws {
    let box = try TriangleMesh.box(sizeMeters: SIMD3(0.04, 0.015, 0.03))
    var area: Float = 0
    for i in 0..<box.triangleCount {
      area += box.triangleArea(i)
      let (a, b, c) = box.triangle(i)
      let centroid = (a + b + c) / 3 - SIMD3(0, 0.0075, 0)
      #expect(box.normal(ofTriangle: i).dot(centroid) > 0, "triangle \(i) faces inward")
    }
    let expected: Float = 2 * (0.04 * 0.015 + 0.04 * 0.03 + 0.015 * 0.03)
    #expect(abs(area - expected) < 1e-7)
  }

  @Test func depthMapRefusesBadValues() {
    #expect(throws: DepthMapError.sizeMismatch(width: 2, height: 2, count: 3)) {
      try DepthMap(width: 2, height: 2, depthMeters: [1, 1, 1])
    }
    #expect(throws: DepthMapError.depthNotFinite(index: 1)) {
      try DepthMap(width: 2, height: 1, depthMeters: [1, .nan])
    }
    #expect(throws: DepthMapError.depthNegative(index: 0, value: -1)) {
      try DepthMap(width: 2, height: 1, depthMeters: [-1, 1])
    }
  }
}
