import ARSimulation
import SpatialMath
import Testing

/// Hand-worked cases. Planes: `facingCamera(z:)` is the plane z = `z` with its front (+y local)
/// turned to world +z by a +90° rotation about x, which maps local x to world x and local z to
/// world -y. `floor(y:)` is the identity pose moved to height `y` (normal +y).
@Suite struct BatchRaycastSceneTests {
  static func facingCamera(z: Float, shape: BatchPlane.Shape) -> BatchPlane {
    try! BatchPlane(
      worldFromPlane: RigidTransform(
        rotation: Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 0, z)
      ),
      shape: shape)
  }

  static func floor(y: Float, shape: BatchPlane.Shape) -> BatchPlane {
    try! BatchPlane(worldFromPlane: RigidTransform(translation: SIMD3(0, y, 0)), shape: shape)
  }

  static let rectangle = BatchPlane.Shape.rectangle(
    centerXZ: .zero, halfExtentsXZ: SIMD2(0.5, 0.25), rotationOnYAxis: .zero)

  static func ray(_ o: SIMD3<Float>, _ d: SIMD3<Float>) -> BatchRaySoA {
    try! BatchRaySoA(
      originX: [o.x], originY: [o.y], originZ: [o.z], directionX: [d.x],
      directionY: [d.y], directionZ: [d.z])
  }

  static func hit(_ scene: BatchRaycastScene, _ rays: BatchRaySoA, _ engine: BatchRaycastEngine)
    -> (t: Float, index: Int32)
  {
    let r = scene.intersect(rays, engine: engine)
    return (r.t[0], r.planeIndex[0])
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func straightAtRectangle(engine: BatchRaycastEngine) {
    let scene = BatchRaycastScene(planes: [Self.facingCamera(z: -2, shape: Self.rectangle)])
    // Straight down -z: t = 2 exactly.
    let h = Self.hit(scene, Self.ray(.zero, SIMD3(0, 0, -1)), engine)
    #expect(h.index == 0 && h.t == 2)
    // Direction (0.2, 0, -1)/|.|: reaches z = -2 at x = 0.4 (inside 0.5), t = 2·sqrt(1.04).
    let d = SIMD3<Float>(0.2, 0, -1).normalized()!
    let h2 = Self.hit(scene, Self.ray(.zero, d), engine)
    #expect(h2.index == 0)
    #expect(abs(h2.t - 2 * Float(1.04).squareRoot()) <= 1e-5 * h2.t)
    // (0.3, 0, -1): x = 0.6 at z = -2, outside the half width 0.5.
    #expect(
      Self.hit(scene, Self.ray(.zero, SIMD3<Float>(0.3, 0, -1).normalized()!), engine).index == -1)
    // (0, 0.1, -1): y = 0.2 at z = -2; local z = -y = -0.2, inside the half height 0.25.
    #expect(
      Self.hit(scene, Self.ray(.zero, SIMD3<Float>(0, 0.1, -1).normalized()!), engine).index == 0)
    // (0, 0.15, -1): y = 0.3, outside.
    #expect(
      Self.hit(scene, Self.ray(.zero, SIMD3<Float>(0, 0.15, -1).normalized()!), engine).index == -1)
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func bordersAreInclusive(engine: BatchRaycastEngine) {
    let scene = BatchRaycastScene(planes: [Self.facingCamera(z: -2, shape: Self.rectangle)])
    // Rays parallel to -z through x = 0.5 (the border) and y = -0.25 (local z = +0.25): all
    // quantities are exact in Float, so the hit is exactly on the corner.
    #expect(Self.hit(scene, Self.ray(SIMD3(0.5, -0.25, 0), SIMD3(0, 0, -1)), engine) == (2, 0))
    #expect(Self.hit(scene, Self.ray(SIMD3(-0.5, 0.25, 0), SIMD3(0, 0, -1)), engine) == (2, 0))
    // One ulp outside.
    let out = Float(0.5).nextUp
    #expect(Self.hit(scene, Self.ray(SIMD3(out, 0, 0), SIMD3(0, 0, -1)), engine).index == -1)
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func backFacesAreCulledUnlessAsked(engine: BatchRaycastEngine) {
    let plane = Self.facingCamera(z: -2, shape: Self.rectangle)
    let fromBehind = Self.ray(SIMD3(0, 0, -5), SIMD3(0, 0, 1))
    #expect(Self.hit(BatchRaycastScene(planes: [plane]), fromBehind, engine).index == -1)
    let h = Self.hit(BatchRaycastScene(planes: [plane], cullsBackFaces: false), fromBehind, engine)
    #expect(h == (3, 0))
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func nearestWinsAndTiesGoToTheLowestIndex(engine: BatchRaycastEngine) {
    let near = Self.facingCamera(z: -1, shape: Self.rectangle)
    let far = Self.facingCamera(z: -3, shape: Self.rectangle)
    let scene = BatchRaycastScene(planes: [far, near, near])
    #expect(Self.hit(scene, Self.ray(.zero, SIMD3(0, 0, -1)), engine) == (1, 1))
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func badRaysMiss(engine: BatchRaycastEngine) {
    let scene = BatchRaycastScene(planes: [
      BatchRaycastSceneTests.facingCamera(z: -2, shape: .infinite)
    ])
    for (o, d) in [
      (SIMD3<Float>(.nan, 0, 0), SIMD3<Float>(0, 0, -1)), (SIMD3(0, 0, 0), SIMD3(0, 0, Float.nan)),
      (SIMD3(Float.infinity, 0, 0), SIMD3(0, 0, -1)),
      (SIMD3(0, 0, 0), SIMD3(0, 0, -Float.infinity)),
      (SIMD3(0, 0, 0), SIMD3(0, 0, 0)),  // zero direction
      (SIMD3(0, 0, -2), SIMD3(1, 0, 0)),  // edge-on, inside the plane
      (SIMD3(0, 0, 0), SIMD3(1, 0, 0)),  // parallel
    ] {
      #expect(Self.hit(scene, Self.ray(o, d), engine) == (.infinity, -1), "\(o) \(d)")
    }
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func rotatedExtentSwapsTheAxes(engine: BatchRaycastEngine) {
    // Half extents 0.5 along x and 0.1 along z, turned 90° about +y: now 0.1 along x, 0.5 along z.
    let plane = Self.floor(
      y: -1,
      shape: .rectangle(
        centerXZ: .zero, halfExtentsXZ: SIMD2(0.5, 0.1), rotationOnYAxis: .degrees(90)))
    let scene = BatchRaycastScene(planes: [plane])
    let down = SIMD3<Float>(0, -1, 0)
    #expect(Self.hit(scene, Self.ray(SIMD3(0.3, 0, 0), down), engine).index == -1)
    #expect(Self.hit(scene, Self.ray(SIMD3(0, 0, 0.3), down), engine) == (1, 0))
    // An offset centre (0.2, -0.3): the rectangle now spans x in [0.1, 0.3], z in [-0.8, 0.2].
    let shifted = Self.floor(
      y: -1,
      shape: .rectangle(
        centerXZ: SIMD2(0.2, -0.3), halfExtentsXZ: SIMD2(0.5, 0.1),
        rotationOnYAxis: .degrees(90)))
    let s2 = BatchRaycastScene(planes: [shifted])
    #expect(Self.hit(s2, Self.ray(SIMD3(0.2, 0, -0.7), down), engine) == (1, 0))
    #expect(Self.hit(s2, Self.ray(SIMD3(0, 0, -0.3), down), engine).index == -1)
  }

  @Test(arguments: BatchRaycastEngine.allCases, [false, true])
  func convexPolygonInEitherWinding(engine: BatchRaycastEngine, reversed: Bool) {
    var triangle: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1)]
    if reversed { triangle.reverse() }
    let scene = BatchRaycastScene(planes: [Self.floor(y: -1, shape: .convexPolygon(triangle))])
    let down = SIMD3<Float>(0, -1, 0)
    #expect(Self.hit(scene, Self.ray(SIMD3(0.2, 0, 0.2), down), engine) == (1, 0))
    #expect(Self.hit(scene, Self.ray(SIMD3(0.6, 0, 0.6), down), engine).index == -1)
    // On the hypotenuse x + z = 1 (exact in Float): inclusive.
    #expect(Self.hit(scene, Self.ray(SIMD3(0.5, 0, 0.5), down), engine) == (1, 0))
    #expect(Self.hit(scene, Self.ray(SIMD3(-0.01, 0, 0.5), down), engine).index == -1)
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func pixelGridHitsAnInfinitePlaneAtClosedFormDistances(engine: BatchRaycastEngine) {
    // 4x3 image, fx = fy = 2, ARKit principal point (1.5, 1) — pixel centres at integers — so
    // (2, 1.5) in continuous pixels, the image centre; plane z = -2 facing +z. Pixel (c, r) has
    // centre (c + 0.5, r + 0.5) and looks along ((c + 0.5 - 2)/2, -(r + 0.5 - 1.5)/2, -1), so
    // t = 2·|that vector|.
    let scene = BatchRaycastScene(planes: [
      BatchRaycastSceneTests.facingCamera(z: -2, shape: .infinite)
    ])
    let grid = BatchPixelGrid(
      imageWidth: 4, height: 3, focalLengthPixels: SIMD2(2, 2), principalPointPixels: SIMD2(1.5, 1),
      worldFromCamera: .identity)
    let result = scene.intersect(grid, engine: engine)
    for r in 0..<3 {
      for c in 0..<4 {
        let x = (Double(c) + 0.5 - 2) / 2
        let y = -(Double(r) + 0.5 - 1.5) / 2
        let expected = 2 * (x * x + y * y + 1).squareRoot()
        #expect(result.planeIndex[r * 4 + c] == 0)
        #expect(abs(Double(result.t[r * 4 + c]) - expected) <= 1e-5 * expected, "pixel \(c),\(r)")
      }
    }
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func pixelGridPutsThePrincipalPointHalfAPixelIn(engine: BatchRaycastEngine) {
    // 2x2 image, fx = fy = 1, ARKit principal point (0, 0): (0.5, 0.5) in continuous pixels, the
    // centre of pixel (0, 0). Plane z = -1 facing +z. Pixel (0, 0) looks along the axis (t = 1);
    // (1, 0), centre (1.5, 0.5), along (1, 0, -1) (t = √2); (0, 1) along (0, -1, -1) (t = √2);
    // (1, 1) along (1, -1, -1) (t = √3).
    let scene = BatchRaycastScene(planes: [Self.facingCamera(z: -1, shape: .infinite)])
    let grid = BatchPixelGrid(
      imageWidth: 2, height: 2, focalLengthPixels: SIMD2(1, 1), principalPointPixels: .zero,
      worldFromCamera: .identity)
    let result = scene.intersect(grid, engine: engine)
    let expected: [Float] = [
      1, Float(2).squareRoot(), Float(2).squareRoot(), Float(3).squareRoot(),
    ]
    #expect(result.planeIndex == [0, 0, 0, 0])
    for (i, want) in expected.enumerated() {
      #expect(abs(result.t[i] - want) <= 1e-6 * want, "pixel \(i % 2),\(i / 2)")
    }
  }

  @Test(arguments: BatchRaycastEngine.allCases)
  func viewportGridFollowsTheInverseDisplayTransform(engine: BatchRaycastEngine) {
    // Portrait (θ = 90°): image normalized (x, y) -> viewport normalized (1 - y, x), i.e. a = 0,
    // b = 1, c = -1, d = 0, tx = 1, ty = 0. A 4x2 image on a 2x4 viewport fits exactly, so viewport
    // pixel (i, j) sees image pixel centre (j + 0.5, 1.5 - i): image pixel (col j, row 1 - i).
    let portrait = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
    let pose = RigidTransform(
      rotation: Quaternion(angle: .degrees(20), axis: SIMD3(0, 1, 0)), translation: SIMD3(0.1, 0, 0)
    )
    let viewport = try! BatchPixelGrid(
      viewportWidth: 2, viewportHeight: 4, displayTransform: portrait,
      imageResolution: Size(width: 4, height: 2), focalLengthPixels: SIMD2(3, 3),
      principalPointPixels: SIMD2(2, 1), worldFromCamera: pose)
    let image = BatchPixelGrid(
      imageWidth: 4, height: 2, focalLengthPixels: SIMD2(3, 3), principalPointPixels: SIMD2(2, 1),
      worldFromCamera: pose)
    let scene = BatchRaycastScene(planes: [
      BatchRaycastSceneTests.facingCamera(z: -2, shape: .infinite)
    ])
    let v = scene.intersect(viewport, engine: engine)
    let im = scene.intersect(image, engine: engine)
    for i in 0..<2 {
      for j in 0..<4 {
        let tv = v.t[j * 2 + i]
        let ti = im.t[(1 - i) * 4 + j]
        #expect(abs(tv - ti) <= 1e-5 * ti, "viewport \(i),\(j)")
      }
    }
    #expect(throws: BatchRaycastError.gridInvalid) {
      try BatchPixelGrid(
        viewportWidth: 2, viewportHeight: 4,
        displayTransform: AffineTransform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
        imageResolution: Size(width: 4, height: 2), focalLengthPixels: SIMD2(3, 3),
        principalPointPixels: SIMD2(2, 1), worldFromCamera: pose)
    }
  }

  @Test func nonFiniteCameraMissesEverywhere() {
    let scene = BatchRaycastScene(planes: [
      BatchRaycastSceneTests.facingCamera(z: -2, shape: .infinite)
    ])
    let grid = BatchPixelGrid(
      imageWidth: 9, height: 2, focalLengthPixels: SIMD2(.nan, 2), principalPointPixels: .zero,
      worldFromCamera: .identity)
    for engine in BatchRaycastEngine.allCases {
      let r = scene.intersect(grid, engine: engine)
      #expect(r.planeIndex.allSatisfy { $0 == -1 } && r.t.allSatisfy { $0 == .infinity })
    }
  }

  @Test func emptyInputs() {
    let empty = BatchRaycastScene(planes: [])
    #expect(empty.intersect(Self.ray(.zero, SIMD3(0, 0, -1))).planeIndex == [-1])
    let none = BatchRaySoA([])
    #expect(
      BatchRaycastScene(planes: [Self.floor(y: -1, shape: .infinite)]).intersect(none).count == 0)
  }
}

@Suite struct BatchPlaneTests {
  static let pose = RigidTransform.identity

  static let degenerate: [(BatchPlane.Shape, BatchRaycastError)] = [
    (
      .rectangle(centerXZ: .zero, halfExtentsXZ: SIMD2(0, 1), rotationOnYAxis: .zero),
      .rectangleInvalid
    ),
    (
      .rectangle(centerXZ: .zero, halfExtentsXZ: SIMD2(-1, 1), rotationOnYAxis: .zero),
      .rectangleInvalid
    ),
    (
      .rectangle(centerXZ: SIMD2(.nan, 0), halfExtentsXZ: SIMD2(1, 1), rotationOnYAxis: .zero),
      .rectangleInvalid
    ),
    (.convexPolygon([SIMD2(0, 0), SIMD2(1, 0)]), .polygonNotConvex),
    (.convexPolygon([SIMD2(0, 0), SIMD2(1, 0), SIMD2(2, 0)]), .polygonNotConvex),  // collinear
    // A reflex corner.
    (.convexPolygon([SIMD2(0, 0), SIMD2(2, 0), SIMD2(1, 0.2), SIMD2(1, 2)]), .polygonNotConvex),
    (.convexPolygon([SIMD2(0, 0), SIMD2(1, .infinity), SIMD2(0, 1)]), .polygonNotConvex),
  ]

  @Test(arguments: degenerate.indices)
  func degenerateShapesAreRejected(index: Int) {
    let (shape, expected) = Self.degenerate[index]
    #expect(throws: expected, "\(shape)") {
      try BatchPlane(worldFromPlane: Self.pose, shape: shape)
    }
  }

  @Test func badPosesAreRejected() {
    let shape = BatchPlane.Shape.infinite
    #expect(throws: BatchRaycastError.poseInvalid) {
      try BatchPlane(worldFromPlane: RigidTransform(translation: SIMD3(.nan, 0, 0)), shape: shape)
    }
    let scaled = RigidTransform(rotation: Quaternion(vector: SIMD4(0, 0, 0, 2)))
    #expect(throws: BatchRaycastError.poseInvalid) {
      try BatchPlane(worldFromPlane: scaled, shape: shape)
    }
  }

  @Test func validShapesAreAccepted() {
    #expect(throws: Never.self) {
      try BatchPlane(
        worldFromPlane: Self.pose,
        shape: .convexPolygon([SIMD2(0, 0), SIMD2(0, 1), SIMD2(1, 1), SIMD2(1, 0)]))
    }
    #expect(throws: Never.self) { try BatchPlane(worldFromPlane: Self.pose, shape: .infinite) }
  }
  @Test("A result made at setup is all misses, and intersections into it keep its storage")
  func resultMadeAtSetup() {
    // A full 1920x1440 frame: 11 MB per array, so the huge-page request is made.
    let grid = BatchPixelGrid(
      imageWidth: 1920, height: 1440, focalLengthPixels: SIMD2(1445, 1445),
      principalPointPixels: SIMD2(959.5, 719.5), worldFromCamera: .identity)
    let count = 1920 * 1440
    var result = BatchRaycastResult(missesCount: count)
    #expect(result.count == count)
    #expect(result.t.allSatisfy { $0 == .infinity })
    #expect(result.planeIndex.allSatisfy { $0 == -1 })
    let storage = (
      result.t.withUnsafeBufferPointer { $0.baseAddress },
      result.planeIndex.withUnsafeBufferPointer { $0.baseAddress }
    )
    // A wall 2 m in front: every ray hits it, at t = 2 on the optical axis and more off it.
    let wall = BatchRaycastScene(planes: [
      BatchRaycastSceneTests.facingCamera(z: -2, shape: .infinite)
    ])
    for engine in [BatchRaycastEngine.simd, .reference] {
      for threads in [1, 2] {
        wall.intersect(grid, engine: engine, threadCount: threads, into: &result)
        #expect(result.t.withUnsafeBufferPointer { $0.baseAddress } == storage.0)
        #expect(result.planeIndex.withUnsafeBufferPointer { $0.baseAddress } == storage.1)
        #expect(result.planeIndex.allSatisfy { $0 == 0 })
        #expect(result.t.allSatisfy { $0 >= 2 && $0 < 2 * 1.6 })
        #expect(abs(result.t[720 * 1920 + 960] - 2) < 1e-3)
      }
    }
    // The same storage, then a scene with no planes: every element is written again.
    BatchRaycastScene(planes: []).intersect(grid, into: &result)
    #expect(result == BatchRaycastResult(missesCount: count))
  }
}
