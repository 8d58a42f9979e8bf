import ARSimulation
import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The standard raycast workload: one ray per pixel of a 1920x1440 image (fx = fy = 1445, ARKit
/// principal point (959.5, 719.5)) from the origin, against K seeded rectangles in front of the
/// camera (`rectangles(count:seed:)`).
enum RaycastWorkload {
  static let imageWidth = 1920, imageHeight = 1440
  static let focalLength: Float = 1445
  /// ARKit's principal point `(ox, oy)`; in continuous pixels `(960, 720)`, the image centre.
  static let principalPoint = SIMD2<Float>(959.5, 719.5)

  static var camera: BatchPixelGrid {
    BatchPixelGrid(
      imageWidth: imageWidth, height: imageHeight,
      focalLengthPixels: SIMD2(focalLength, focalLength),
      principalPointPixels: principalPoint, worldFromCamera: .identity)
  }

  /// `count` rectangles facing the camera at the origin. Plane `i`: `i % 4 == 1` horizontal below
  /// the camera (y in [-1.5, -0.5]), `i % 4 == 2` vertical, the rest tilted within 60° of facing the
  /// camera. Centres x, y in [-1.5, 1.5], z in [-3, -0.3]; half extents 0.05...0.6 m; a random spin
  /// about the normal.
  static func rectangles(count: Int, seed: UInt64) -> [BatchPlane] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { i in
      var c = SIMD3<Float>(
        Float(rng.uniform(-1.5...1.5)), Float(rng.uniform(-1.5...1.5)),
        Float(rng.uniform(-3 ... -0.3)))
      let toCamera = (-c).normalized()!
      var n: SIMD3<Float>
      switch i % 4 {
      case 1:
        c.y = Float(rng.uniform(-1.5 ... -0.5))
        n = SIMD3(0, 1, 0)
      case 2:
        n = SIMD3(toCamera.x, 0, toCamera.z).normalized() ?? SIMD3(0, 0, 1)
      default:
        let tilt = rng.uniform(0...(Double.pi / 3))
        let around = rng.uniform(0...(2 * Double.pi))
        let a = abs(toCamera.y) < 0.9 ? SIMD3<Float>(0, 1, 0) : SIMD3<Float>(1, 0, 0)
        let p = toCamera.cross(a).normalized()!
        let q = toCamera.cross(p)
        let axis = Float(cos(around)) * p + Float(sin(around)) * q
        n = toCamera * Float(cos(tilt)) + axis * Float(sin(tilt))
      }
      n = n.normalized()!
      let spin = rng.uniform(0...(2 * Double.pi))
      let a = abs(n.y) < 0.9 ? SIMD3<Float>(0, 1, 0) : SIMD3<Float>(1, 0, 0)
      let x0 = a.cross(n).normalized()!
      let x = (Float(cos(spin)) * x0 + Float(sin(spin)) * n.cross(x0)).normalized()!
      let z = x.cross(n)
      let rotation = try! Quaternion(rotationMatrix: Matrix3x3(x, n, z))
      let half = SIMD2<Float>(Float(rng.uniform(0.05...0.6)), Float(rng.uniform(0.05...0.6)))
      return try! BatchPlane(
        worldFromPlane: RigidTransform(rotation: rotation, translation: c),
        shape: .rectangle(centerXZ: .zero, halfExtentsXZ: half, rotationOnYAxis: .zero))
    }
  }

  /// `count` rays from the camera through uniformly random image points (sparse queries;
  /// continuous image pixels, where ARKit's principal point sits at `principalPoint + 0.5`).
  static func sparseRays(count: Int, seed: UInt64) -> BatchRaySoA {
    var rng = SplitMix64(seed: seed)
    var r: [[Float]] = Array(repeating: [], count: 6)
    let principal = principalPoint + 0.5
    for _ in 0..<count {
      let u = Float(rng.uniform(0...Double(imageWidth)))
      let v = Float(rng.uniform(0...Double(imageHeight)))
      let d = SIMD3<Float>(
        (u - principal.x) / focalLength, -(v - principal.y) / focalLength, -1
      )
      .normalized()!
      for (i, value) in [0, 0, 0, d.x, d.y, d.z].enumerated() { r[i].append(value) }
    }
    return try! BatchRaySoA(
      originX: r[0], originY: r[1], originZ: r[2], directionX: r[3], directionY: r[4],
      directionZ: r[5])
  }

  /// The four world corners of a rectangle plane (for the Embree peer: two triangles each).
  static func corners(of plane: BatchPlane) -> [SIMD3<Float>] {
    guard case .rectangle(let c, let h, _) = plane.shape else { return [] }
    let pose = plane.worldFromPlane
    return [SIMD2<Float>(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)].map { s in
      pose.transformPoint(SIMD3(c.x + s.x * h.x, 0, c.y + s.y * h.y))
    }
  }
}
