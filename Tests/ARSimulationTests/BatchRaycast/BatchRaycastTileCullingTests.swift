import ARSimulation
import SpatialMath
import Testing

/// The grid kernel's per-tile culling (bounding sphere and rectangle against each tile's view cone)
/// must never drop a plane that a pixel of the tile hits. Rectangles whose border lies exactly on
/// the rays of a tile's first or last pixel column (row) are the tightest case: those pixels hit
/// the border or miss it by rounding, and the kernels must agree with the reference bit for bit.
@Suite struct BatchRaycastTileCullingTests {
  /// A rectangle border on the rays of one pixel column (or row) next to a tile boundary.
  struct Border: Sendable, CustomTestStringConvertible {
    /// Whether the border is vertical (on a pixel column) rather than horizontal (on a row).
    var isColumn: Bool
    /// Pixel column or row index whose centre rays the border contains.
    var pixel: Int
    var testDescription: String { "\(isColumn ? "column" : "row") \(pixel)" }
  }

  static let grid = BatchPixelGrid(
    imageWidth: 128, height: 64, focalLengthPixels: SIMD2(100, 100),
    principalPointPixels: SIMD2(64, 32), worldFromCamera: .identity)

  static let borders: [Border] =
    [31, 32, 63, 64, 95, 96].map { Border(isColumn: true, pixel: $0) }
    + [15, 16, 31, 32, 47, 48].map { Border(isColumn: false, pixel: $0) }

