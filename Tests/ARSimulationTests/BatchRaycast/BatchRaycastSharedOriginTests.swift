import ARSimulation
import SpatialMath
import Testing

/// Rays from one origin take the direction-binned kernel; it must equal the reference bit for bit.
@Suite struct BatchRaycastSharedOriginTests {
  /// Rays from `origin` in random directions (all octants, so every cube-map face), some of them
  /// aimed exactly at plane corners, some NaN/inf/zero.
  static func rays(count: Int, origin: SIMD3<Float>, planes: [BatchPlane], _ rng: inout SplitMix64)
    -> BatchRaySoA
  {
    var d: [[Float]] = Array(repeating: [], count: 3)
    for i in 0..<count {
      var v =
        SIMD3<Float>(rng.float(-1...1), rng.float(-1...1), rng.float(-1...1)).normalized()
        ?? SIMD3(0, 0, -1)
      switch i % 11 {
      case 3: v = .zero
      case 5: v.x = .nan
      case 7: v.z = -.infinity
      case 2, 9:
        if let p = planes.randomElement(using: &rng) {
          v = (p.worldFromPlane.translation - origin).normalized() ?? v
        }
      default: break
      }
      d[0].append(v.x)
      d[1].append(v.y)
      d[2].append(v.z)
    }
    return try! BatchRaySoA(
      originX: Array(repeating: origin.x, count: count),
      originY: Array(repeating: origin.y, count: count),
      originZ: Array(repeating: origin.z, count: count), directionX: d[0], directionY: d[1],
      directionZ: d[2])
  }

  @Test(arguments: 0...17)
  func sharedOriginAgreesWithReference(count: Int) {
    for (planeCount, cull) in [(count + 4, true), (3 * count + 5, false)] {
      let seed = UInt64(9000 + count * 2 + planeCount)
      var rng = SplitMix64(seed: seed)
      let planes = BatchRaycastFixtures.planes(count: planeCount, &rng)
      let scene = BatchRaycastScene(planes: planes, cullsBackFaces: cull)
      let origin = SIMD3<Float>(rng.float(-0.5...0.5), rng.float(-0.5...0.5), rng.float(-0.5...0.5))
      let rays = Self.rays(count: count * 29, origin: origin, planes: planes, &rng)
      let expected = scene.intersect(rays, engine: .reference)
      for engine in [BatchRaycastEngine.simd, .baseline] {
        for threads in [1, 2] {
          var got = BatchRaycastResult()
          scene.intersect(rays, engine: engine, threadCount: threads, into: &got)
          let diff = BatchRaycastFixtures.firstDifference(got, expected)
          #expect(diff == nil, "seed \(seed) engine \(engine) threads \(threads) ray \(diff ?? 0)")
        }
      }
      if count > 3 { #expect(expected.planeIndex.contains { $0 >= 0 }, "seed \(seed): no hits") }
    }
  }

  @Test func binnedAndBruteForceAgree() {
    var rng = SplitMix64(seed: 123)
    let planes = BatchRaycastFixtures.planes(count: 100, &rng)
    let scene = BatchRaycastScene(planes: planes)
    let rays = Self.rays(count: 3000, origin: .zero, planes: planes, &rng)
    var binned = BatchRaycastResult()
    var brute = BatchRaycastResult()
    scene.intersect(rays, engine: .simd, usesSharedOriginCulling: true, into: &binned)
    scene.intersect(rays, engine: .simd, usesSharedOriginCulling: false, into: &brute)
    #expect(BatchRaycastFixtures.firstDifference(binned, brute) == nil)
    #expect(brute.planeIndex.filter { $0 >= 0 }.count > 100)
  }
}
