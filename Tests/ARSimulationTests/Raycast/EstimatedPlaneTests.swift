import SpatialMath
import Testing
import _SimulationFixtures

@testable import ARSimulation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct EstimatedPlaneTests {
  /// A square of side 1.2 m centred at (0, 0, -distance) whose normal is (0, sin t, cos t): t = 0°
  /// is a wall facing +z, t = 90° a floor. Built as +90° about x (local +y to world +z), then -t
  /// about x (turning +z towards +y).
  static func tiltedSurface(distance: Float, tiltDegrees: Double) -> TruthSurface {
    let wall = Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0))
    let tilt = Quaternion(angle: .degrees(-tiltDegrees), axis: SIMD3(1, 0, 0))
    return try! TruthSurface(
      identifier: "truth",
      worldFromSurface: RigidTransform(rotation: tilt * wall, translation: SIMD3(0, 0, -distance)),
      shape: .rectangle(width: 1.2, height: 1.2))
  }

  /// Where the viewer stands: `distance` m from the surface centre along the bisector of +z and
  /// the normal, so the centre is seen at an incidence of t / 2.
  static func viewer(distance: Float, tiltDegrees: Double) -> SIMD3<Float> {
    let t = tiltDegrees * .pi / 180
    let bisector = SIMD3<Float>(0, Float(sin(t)), Float(cos(t)) + 1).normalized()!
    return SIMD3(0, 0, -distance) + distance * bisector
  }

  static let density: Float = 3000

  /// Hit errors (metres) against the true surface for rays through the surface near its centre,
  /// with 2 mm point noise; several seeds per configuration.
  static let distances: [Float] = [0.5, 1, 1.5, 2]
  static let tilts: [Double] = [0, 30, 60, 90]

  @Test(arguments: distances, tilts)
  func hitErrorOnSyntheticTiltedPlanes(distance: Float, tiltDegrees: Double) throws {
    let surface = Self.tiltedSurface(distance: distance, tiltDegrees: tiltDegrees)
    var errors: [Float] = []
    var worstNormalDegrees = 0.0
    for seed in UInt64(1)...8 {
      let world = FrameWorld.synthesized(
        from: [surface], pointsPerSquareMeter: Self.density, pointNoiseMeters: 0.002,
        includePlaneAnchors: false, seed: seed)
      // Rays from the origin towards a few points within 0.2 m of the surface centre.
      var rng = SplitMix64(seed: 1000 + seed)
      for _ in 0..<4 {
        let local = SIMD3<Float>(
          Float(rng.nextUnitDouble() * 0.4 - 0.2), 0, Float(rng.nextUnitDouble() * 0.4 - 0.2))
        let target = surface.worldFromSurface.transformPoint(local)
        let origin = Self.viewer(distance: distance, tiltDegrees: tiltDegrees)
        let query = RaycastQuery(
          origin: origin, direction: target - origin, allowing: .estimatedPlane, alignment: .any)
        let results = Raycaster(options: RaycastOptions(seed: seed)).raycast(query, in: world)
        let hit = try #require(
          results.first, "no estimated plane at \(distance) m, tilt \(tiltDegrees)°, seed \(seed)")
        #expect(results.count == 1)
        #expect(hit.anchorIdentifier == nil)
        let truth = try #require(surface.intersection(with: query.ray!))
        errors.append(hit.worldPosition.distance(to: query.ray!.point(at: truth.distance)))
        // The fitted normal agrees with the true one within 6° (a 4.5 cm patch of ~20 points
        // with 2 mm noise at 0.5 m), facing the viewer.
        let trueNormal =
          truth.worldNormal.dot(query.direction) > 0 ? -truth.worldNormal : truth.worldNormal
        let cosine = Double(min(hit.worldNormal.dot(trueNormal), 1))
        #expect(cosine > cos(6 * Double.pi / 180))
        worstNormalDegrees = max(worstNormalDegrees, acos(cosine) * 180 / .pi)
      }
    }
    let sorted = errors.sorted()
    let median = sorted[sorted.count / 2]
    let worst = sorted.last!
    print(
      "estimated-plane hit error at \(distance) m, tilt \(tiltDegrees)°: median "
        + "\(median * 1000) mm, max \(worst * 1000) mm over \(errors.count) rays; worst normal "
        + "\(worstNormalDegrees)°")
    #expect(median < 0.0015)
    #expect(worst < 0.004)
  }

  @Test(arguments: [
    (0.0, RaycastQuery.TargetAlignment.vertical), (30, .any), (60, .any), (90, .horizontal),
  ])
  func alignmentComesFromTheFittedNormal(
    tiltDegrees: Double, expected: RaycastQuery.TargetAlignment
  )
    throws
  {
    let surface = Self.tiltedSurface(distance: 1, tiltDegrees: tiltDegrees)
    let world = FrameWorld.synthesized(
      from: [surface], pointsPerSquareMeter: Self.density, pointNoiseMeters: 0.002,
      includePlaneAnchors: false, seed: 7)
    let origin = Self.viewer(distance: 1, tiltDegrees: tiltDegrees)
    let direction = surface.worldFromSurface.translation - origin
    let any = world.raycast(
      RaycastQuery(origin: origin, direction: direction, allowing: .estimatedPlane, alignment: .any)
    )
    #expect(try #require(any.first).targetAlignment == expected)
    for alignment in [RaycastQuery.TargetAlignment.horizontal, .vertical] {
      let filtered = world.raycast(
        RaycastQuery(
          origin: origin, direction: direction, allowing: .estimatedPlane, alignment: alignment))
      #expect(filtered.count == (alignment == expected ? 1 : 0), "\(alignment)")
    }
  }

  @Test func sameQuerySameResultWhateverTheOrderOfQueries() {
    let surface = Self.tiltedSurface(distance: 1.5, tiltDegrees: 45)
    let world = FrameWorld.synthesized(
      from: [surface], pointsPerSquareMeter: Self.density, pointNoiseMeters: 0.002,
      includePlaneAnchors: false, seed: 3)
    let queries = (0..<6).map { i in
      RaycastQuery(
        origin: .zero, direction: SIMD3(Float(i) * 0.02 - 0.05, 0.01, -1),
        allowing: .estimatedPlane,
        alignment: .any)
    }
    let forward = queries.map { world.raycast($0) }
    let backward = queries.reversed().map { world.raycast($0) }.reversed()
    #expect(forward == Array(backward))
    #expect(forward.allSatisfy { $0.count == 1 })
  }

  @Test func tooFewPointsOrNoneMiss() {
    let surface = Self.tiltedSurface(distance: 1, tiltDegrees: 0)
    let sparse = FrameWorld.synthesized(
      from: [surface], pointsPerSquareMeter: 50, pointNoiseMeters: 0.002,
      includePlaneAnchors: false, seed: 1)
    let q = RaycastQuery(
      origin: .zero, direction: SIMD3(0, 0, -1), allowing: .estimatedPlane, alignment: .any)
    #expect(sparse.raycast(q).isEmpty)
    #expect(FrameWorld().raycast(q).isEmpty)
  }

  @Test func scatteredPointsWithoutAPlaneMiss() {
    // Points spread uniformly through a 1 m cube around the ray: dense enough for support, but no
    // plane fits them within the residual threshold.
    var rng = SplitMix64(seed: 11)
    let points = (0..<20_000).map { _ in
      SIMD3<Float>(
        Float(rng.nextUnitDouble() - 0.5), Float(rng.nextUnitDouble() - 0.5),
        Float(-1.5 + rng.nextUnitDouble()))
    }
    let world = FrameWorld(featurePoints: try! FeaturePointCloud(points: points))
    let q = RaycastQuery(
      origin: .zero, direction: SIMD3(0, 0, -1), allowing: .estimatedPlane, alignment: .any)
    #expect(world.raycast(q).isEmpty)
  }

  @Test func leastSquaresRecoversAKnownPlane() throws {
    // Exact points on 2x + y + 2z = 3 (unit normal (2, 1, 2)/3, distance 1).
    var points: [SIMD3<Float>] = []
    for i in -3...3 {
      for j in -3...3 {
        let x = Float(i) * 0.1
        let z = Float(j) * 0.1
        points.append(SIMD3(x, 3 - 2 * x - 2 * z, z))
      }
    }
    let fit = try #require(PlaneFit.leastSquares(points))
    let n = fit.plane.normal.dot(SIMD3(2, 1, 2)) > 0 ? fit.plane.normal : -fit.plane.normal
    #expect(n.isApproximatelyEqual(to: SIMD3(2, 1, 2) / 3, tolerance: 1e-5))
    #expect(fit.rmsMeters < 1e-5)
    #expect(PlaneFit.leastSquares([SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(2, 2, 2)]) == nil)
  }
}