  /// One rectangle per side of the border and tilt, hinged on the border line at depth 2 m: turning
  /// about the border keeps it on the pixel's rays while the rectangle's far side moves.
  @Test(arguments: borders)
  func rectangleBorderOnTileEdgePixels(border: Border) {
    let depth: Float = 2
    // Camera looks along -z; pixel centre p maps to x/depth = (p + 0.5 - 64)/100 (column) or
    // y/depth = (32 - (p + 0.5))/100 (row, image v grows downwards).
    let offset =
      border.isColumn
      ? depth * (Float(border.pixel) + 0.5 - 64) / 100
      : depth * (32 - (Float(border.pixel) + 0.5)) / 100
    let borderPoint = border.isColumn ? SIMD3<Float>(offset, 0, -depth) : SIMD3(0, offset, -depth)
    let hinge = border.isColumn ? SIMD3<Float>(0, 1, 0) : SIMD3<Float>(1, 0, 0)
    // The plane's +y (normal) to world +z, towards the camera.
    let facing = Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0))
    for tiltDegrees in [-50.0, 0, 35] {
      for side: Float in [-1, 1] {
        let rotation = Quaternion(angle: .degrees(tiltDegrees), axis: hinge) * facing
        // Local x runs across a column border, local z across a row border.
        let across = rotation.act(border.isColumn ? SIMD3(1, 0, 0) : SIMD3(0, 0, 1))
        let half = SIMD2<Float>(0.3, 0.2)
        let halfAcross = border.isColumn ? half.x : half.y
        let plane = try! BatchPlane(
          worldFromPlane: RigidTransform(
            rotation: rotation, translation: borderPoint + side * halfAcross * across),
          shape: .rectangle(centerXZ: .zero, halfExtentsXZ: half, rotationOnYAxis: .zero))
        let scene = BatchRaycastScene(planes: [plane])
        let expected = scene.intersect(Self.grid, engine: .reference)
        #expect(expected.planeIndex.contains(0), "tilt \(tiltDegrees) side \(side)")
        for engine in BatchRaycastDifferentialTests.kernelEngines {
          let diff = BatchRaycastFixtures.firstDifference(
            scene.intersect(Self.grid, engine: engine), expected)
          #expect(
            diff == nil, "tilt \(tiltDegrees) side \(side) engine \(engine) pixel \(diff ?? 0)")
        }
      }
    }
  }

  /// Planes are visited in order of a lower bound on t (the larger of sphere distance and plane
  /// distance) and the visit stops early: stacks of camera-facing rectangles 1 mm apart, exact
  /// duplicates (ties go to the lower index) listed far to near, and an infinite plane behind them
  /// must still give the reference's nearest plane everywhere.
  @Test(arguments: [1, 5, 40])
  func nearToFarEarlyExitKeepsNearestAndLowestIndex(stackSize: Int) {
    let facing = Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0))
    var planes: [BatchPlane] = [
      try! BatchPlane(
        worldFromPlane: RigidTransform(rotation: facing, translation: SIMD3(0, 0, -5)),
        shape: .infinite)
    ]
    for i in (0..<stackSize).reversed() {
      let depth = 1.5 + 0.001 * Float(i)
      let shift = SIMD3<Float>(0.01 * Float(i % 7) - 0.03, 0.01 * Float(i % 5) - 0.02, -depth)
      let plane = try! BatchPlane(
        worldFromPlane: RigidTransform(rotation: facing, translation: shift),
        shape: .rectangle(centerXZ: .zero, halfExtentsXZ: SIMD2(0.4, 0.25), rotationOnYAxis: .zero))
      planes.append(plane)
      if i % 2 == 0 { planes.append(plane) }  // an exact duplicate: ties at every pixel
    }
    let scene = BatchRaycastScene(planes: planes)
    let expected = scene.intersect(Self.grid, engine: .reference)
    #expect(expected.planeIndex.contains(0))
    // The nearest rectangle (i = 0) and its duplicate come last: the lower index wins every tie.
    #expect(expected.planeIndex.contains(Int32(planes.count - 2)))
    #expect(!expected.planeIndex.contains(Int32(planes.count - 1)))
    for engine in BatchRaycastDifferentialTests.kernelEngines {
      let diff = BatchRaycastFixtures.firstDifference(
        scene.intersect(Self.grid, engine: engine), expected)
      #expect(diff == nil, "stack \(stackSize) engine \(engine) pixel \(diff ?? 0)")
    }
  }

  /// The plane-distance bound is tight: a camera-facing rectangle 1.5 m away is hit within 0.2% of
  /// 1.5 m by a narrow view (f = 1000 px), and a steep plane (80° from facing, about 0.26 m from
  /// the camera, so visited first) crosses those rays between 1.503 and 1.52 m on a row or two. The
  /// facing rectangle is nearer there and must still win (a bound even 1% too high would skip it).
  @Test(arguments: [1.504, 1.507, 1.51, 1.513] as [Float])
  func planeDistanceBoundDoesNotSkipNearerPlane(steepDepth: Float) {
    let grid = BatchPixelGrid(
      imageWidth: 128, height: 64, focalLengthPixels: SIMD2(1000, 1000),
      principalPointPixels: SIMD2(64, 32), worldFromCamera: .identity)
    let facing = Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0))
    let steep = Quaternion(angle: .degrees(80), axis: SIMD3(1, 0, 0)) * facing
    let planes = [
      try! BatchPlane(
        worldFromPlane: RigidTransform(rotation: steep, translation: SIMD3(0, 0, -steepDepth)),
        shape: .infinite),
      try! BatchPlane(
        worldFromPlane: RigidTransform(rotation: facing, translation: SIMD3(0, 0, -1.5)),
        shape: .rectangle(centerXZ: .zero, halfExtentsXZ: SIMD2(1, 1), rotationOnYAxis: .zero)),
    ]
    let scene = BatchRaycastScene(planes: planes, cullsBackFaces: false)
    let expected = scene.intersect(grid, engine: .reference)
    #expect(expected.planeIndex.contains(0) && expected.planeIndex.contains(1))
    for engine in BatchRaycastDifferentialTests.kernelEngines {
      let diff = BatchRaycastFixtures.firstDifference(
        scene.intersect(grid, engine: engine), expected)
      #expect(diff == nil, "depth \(steepDepth) engine \(engine) pixel \(diff ?? 0)")
    }
  }
}
