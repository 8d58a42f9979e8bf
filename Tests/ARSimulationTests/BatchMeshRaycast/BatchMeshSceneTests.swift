import ARSimulation
import SpatialMath
import Testing
import _SimulationFixtures

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct BatchMeshSceneTests {
  /// The triangle (0,0,-1), (1,0,-1), (0,1,-1) and a ray from the origin along (1/4, 1/4, -1):
  /// it meets z = -1 at (1/4, 1/4, -1), so t = 1 (in direction lengths) and the weights of P1 and
  /// P2 are 1/4 each; every product and sum of the hit rule is exact here.
  @Test func handWorkedHitHasExactDistanceAndBarycentrics() throws {
    let scene = try BatchMeshScene(
      worldVertices: [SIMD3(0, 0, -1), SIMD3(1, 0, -1), SIMD3(0, 1, -1)], indices: [0, 1, 2])
    let rays = try BatchRaySoA(
      originX: [0, 0], originY: [0, 0], originZ: [0, 0], directionX: [0.25, 0.75],
      directionY: [0.25, 0.75], directionZ: [-1, -1])
    for engine in BatchMeshFixtures.engines + [.reference] {
      let result = scene.raycast(rays: rays, engine: engine)
      #expect(result.t[0] == 1 && result.triangleIndex[0] == 0, "\(engine)")
      #expect(result.barycentricU[0] == 0.25 && result.barycentricV[0] == 0.25, "\(engine)")
      // (3/4, 3/4) lies outside the triangle (u + v > 1).
      #expect(result.triangleIndex[1] == -1 && result.t[1] == .infinity, "\(engine)")
      #expect(result.barycentricU[1] == 0 && result.barycentricV[1] == 0)
    }
    #expect(scene.normal(ofTriangle: 0) == SIMD3(0, 0, 1))
  }

  /// Centimetre triangles about 3 m from the ray origins, each facing its ray within 60°, hit at
  /// their centroids: `t` against the closed form in `Double` from the same `Float` corners and
  /// rays, `t = ((P0 - o)·N) / (d·N)` with `N = (P1 - P0) × (P2 - P0)`. In `Float` that quotient
  /// is within a few units in the last place (well-conditioned at these angles); the
  /// origin-relative form `(A·(B×C)) / (w0 + w1 + w2)` is typically 1e-4 off on such triangles
  /// and up to 1e-2.
  @Test func distanceToSmallFarTrianglesKeepsFloatPrecision() throws {
    var rng = SplitMix64(seed: 21)
    var checked = 0
    var worst: [BatchRaycastEngine: Double] = [:]
    while checked < 200 {
      let center = SIMD3<Float>(
        rng.float(0.3...1.3), rng.float(-0.8...0.2), rng.float(-3.5...(-2.5)))
      let p = (0..<3).map { _ in
        center + SIMD3(rng.float(-1e-2...1e-2), rng.float(-1e-2...1e-2), rng.float(-1e-2...1e-2))
      }
      let o = SIMD3<Float>(rng.float(-0.2...0.2), rng.float(-0.2...0.2), rng.float(-0.2...0.2))
      let pd = p.map { SIMD3<Double>($0) }
      let d = SIMD3<Float>((pd[0] + pd[1] + pd[2]) / 3 - SIMD3<Double>(o))
      let (e, f) = (pd[1] - pd[0], pd[2] - pd[0])
      let n = SIMD3(e.y * f.z - e.z * f.y, e.z * f.x - e.x * f.z, e.x * f.y - e.y * f.x)
      let dd = SIMD3<Double>(d)
      let facing = abs((dd * n).sum()) / ((dd * dd).sum() * (n * n).sum()).squareRoot()
      guard facing > 0.5 else { continue }
      let expected = ((pd[0] - SIMD3<Double>(o)) * n).sum() / (dd * n).sum()
      let scene = try BatchMeshScene(worldVertices: p, indices: [0, 1, 2])
      let ray = try BatchRaySoA(
        originX: [o.x], originY: [o.y], originZ: [o.z], directionX: [d.x], directionY: [d.y],
        directionZ: [d.z])
      for engine in BatchMeshFixtures.engines + [.reference] {
        let result = scene.raycast(rays: ray, engine: engine)
        #expect(result.triangleIndex[0] == 0, "\(engine) triangle \(checked)")
        let error = abs(Double(result.t[0]) - expected) / expected
        worst[engine] = max(worst[engine, default: 0], error)
      }
      checked += 1
    }
    for (engine, error) in worst {
      #expect(error < 1e-6, "\(engine): worst relative error of t \(error)")
    }
  }

  /// Rays through the shared diagonal of a unit square split in two, exactly on it (the shared
  /// edge function is exactly 0): the tie rule gives each ray to exactly one triangle, and the
  /// same one whatever the other triangle's presence.
  @Test func raysExactlyOnASharedEdgeHitExactlyOneTriangle() throws {
    let v: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 1, 0), SIMD3(0, 1, 0)]
    let both = try BatchMeshScene(worldVertices: v, indices: [0, 1, 2, 0, 2, 3])
    let first = try BatchMeshScene(worldVertices: v, indices: [0, 1, 2])
    let second = try BatchMeshScene(worldVertices: v, indices: [0, 2, 3])
    let xs: [Float] = (1..<64).map { Float($0) / 64 } + [0.3, 0.7, 0.123]
    for (dx, dy, dz) in [(Float(0), Float(0), Float(-1)), (0, 0, 1), (0.25, -0.25, -1)] {
      // From (x, x, ±1) minus the in-plane offset, so that every ray reaches (x, x, 0) exactly.
      let oz: Float = dz < 0 ? 1 : -1
      let rays = try BatchRaySoA(
        originX: xs.map { $0 - dx * oz / -dz }, originY: xs.map { $0 - dy * oz / -dz },
        originZ: xs.map { _ in oz }, directionX: xs.map { _ in dx },
        directionY: xs.map { _ in dy }, directionZ: xs.map { _ in dz })
      for engine in BatchMeshFixtures.engines + [.reference] {
        let a = first.raycast(rays: rays, engine: engine).triangleIndex
        let b = second.raycast(rays: rays, engine: engine).triangleIndex
        let ab = both.raycast(rays: rays, engine: engine).triangleIndex
        for i in xs.indices {
          #expect((a[i] == 0) != (b[i] == 0), "\(engine) x \(xs[i]) d \((dx, dy, dz))")
          #expect(ab[i] == (a[i] == 0 ? 0 : 1), "\(engine) x \(xs[i])")
        }
      }
    }
  }

  /// A jittered height field (shared vertices) seen from above and from below by rays aimed at
  /// its edges and corners from random origins: every ray that aims inside the field hits it,
  /// and a ray aimed at an edge's interior hits exactly one of the edge's two triangles when
  /// each is alone.
  @Test(arguments: [UInt64(11), 12])
  func heightFieldsHaveNoCracks(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var mesh = SyntheticMesh()
    mesh.appendGrid(columns: 12, rows: 10) { u, v in
      SIMD3(
        u * 3 - 1.5, 0.2 * sinf(5 * u) * cosf(4 * v) + Float.random(in: -0.05...0.05, using: &rng),
        v * 3 - 1.5)
    }
    let scene = BatchMeshFixtures.scene(mesh)
    // Both faces of each pair seen from the same side, so the edge is never a silhouette.
    var origins: [SIMD3<Float>] = []
    var targets: [SIMD3<Float>] = []
    var pairs: [(Int, Int)] = []
    // Interior edges: the three edges of each triangle; a pair is two triangles sharing one.
    var owner: [[UInt32]: Int] = [:]
    for t in 0..<mesh.triangleCount {
      for k in 0..<3 {
        let (i, j) = (mesh.indices[3 * t + k], mesh.indices[3 * t + (k + 1) % 3])
        let key = [min(i, j), max(i, j)]
        if let other = owner[key] {
          pairs.append((other, t))
          let normals = [other, t].map { mesh.normal(ofTriangle: $0) }
          var added = 0
          while added < 4 {
            let f = rng.float(0.05...0.95)
            let target = mesh.vertices[Int(i)] + f * (mesh.vertices[Int(j)] - mesh.vertices[Int(i)])
            let origin = SIMD3(
              rng.float(-3...3),
              Bool.random(using: &rng) ? rng.float(1...3) : rng.float(-3...(-1)), rng.float(-3...3))
            // Only where both triangles face the ray the same way: at a silhouette edge (one
            // seen from the front, one from the back) hitting both or neither is right.
            let facing = normals.map { ($0.dot(target - origin) / (target - origin).length) }
            guard facing[0] * facing[1] > 0, min(abs(facing[0]), abs(facing[1])) > 0.05 else {
              continue
            }
            targets.append(target)
            origins.append(origin)
            added += 1
          }
        } else {
          owner[key] = t
        }
      }
    }
    let d = zip(origins, targets).map { $1 - $0 }
    let rays = try BatchRaySoA(
      originX: origins.map(\.x), originY: origins.map(\.y), originZ: origins.map(\.z),
      directionX: d.map(\.x), directionY: d.map(\.y), directionZ: d.map(\.z))
    for engine in BatchMeshFixtures.engines + [.reference] {
      let result = scene.raycast(rays: rays, engine: engine)
      let misses = result.triangleIndex.filter { $0 < 0 }.count
      #expect(misses == 0, "seed \(seed) \(engine): \(misses) of \(rays.count) rays fell through")
    }
    for (p, pair) in pairs.enumerated() where p % 7 == 0 {
      let corners = [pair.0, pair.1].map { t in
        (0..<3).map { mesh.vertices[Int(mesh.indices[3 * t + $0])] }
      }
      let alone = try corners.map { c in
        try BatchMeshScene(worldVertices: c, indices: [0, 1, 2])
      }
      let slice = (4 * p)..<(4 * p + 4)
      let subset = try BatchRaySoA(
        originX: Array(rays.originX[slice]), originY: Array(rays.originY[slice]),
        originZ: Array(rays.originZ[slice]), directionX: Array(rays.directionX[slice]),
        directionY: Array(rays.directionY[slice]), directionZ: Array(rays.directionZ[slice]))
      let hitsA = alone[0].raycast(rays: subset).triangleIndex
      let hitsB = alone[1].raycast(rays: subset).triangleIndex
      for i in 0..<4 {
        #expect((hitsA[i] == 0) != (hitsB[i] == 0), "seed \(seed) edge pair \(pair) ray \(i)")
      }
    }
  }

  /// Instances are transformed to world space and numbered in order.
  @Test func instancesAreTransformedAndNumberedInOrder() throws {
    let square = try TriangleMesh(
      vertices: [SIMD3(-1, -1, 0), SIMD3(1, -1, 0), SIMD3(1, 1, 0), SIMD3(-1, 1, 0)],
      indices: [0, 1, 2, 0, 2, 3])
    let scene = BatchMeshScene(instances: [
      .init(mesh: square, worldFromMesh: RigidTransform(translation: SIMD3(0, 0, -3))),
      .init(mesh: square, worldFromMesh: RigidTransform(translation: SIMD3(0, 0, -2))),
    ])
    #expect(scene.triangleCount == 4 && scene.meshTriangleOffsets == [0, 2, 4])
    #expect(scene.meshAndTriangle(ofTriangle: 3)! == (1, 1))
    #expect(scene.meshAndTriangle(ofTriangle: 4) == nil)
    #expect(scene.meshAndTriangle(ofTriangle: -1) == nil)
    let rays = try BatchRaySoA(
      originX: [0.5, -0.5], originY: [-0.25, 0.25], originZ: [0, 0], directionX: [0, 0],
      directionY: [0, 0], directionZ: [-1, -1])
    let result = scene.raycast(rays: rays)
    // The nearer copy (z = -2) is hit: its first triangle below the diagonal, its second above.
    #expect(result.t == [2, 2] && result.triangleIndex == [2, 3])
    #expect(scene.normal(ofTriangle: 2) == SIMD3(0, 0, 1))
  }

  /// A wall at z = -2 facing the camera: every pixel's z-depth is 2 m (t times the direction's
  /// camera -z), though t grows towards the corners.
  @Test func depthOfAFrontoParallelWallIsConstant() throws {
    let scene = try BatchMeshScene(
      worldVertices: [SIMD3(-9, -9, -2), SIMD3(9, -9, -2), SIMD3(9, 9, -2), SIMD3(-9, 9, -2)],
      indices: [0, 1, 2, 0, 2, 3])
    let grid = BatchMeshFixtures.grid(width: 32, height: 24, worldFromCamera: .identity)
    let result = scene.raycast(grid: grid)
    let depth = scene.depthMeters(of: result, grid: grid)
    #expect(depth.allSatisfy { abs($0 - 2) <= 2e-6 })
    #expect(result.t.first! > 2.2)
  }

  @Test func badRawMeshesThrowNamedErrors() {
    #expect(throws: BatchMeshError.indexCount(4)) {
      try BatchMeshScene(worldVertices: [.zero], indices: [0, 0, 0, 0])
    }
    #expect(throws: BatchMeshError.indexOutOfRange(position: 2, index: 5, vertexCount: 3)) {
      try BatchMeshScene(worldVertices: [.zero, .zero, .zero], indices: [0, 1, 5])
    }
    #expect(throws: BatchMeshError.vertexNotFinite(vertex: 1)) {
      try BatchMeshScene(worldVertices: [.zero, SIMD3(.nan, 0, 0)], indices: [])
    }
  }
}
