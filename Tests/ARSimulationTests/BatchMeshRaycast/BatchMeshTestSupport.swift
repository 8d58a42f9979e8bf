import ARSimulation
import SpatialMath
import _SimulationFixtures

enum BatchMeshFixtures {
  /// Every engine, the reference last.
  static let engines: [BatchRaycastEngine] = [.simd, .avx512, .avx2, .baseline, .swiftSIMD]

  /// A scene from a synthetic mesh.
  static func scene(_ mesh: SyntheticMesh) -> BatchMeshScene {
    try! BatchMeshScene(worldVertices: mesh.vertices, indices: mesh.indices)
  }

  /// A random mixed mesh: a jittered height field (shared edges) under a soup of triangles, with
  /// a few duplicated triangles (equal t: the lower index must win).
  static func mixedMesh(seed: UInt64, soup: Int = 40) -> SyntheticMesh {
    var rng = SplitMix64(seed: seed)
    var mesh = SyntheticMesh()
    mesh.appendGrid(columns: 9, rows: 7) { u, v in
      SIMD3(u * 4 - 2, Float.random(in: -0.1...0.1, using: &rng) - 1, v * 4 - 4)
    }
    let extra = SyntheticMesh.soup(triangleCount: soup, seed: seed &+ 1)
    let base = UInt32(mesh.vertices.count)
    mesh.vertices += extra.vertices
    mesh.indices += extra.indices.map { $0 + base }
    for k in 0..<3 { mesh.indices += mesh.indices[(6 * k)..<(6 * k + 3)] }
    return mesh
  }

  /// Random rays: most aimed at triangle edges and corners of `mesh` from random origins, some
  /// random, some with NaN/inf components or zero directions.
  static func rays(count: Int, mesh: SyntheticMesh, _ rng: inout SplitMix64) -> BatchRaySoA {
    var r: [[Float]] = Array(repeating: [], count: 6)
    for _ in 0..<count {
      var o = SIMD3<Float>(rng.float(-2...2), rng.float(-0.5...1.5), rng.float(-1...1))
      var d = SIMD3<Float>(rng.float(-1...1), rng.float(-1...1), rng.float(-1...0.2))
      switch Int.random(in: 0..<10, using: &rng) {
      case 0: o.x = [Float.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &rng)]
      case 1: d.y = [Float.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &rng)]
      case 2: d = .zero
      case 3, 4, 5, 6, 7:
        let t = Int.random(in: 0..<mesh.triangleCount, using: &rng)
        let corners = (0..<3).map { mesh.vertices[Int(mesh.indices[3 * t + $0])] }
        let k = Int.random(in: 0..<3, using: &rng)
        let f: Float = [0, 0.5, rng.float(0...1)][Int.random(in: 0..<3, using: &rng)]
        let target = corners[k] + f * (corners[(k + 1) % 3] - corners[k])
        d = target - o
      default: break
      }
      if Bool.random(using: &rng), let unit = d.normalized() { d = unit }
      for (i, v) in [o.x, o.y, o.z, d.x, d.y, d.z].enumerated() { r[i].append(v) }
    }
    return try! BatchRaySoA(
      originX: r[0], originY: r[1], originZ: r[2], directionX: r[3], directionY: r[4],
      directionZ: r[5])
  }

  /// The first ray whose results differ in any bit between `a` and `b`.
  static func firstDifference(_ a: BatchMeshRaycastResult, _ b: BatchMeshRaycastResult) -> Int? {
    guard a.count == b.count, a.barycentricU.count == b.barycentricU.count else { return -1 }
    for i in 0..<a.count {
      let same =
        a.triangleIndex[i] == b.triangleIndex[i] && a.t[i].bitPattern == b.t[i].bitPattern
        && (a.barycentricU.isEmpty
          || (a.barycentricU[i].bitPattern == b.barycentricU[i].bitPattern
            && a.barycentricV[i].bitPattern == b.barycentricV[i].bitPattern))
      if !same { return i }
    }
    return nil
  }

  /// A small camera grid looking down -z from `position`, `width` x `height` pixels.
  static func grid(width: Int, height: Int, worldFromCamera: RigidTransform) -> BatchPixelGrid {
    BatchPixelGrid(
      imageWidth: width, height: height,
      focalLengthPixels: SIMD2(Float(width) * 0.75, Float(width) * 0.75),
      principalPointPixels: SIMD2(Float(width) / 2 - 0.5, Float(height) / 2 - 0.5),
      worldFromCamera: worldFromCamera)
  }
}

extension SyntheticMesh {
  /// The unit normal of triangle `t` by its winding (test geometry, never degenerate).
  func normal(ofTriangle t: Int) -> SIMD3<Float> {
    let (a, b, c) = (
      vertices[Int(indices[3 * t])], vertices[Int(indices[3 * t + 1])],
      vertices[Int(indices[3 * t + 2])]
    )
    return (b - a).cross(c - a).normalized()!
  }
}