@Suite struct EstimatedPlaneOcclusionTests {
  /// A 2 m x 2 m wall at z = -2 and a 16 cm x 16 cm box face at z = -1 in front of it (both facing
  /// +z), 3000 points per m² with 2 mm noise: the wall has far more points in any cone.
  static let world: FrameWorld = {
    let facingViewer = Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0))
    let wall = try! TruthSurface(
      identifier: "wall",
      worldFromSurface: RigidTransform(rotation: facingViewer, translation: SIMD3(0, 0, -2)),
      shape: .rectangle(width: 2, height: 2))
    let box = try! TruthSurface(
      identifier: "box",
      worldFromSurface: RigidTransform(rotation: facingViewer, translation: SIMD3(0, 0, -1)),
      shape: .rectangle(width: 0.16, height: 0.16))
    return FrameWorld.synthesized(
      from: [wall, box], pointsPerSquareMeter: 3000, pointNoiseMeters: 0.002,
      includePlaneAnchors: false, seed: 21)
  }()

  @Test(arguments: [(Float(0), Float(1)), (0.03, 1), (0.5, 2), (-0.6, 2)])
  func nearestSupportedSurfaceWins(x: Float, expectedDepth: Float) throws {
    // Rays parallel to -z at lateral offset x: through the box for |x| small, else to the wall.
    let query = RaycastQuery(
      origin: SIMD3(x, 0, 0), direction: SIMD3(0, 0, -1), allowing: .estimatedPlane, alignment: .any
    )
    let hit = try #require(Self.world.raycast(query).first)
    #expect(abs(hit.distance - expectedDepth) < 0.005, "x = \(x): \(hit.distance)")
  }
}
