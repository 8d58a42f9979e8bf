import ARSimulation
import SpatialMath
import Testing

/// The C kernels (auto-selected ISA and forced baseline) and the Swift SIMD implementation against
/// the scalar Swift reference, on seeded random scenes and rays with special cases mixed in. They
/// all evaluate the same operations in the same order without FMA, so they must agree bit for bit.
/// Where the kernels are not built (`ARSIM_KERNELS=off`), `simd` and `baseline` run the Swift SIMD
/// implementation and the same tests hold it to the reference.
@Suite struct BatchRaycastDifferentialTests {
  static let kernelEngines: [BatchRaycastEngine] = [
    .simd, .avx512, .avx2, .baseline, .swiftSIMD,
  ]

  @Test(arguments: 0...17)
  func raysAgreeWithReference(count: Int) {
    for (seedOffset, cull) in [(0, true), (1, false)] {
      let seed = UInt64(1000 + 2 * count + seedOffset)
      var rng = SplitMix64(seed: seed)
      let planes = BatchRaycastFixtures.planes(count: count, &rng)
      let scene = BatchRaycastScene(planes: planes, cullsBackFaces: cull)
      let rays = BatchRaycastFixtures.rays(count: 17 - count + count * 3, planes: planes, &rng)
      let expected = scene.intersect(rays, engine: .reference)
      for engine in Self.kernelEngines {
        let got = scene.intersect(rays, engine: engine)
        let diff = BatchRaycastFixtures.firstDifference(got, expected)
        #expect(diff == nil, "seed \(seed) engine \(engine) ray \(diff ?? 0)")
      }
    }
  }

  @Test(arguments: 0...17)
  func rayCountsAroundLaneWidths(rayCount: Int) {
    let seed = UInt64(77 + rayCount)
    var rng = SplitMix64(seed: seed)
    let planes = BatchRaycastFixtures.planes(count: 9, &rng)
    let scene = BatchRaycastScene(planes: planes)
    let rays = BatchRaycastFixtures.rays(count: rayCount, planes: planes, &rng)
    let expected = scene.intersect(rays, engine: .reference)
    #expect(expected.count == rayCount)
    for engine in Self.kernelEngines {
      let diff = BatchRaycastFixtures.firstDifference(
        scene.intersect(rays, engine: engine), expected)
      #expect(diff == nil, "seed \(seed) engine \(engine) ray \(diff ?? 0)")
    }
  }

  @Test(arguments: [1, 3, 5, 8, 13])
  func offsetSlicesMatchTheWholeBatch(offset: Int) {
    var rng = SplitMix64(seed: 4242)
    let planes = BatchRaycastFixtures.planes(count: 12, &rng)
    let scene = BatchRaycastScene(planes: planes)
    let rays = BatchRaycastFixtures.rays(count: 40, planes: planes, &rng)
    let whole = scene.intersect(rays, engine: .simd)
    let sub = try! BatchRaySoA(
      originX: Array(rays.originX.dropFirst(offset)),
      originY: Array(rays.originY.dropFirst(offset)),
      originZ: Array(rays.originZ.dropFirst(offset)),
      directionX: Array(rays.directionX.dropFirst(offset)),
      directionY: Array(rays.directionY.dropFirst(offset)),
      directionZ: Array(rays.directionZ.dropFirst(offset)))
    for engine in BatchRaycastEngine.allCases {
      let part = scene.intersect(sub, engine: engine)
      #expect(part.planeIndex == Array(whole.planeIndex.dropFirst(offset)), "engine \(engine)")
      #expect(part.t.map(\.bitPattern) == whole.t.dropFirst(offset).map(\.bitPattern))
    }
  }

  @Test(arguments: [1, 2, 3, 7])
  func rayThreadCountsGiveIdenticalBytes(threads: Int) {
    var rng = SplitMix64(seed: 99)
    let planes = BatchRaycastFixtures.planes(count: 20, &rng)
    let scene = BatchRaycastScene(planes: planes)
    let rays = BatchRaycastFixtures.rays(count: 203, planes: planes, &rng)
    let single = scene.intersect(rays, engine: .simd, threadCount: 1)
    for engine in BatchRaycastEngine.allCases {
      let multi = scene.intersect(rays, engine: engine, threadCount: threads)
      #expect(BatchRaycastFixtures.firstDifference(multi, single) == nil, "engine \(engine)")
    }
  }

