import ARSimulation
import SpatialMath
import Testing
import _SimulationFixtures

/// Every engine against the brute-force reference, bit for bit, over seeded random meshes and
/// rays (the seed is in each test's arguments).
@Suite struct BatchMeshDifferentialTests {
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func rayBatchesMatchTheReferenceBitForBit(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let mesh = BatchMeshFixtures.mixedMesh(seed: seed)
    let scene = BatchMeshFixtures.scene(mesh)
    // Counts 0...2*16+1 cover every tail length of 4-, 8- and 16-lane packets, then a larger one.
    for count in Array(0...33) + [700] {
      let rays = BatchMeshFixtures.rays(count: count, mesh: mesh, &rng)
      let reference = scene.raycast(rays: rays, engine: .reference)
      for engine in BatchMeshFixtures.engines {
        for threads in [1, 3] {
          let result = scene.raycast(rays: rays, engine: engine, threadCount: threads)
          let diff = BatchMeshFixtures.firstDifference(result, reference)
          #expect(
            diff == nil, "seed \(seed) count \(count) \(engine) x\(threads): ray \(diff ?? 0)")
        }
      }
      let noBarycentrics = scene.raycast(rays: rays, barycentrics: false)
      #expect(noBarycentrics.barycentricU.isEmpty)
      #expect(noBarycentrics.t.map(\.bitPattern) == reference.t.map(\.bitPattern))
      #expect(noBarycentrics.triangleIndex == reference.triangleIndex)
    }
  }

  @Test(arguments: [(UInt64(5), 37, 23), (6, 16, 16), (7, 1, 9), (8, 70, 3)])
  func pixelGridsMatchTheReferenceBitForBit(seed: UInt64, width: Int, height: Int) {
    var rng = SplitMix64(seed: seed)
    let scene = BatchMeshFixtures.scene(BatchMeshFixtures.mixedMesh(seed: seed, soup: 120))
    let pose = RigidTransform(
      rotation: Quaternion(angle: .degrees(Double(rng.float(-30...30))), axis: SIMD3(1, 0.3, 0)),
      translation: SIMD3(rng.float(-0.5...0.5), rng.float(0...1), rng.float(0...1)))
    let grid = BatchMeshFixtures.grid(width: width, height: height, worldFromCamera: pose)
    let reference = scene.raycast(grid: grid, engine: .reference)
    #expect(reference.triangleIndex.contains { $0 >= 0 }, "the camera sees the mesh")
    for engine in BatchMeshFixtures.engines {
      for threads in [1, 2, 5] {
        let result = scene.raycast(grid: grid, engine: engine, threadCount: threads)
        let diff = BatchMeshFixtures.firstDifference(result, reference)
        #expect(diff == nil, "seed \(seed) \(engine) x\(threads): pixel \(diff ?? 0)")
      }
    }
  }

  @Test func nonFiniteGridsMissEverywhere() {
    let scene = BatchMeshFixtures.scene(BatchMeshFixtures.mixedMesh(seed: 9))
    var grid = BatchMeshFixtures.grid(width: 20, height: 10, worldFromCamera: .identity)
    grid.focalLengthPixels.x = .nan
    for engine in BatchMeshFixtures.engines + [.reference] {
      let result = scene.raycast(grid: grid, engine: engine)
      #expect(result.triangleIndex.allSatisfy { $0 == -1 } && result.t.allSatisfy(\.isInfinite))
    }
  }

  @Test func emptyScenesMissEverywhere() {
    let scene = try! BatchMeshScene(worldVertices: [], indices: [])
    var rng = SplitMix64(seed: 10)
    let rays = BatchMeshFixtures.rays(count: 21, mesh: BatchMeshFixtures.mixedMesh(seed: 1), &rng)
    let grid = BatchMeshFixtures.grid(width: 9, height: 9, worldFromCamera: .identity)
    for engine in BatchMeshFixtures.engines + [.reference] {
      #expect(scene.raycast(rays: rays, engine: engine).triangleIndex.allSatisfy { $0 == -1 })
      #expect(scene.raycast(grid: grid, engine: engine).triangleIndex.allSatisfy { $0 == -1 })
    }
  }
}
