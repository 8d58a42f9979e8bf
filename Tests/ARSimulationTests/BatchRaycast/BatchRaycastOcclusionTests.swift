import ARSimulation
import SpatialMath
import Testing

/// The grid kernel bounds each plane's depth over a tile and drops the planes that lie wholly
/// behind a rectangle every ray of the tile hits (an occluder); rays then test such a covering
/// rectangle without its facing and border tests. Both rest on margins beyond rounding, so the
/// kernels must still equal the reference bit for bit, including the tie rule (equal `t`: the
/// lowest plane index wins) between coplanar planes and planes just behind an occluder.
@Suite struct BatchRaycastOcclusionTests {
  static let grid = BatchPixelGrid(
    imageWidth: 96, height: 72, focalLengthPixels: SIMD2(80, 80),
    principalPointPixels: SIMD2(47.5, 35.5), worldFromCamera: .identity)

  /// Plane-local +y (the normal) turned to world +z: a rectangle facing the default camera.
  static let facing = Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0))

  static func facingRectangle(
    depth: Float, half: SIMD2<Float>, offset: SIMD2<Float> = .zero, pose: RigidTransform = .identity
  ) -> BatchPlane {
    try! BatchPlane(
      worldFromPlane: pose
        * RigidTransform(rotation: facing, translation: SIMD3(offset.x, offset.y, -depth)),
      shape: .rectangle(centerXZ: .zero, halfExtentsXZ: half, rotationOnYAxis: .zero))
  }

  /// A wall 2 m away covers the whole view (the view spans about ±1.2 x ±0.9 m there). Index 0 is
  /// a coplanar 1.2 m square at its centre (it covers whole 16x32-pixel tiles too: ±24 pixels),
  /// index 1 the wall, index 2 the wall's exact duplicate; behind them, rectangles 0.5 mm, 1 cm
  /// and 1 m further. Every pixel hits the wall plane at the same `t` for indices 0 (where it
  /// reaches), 1 and 2, so index 0 must win inside its square, index 1 everywhere else, and
  /// neither the duplicate nor anything behind ever.
  @Test func coveringWallKeepsTheTieRuleAndHidesWhatIsBehind() {
    let wall = Self.facingRectangle(depth: 2, half: SIMD2(3, 3))
    let planes = [
      Self.facingRectangle(depth: 2, half: SIMD2(0.6, 0.6)), wall, wall,
      Self.facingRectangle(depth: 2.0005, half: SIMD2(3, 3)),
      Self.facingRectangle(depth: 2.01, half: SIMD2(1, 1), offset: SIMD2(0.3, 0.1)),
      Self.facingRectangle(depth: 3, half: SIMD2(4, 4)),
    ]
    let scene = BatchRaycastScene(planes: planes)
    let expected = scene.intersect(Self.grid, engine: .reference)
    // Pixel (47, 35) looks 0.5/80 off the axis: 0.0125 m from the square's centre at 2 m;
    // pixel (0, 0) looks 47.5/80 x 35.5/80 off the axis: 1.19 x 0.89 m, outside the square.
    #expect(expected.planeIndex[35 * 96 + 47] == 0)
    #expect(expected.planeIndex[0] == 1)
    #expect(Set(expected.planeIndex) == [0, 1])
    for engine in BatchRaycastDifferentialTests.kernelEngines {
      for threads in [1, 2] {
        let diff = BatchRaycastFixtures.firstDifference(
          scene.intersect(Self.grid, engine: engine, threadCount: threads), expected)
        #expect(diff == nil, "engine \(engine) threads \(threads) pixel \(diff ?? 0)")
      }
    }
  }

  /// A plane in front of the wall that covers part of the view, with the wall listed first: the
  /// wall occludes everything behind it, yet the nearer partial plane must win where it reaches.
  @Test func nearerPartialPlaneBeatsCoveringWall() {
    let planes = [
      Self.facingRectangle(depth: 2, half: SIMD2(3, 3)),
      Self.facingRectangle(depth: 1.9995, half: SIMD2(0.4, 0.3), offset: SIMD2(-0.2, 0.1)),
      Self.facingRectangle(depth: 2.5, half: SIMD2(0.5, 0.5)),
    ]
    let scene = BatchRaycastScene(planes: planes)
    let expected = scene.intersect(Self.grid, engine: .reference)
    #expect(Set(expected.planeIndex) == [0, 1])
    for engine in BatchRaycastDifferentialTests.kernelEngines {
      let diff = BatchRaycastFixtures.firstDifference(
        scene.intersect(Self.grid, engine: engine), expected)
      #expect(diff == nil, "engine \(engine) pixel \(diff ?? 0)")
    }
  }

  /// Seeded scenes of large rectangles close to a rotated camera (occluders for many tiles, tilted
  /// up to 85° from facing it, so some are near the grazing limit of the covering test), with many
  /// small rectangles around and behind them, under a display-like affine grid map half the time.
  @Test(arguments: 0..<8)
  func occludersAtRandomTiltsMatchReference(seed: Int) {
    var rng = SplitMix64(seed: UInt64(9000 + seed))
    let camera = RigidTransform(
      rotation: BatchRaycastFixtures.rotation(&rng),
      translation: SIMD3(rng.float(-1...1), rng.float(-1...1), rng.float(-1...1)))
    var planes: [BatchPlane] = []
    for i in 0..<40 {
      let big = i % 8 == 0
      let tilt =
        Quaternion(angle: .degrees(Double(rng.float(-85...85))), axis: SIMD3(1, 0, 0))
        * Quaternion(angle: .degrees(Double(rng.float(-85...85))), axis: SIMD3(0, 0, 1))
      let local = RigidTransform(
        rotation: Self.facing * tilt,
        translation: SIMD3(
          rng.float(-1...1), rng.float(-1...1),
          big ? rng.float(-1.5...(-0.4)) : rng.float(-4...(-0.5))))
      let half =
        big
        ? SIMD2(rng.float(1...4), rng.float(1...4))
        : SIMD2(rng.float(0.05...0.5), rng.float(0.05...0.5))
      planes.append(
        try! BatchPlane(
          worldFromPlane: camera * local,
          shape: .rectangle(centerXZ: .zero, halfExtentsXZ: half, rotationOnYAxis: .zero)))
    }
    let scene = BatchRaycastScene(planes: planes, cullsBackFaces: seed % 2 == 0)
    var grid = BatchPixelGrid(
      imageWidth: 100, height: 70, focalLengthPixels: SIMD2(70, 75),
      principalPointPixels: SIMD2(49.5, 34.5), worldFromCamera: camera)
    if seed % 2 == 1 {
      grid.imagePixelFromGridPixel = AffineTransform2D(
        a: 0, b: 1, c: -1, d: 0, tx: 70, ty: 0)
    }
    let expected = scene.intersect(grid, engine: .reference)
    #expect(expected.planeIndex.contains { $0 >= 0 })
    for engine in BatchRaycastDifferentialTests.kernelEngines {
      let diff = BatchRaycastFixtures.firstDifference(
        scene.intersect(grid, engine: engine), expected)
      #expect(diff == nil, "seed \(seed) engine \(engine) pixel \(diff ?? 0)")
    }
  }
}
