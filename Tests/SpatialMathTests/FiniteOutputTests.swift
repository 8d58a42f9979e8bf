import Foundation
import SpatialMath
import Testing
import _TestSupport

extension SplitMix64 {
  /// A finite `Float` of either sign with a magnitude anywhere from 1e-30 to 1e30 (log-uniform),
  /// or exactly zero one time in sixteen.
  mutating func wideFloat() -> Float {
    if next() % 16 == 0 { return 0 }
    let magnitude = pow(10, uniform(-30...30))
    return Float((nextUnitDouble() < 0.5 ? -1 : 1) * magnitude)
  }

  mutating func wideVector() -> SIMD3<Float> { SIMD3(wideFloat(), wideFloat(), wideFloat()) }
}

/// Property: no public function returns NaN (or infinity) for finite input where it is documented
/// to return a value. Inputs span many orders of magnitude and include zeros.
@Suite("Finite output for finite input")
struct FiniteOutputTests {
  @Test(arguments: testSeeds)
  func vectorsRaysAndPlanes(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var reached = BranchCoverage()
    for _ in 0..<500 {
      let (a, b, c) = (rng.wideVector(), rng.wideVector(), rng.wideVector())
      if let unit = a.normalized() {
        reached.count("normalized")
        #expect(unit.isFinite && abs(unit.length - 1) <= 1e-6, "seed \(seed): \(a)")
      }
      if let ray = try? Ray(origin: b, direction: a) {
        reached.count("ray")
        #expect(ray.direction.isFinite && abs(ray.direction.length - 1) <= 1e-6, "seed \(seed)")
        if let plane = try? Plane(point: c, normal: rng.wideVector()) {
          reached.count("plane(point:normal:)")
          #expect(plane.normal.isFinite, "seed \(seed)")
          if let hit = plane.intersection(with: ray) {
            reached.count("intersection")
            // The hit may overflow Float only if the distance itself is huge; it is never NaN.
            #expect(!hit.x.isNaN && !hit.y.isNaN && !hit.z.isNaN, "seed \(seed)")
          }
        }
      }
      if let plane = try? Plane(a, b, c) {
        reached.count("plane(a, b, c)")
        #expect(plane.normal.isFinite && abs(plane.normal.length - 1) <= 1e-6, "seed \(seed)")
      }
      // Everyday triangles (corners within 10 m) are collinear (sine <= 1e-6) with probability
      // of order 1e-6, so nearly every one gives a plane.
      if let plane = try? Plane(rng.vector(), rng.vector(), rng.vector()) {
        reached.count("everyday plane(a, b, c)")
        #expect(plane.normal.isFinite && abs(plane.normal.length - 1) <= 1e-6, "seed \(seed)")
      }
    }
    // Floors, so that no property passes having checked nothing. A wide vector fails to
    // normalize only when all three components are 0 or below about 1e-20 (probability about
    // (1/16 + 15/16 * 10/60)^3 = 1 %); a ray and a plane's normal follow the same rule. Wide
    // triangles and ray-plane hits are rarer (the largest corner dominates, hits lie behind the
    // origin half of the time): their floors only require that the branch ran.
    #expect(
      reached.shortfalls(atLeast: 400, "normalized", "ray", "plane(point:normal:)") == [],
      "seed \(seed)")
    #expect(reached.shortfalls(atLeast: 490, "everyday plane(a, b, c)") == [], "seed \(seed)")
    #expect(reached.shortfalls(atLeast: 20, "intersection") == [], "seed \(seed)")
    #expect(reached.shortfalls(atLeast: 1, "plane(a, b, c)") == [], "seed \(seed)")
  }

  @Test(arguments: testSeeds)
  func quaternionsAndRigidTransforms(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var reached = BranchCoverage()
    for _ in 0..<300 {
      let raw = Quaternion(
        vector: SIMD4(rng.wideFloat(), rng.wideFloat(), rng.wideFloat(), rng.wideFloat()))
      if let q = raw.normalized() {
        reached.count("quaternion normalized")
        #expect(q.vector.isFinite && abs(q.length - 1) <= 1e-6, "seed \(seed): \(raw)")
        let v = rng.vector()
        #expect(q.act(v).isFinite, "seed \(seed)")
        #expect(q.rotationMatrix.isFinite, "seed \(seed)")
        #expect(q.angle.radians.isFinite && q.axis.isFinite, "seed \(seed)")
        // Pairs that are random, nearly equal, and nearly opposite.
        let near = try #require(Quaternion(vector: q.vector + SIMD4(repeating: 1e-7)).normalized())
        let opposite = Quaternion(vector: -near.vector)
        for other in [rng.rotation(), near, opposite, q] {
          let s = q.slerp(to: other, t: Float(rng.nextUnitDouble()))
          #expect(s.vector.isFinite && abs(s.length - 1) <= 1e-5, "seed \(seed)")
        }
        let t = RigidTransform(rotation: q, translation: rng.vector(1000))
        #expect(t.inverse.translation.isFinite && t.matrix.isFinite, "seed \(seed)")
        let back = try RigidTransform(t.matrix)
        #expect(back.rotation.vector.isFinite, "seed \(seed)")
      }
      // Any finite 3x3, rotation or not, gives a finite quaternion.
      let m = Matrix3x3(rng.wideVector(), rng.wideVector(), rng.wideVector())
      if let q = try? Quaternion(rotationMatrix: m) {
        reached.count("quaternion(rotationMatrix:)")
        #expect(q.vector.isFinite, "seed \(seed): \(m)")
      }
    }
    // A wide quaternion fails to normalize only when all four components are tiny (about 0.2 %),
    // and `init?(rotationMatrix:)` fails only for a non-finite matrix (never here).
    #expect(reached.shortfalls(atLeast: 250, "quaternion normalized") == [], "seed \(seed)")
    #expect(reached.shortfalls(atLeast: 300, "quaternion(rotationMatrix:)") == [], "seed \(seed)")
  }

  @Test(arguments: testSeeds)
  func matrixInverses(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var reached = BranchCoverage()
    for _ in 0..<300 {
      let m3 = Matrix3x3(rng.wideVector(), rng.wideVector(), rng.wideVector())
      if let inverse = m3.inverted() {
        reached.count("3x3 inverse")
        #expect(inverse.isFinite, "seed \(seed): \(m3)")
      }
      let m4 = Matrix4x4(
        SIMD4(rng.wideVector(), rng.wideFloat()), SIMD4(rng.wideVector(), rng.wideFloat()),
        SIMD4(rng.wideVector(), rng.wideFloat()), SIMD4(rng.wideVector(), rng.wideFloat()))
      if let inverse = m4.inverted() {
        reached.count("4x4 inverse")
        #expect(inverse.isFinite, "seed \(seed): \(m4)")
      }
      #expect(!m4.determinant.isNaN, "seed \(seed): \(m4)")
      if let p = m4.projectedPoint(rng.vector()) {
        reached.count("projectedPoint")
        #expect(p.isFinite, "seed \(seed)")
      }
      // Everyday matrices: a rotation with columns scaled by 10^u, u in [-1, 1], and a
      // translation within 10 m. |det| = s1 s2 s3 >= 1e-3 and every entry is at most 10, so the
      // relative test |det| > 1e-12 * 10^3 always passes: each must invert.
      let r = rng.rotation().rotationMatrix
      let scaled = Matrix3x3(
        r.columns.0 * Float(pow(10, rng.uniform(-1...1))),
        r.columns.1 * Float(pow(10, rng.uniform(-1...1))),
        r.columns.2 * Float(pow(10, rng.uniform(-1...1))))
      if let inverse = scaled.inverted() {
        reached.count("everyday 3x3 inverse")
        #expect(inverse.isFinite, "seed \(seed): \(scaled)")
      }
      let affine = Matrix4x4(
        SIMD4(scaled.columns.0, 0), SIMD4(scaled.columns.1, 0), SIMD4(scaled.columns.2, 0),
        SIMD4(rng.vector(), 1))
      if let inverse = affine.inverted() {
        reached.count("everyday 4x4 inverse")
        #expect(inverse.isFinite, "seed \(seed): \(affine)")
      }
    }
    // Wide matrices are mostly singular by the relative test (one entry dominates by orders of
    // magnitude), so their inverses only have to run at all; the everyday ones always invert.
    #expect(reached.shortfalls(atLeast: 1, "3x3 inverse", "4x4 inverse") == [], "seed \(seed)")
    #expect(
      reached.shortfalls(atLeast: 300, "everyday 3x3 inverse", "everyday 4x4 inverse") == [],
      "seed \(seed)")
    #expect(reached.shortfalls(atLeast: 150, "projectedPoint") == [], "seed \(seed)")
  }

  @Test(arguments: testSeeds)
  func twoDimensionalGeometry(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var reached = BranchCoverage()
    for _ in 0..<300 {
      let t = AffineTransform2D(
        a: Double(rng.wideFloat()), b: Double(rng.wideFloat()), c: Double(rng.wideFloat()),
        d: Double(rng.wideFloat()), tx: Double(rng.wideFloat()), ty: Double(rng.wideFloat()))
      if let inverse = t.inverted() {
        reached.count("affine inverse")
        #expect(inverse.isFinite, "seed \(seed): \(t)")
      }
      let rect = Rect(
        x: rng.uniform(-1e3...1e3), y: rng.uniform(-1e3...1e3), width: rng.uniform(-1e3...1e3),
        height: rng.uniform(-1e3...1e3))
      #expect(rect.applying(t).isFinite, "seed \(seed)")
      #expect(Angle(radians: rng.uniform(-1e6...1e6)).normalized.radians.isFinite, "seed \(seed)")
    }
    #expect(reached.shortfalls(atLeast: 10, "affine inverse") == [], "seed \(seed)")
  }
}