  /// Grid kernel (with and without tile culling, every engine) against the reference, on random
  /// poses, grid sizes around the lane and tile widths, and random display-like affine maps.
  @Test(arguments: 0...17)
  func gridAgreesWithReference(width: Int) {
    let seed = UInt64(555 + width)
    var rng = SplitMix64(seed: seed)
    let planes = BatchRaycastFixtures.planes(count: width % 9 + 1, &rng)
    let scene = BatchRaycastScene(planes: planes, cullsBackFaces: width % 2 == 0)
    var grid = BatchPixelGrid(
      imageWidth: width, height: 1 + width % 5 + (width > 12 ? 30 : 0),
      focalLengthPixels: SIMD2(Float(width + 1) * 0.8, Float(width + 1) * 0.7),
      principalPointPixels: SIMD2(Float(width) / 2, 2),
      worldFromCamera: RigidTransform(
        rotation: BatchRaycastFixtures.rotation(&rng),
        translation: SIMD3(rng.float(-0.5...0.5), rng.float(-0.5...0.5), rng.float(-0.5...0.5))))
    if width % 3 == 0 {
      grid.imagePixelFromGridPixel = AffineTransform2D(
        a: 0, b: 1.2, c: -0.9, d: 0, tx: Double(width), ty: 0.25)
    }
    let expected = scene.intersect(grid, engine: .reference)
    for engine in Self.kernelEngines {
      for culling in [true, false] {
        let got = scene.intersect(grid, engine: engine, usesTileCulling: culling)
        let diff = BatchRaycastFixtures.firstDifference(got, expected)
        #expect(diff == nil, "seed \(seed) engine \(engine) culling \(culling) pixel \(diff ?? 0)")
      }
    }
  }

  /// The benchmark's kind of scene (many rectangles facing a camera) at a reduced resolution, where
  /// tile culling removes most planes: culled results must equal the reference exactly.
  @Test(arguments: [8, 64, 300])
  func culledGridMatchesReferenceOnManyPlanes(planeCount: Int) {
    var rng = SplitMix64(seed: UInt64(planeCount))
    let planes = (0..<planeCount).map { _ in
      try! BatchPlane(
        worldFromPlane: RigidTransform(
          rotation: Quaternion(angle: .degrees(Double(rng.float(60...120))), axis: SIMD3(1, 0, 0))
            * Quaternion(angle: .degrees(Double(rng.float(-30...30))), axis: SIMD3(0, 0, 1)),
          translation: SIMD3(rng.float(-1.5...1.5), rng.float(-1.5...1.5), rng.float(-3...(-0.3)))),
        shape: .rectangle(
          centerXZ: .zero, halfExtentsXZ: SIMD2(rng.float(0.05...0.6), rng.float(0.05...0.6)),
          rotationOnYAxis: .zero))
    }
    let scene = BatchRaycastScene(planes: planes)
    let grid = BatchPixelGrid(
      imageWidth: 120, height: 90, focalLengthPixels: SIMD2(90.3, 90.3),
      principalPointPixels: SIMD2(59.5, 44.5), worldFromCamera: .identity)
    let expected = scene.intersect(grid, engine: .reference, threadCount: 2)
    #expect(expected.planeIndex.contains { $0 >= 0 })
    for engine in Self.kernelEngines {
      let diff = BatchRaycastFixtures.firstDifference(
        scene.intersect(grid, engine: engine), expected)
      #expect(diff == nil, "planes \(planeCount) engine \(engine) pixel \(diff ?? 0)")
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func gridThreadCountsGiveIdenticalBytes(threads: Int) {
    var rng = SplitMix64(seed: 31337)
    let planes = BatchRaycastFixtures.planes(count: 24, &rng)
    let scene = BatchRaycastScene(planes: planes)
    let grid = BatchPixelGrid(
      imageWidth: 75, height: 101, focalLengthPixels: SIMD2(60, 60),
      principalPointPixels: SIMD2(37.5, 50.5), worldFromCamera: .identity)
    let single = scene.intersect(grid, engine: .simd, threadCount: 1)
    for engine in BatchRaycastEngine.allCases {
      let multi = scene.intersect(grid, engine: engine, threadCount: threads)
      #expect(BatchRaycastFixtures.firstDifference(multi, single) == nil, "engine \(engine)")
    }
  }
}
