import Foundation
import SpatialMath
import Testing

extension TestSplitMix64 {
  /// A finite `Float` of either sign with a magnitude anywhere from 1e-30 to 1e30 (log-uniform),
  /// or exactly zero one time in sixteen.
  mutating func wideFloat() -> Float {
    if next() % 16 == 0 { return 0 }
    let magnitude = pow(10, uniform(-30...30))
    return Float((unit() < 0.5 ? -1 : 1) * magnitude)
  }

  mutating func wideVector() -> SIMD3<Float> { SIMD3(wideFloat(), wideFloat(), wideFloat()) }
}

/// Property: no public function returns NaN (or infinity) for finite input where it is documented
/// to return a value. Inputs span many orders of magnitude and include zeros.
@Suite("Finite output for finite input")
struct FiniteOutputTests {
  @Test(arguments: testSeeds)
  func vectorsRaysAndPlanes(seed: UInt64) {
    var rng = TestSplitMix64(seed: seed)
    for _ in 0..<500 {
      let (a, b, c) = (rng.wideVector(), rng.wideVector(), rng.wideVector())
      if let unit = a.normalized() {
        #expect(unit.isFinite && abs(unit.length - 1) <= 1e-6, "seed \(seed): \(a)")
      }
      if let ray = try? Ray(origin: b, direction: a) {
        #expect(ray.direction.isFinite && abs(ray.direction.length - 1) <= 1e-6, "seed \(seed)")
        if let plane = try? Plane(point: c, normal: rng.wideVector()) {
          #expect(plane.normal.isFinite, "seed \(seed)")
          if let hit = plane.intersection(with: ray) {
            // The hit may overflow Float only if the distance itself is huge; it is never NaN.
            #expect(!hit.x.isNaN && !hit.y.isNaN && !hit.z.isNaN, "seed \(seed)")
          }
        }
      }
      if let plane = try? Plane(a, b, c) {
        #expect(plane.normal.isFinite && abs(plane.normal.length - 1) <= 1e-6, "seed \(seed)")
      }
    }
  }

  @Test(arguments: testSeeds)
  func quaternionsAndRigidTransforms(seed: UInt64) throws {
    var rng = TestSplitMix64(seed: seed)
    for _ in 0..<300 {
      let raw = Quaternion(
        vector: SIMD4(rng.wideFloat(), rng.wideFloat(), rng.wideFloat(), rng.wideFloat()))
      if let q = raw.normalized() {
        #expect(q.vector.isFinite && abs(q.length - 1) <= 1e-6, "seed \(seed): \(raw)")
        let v = rng.vector()
        #expect(q.act(v).isFinite, "seed \(seed)")
        #expect(q.rotationMatrix.isFinite, "seed \(seed)")
        #expect(q.angle.radians.isFinite && q.axis.isFinite, "seed \(seed)")
        // Pairs that are random, nearly equal, and nearly opposite.
        let near = try #require(Quaternion(vector: q.vector + SIMD4(repeating: 1e-7)).normalized())
        let opposite = Quaternion(vector: -near.vector)
        for other in [rng.rotation(), near, opposite, q] {
          let s = q.slerp(to: other, t: Float(rng.unit()))
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
        #expect(q.vector.isFinite, "seed \(seed): \(m)")
      }
    }
  }

  @Test(arguments: testSeeds)
  func matrixInverses(seed: UInt64) {
    var rng = TestSplitMix64(seed: seed)
    for _ in 0..<300 {
      let m3 = Matrix3x3(rng.wideVector(), rng.wideVector(), rng.wideVector())
      if let inverse = m3.inverted() { #expect(inverse.isFinite, "seed \(seed): \(m3)") }
      let m4 = Matrix4x4(
        SIMD4(rng.wideVector(), rng.wideFloat()), SIMD4(rng.wideVector(), rng.wideFloat()),
        SIMD4(rng.wideVector(), rng.wideFloat()), SIMD4(rng.wideVector(), rng.wideFloat()))
      if let inverse = m4.inverted() { #expect(inverse.isFinite, "seed \(seed): \(m4)") }
      #expect(!m4.determinant.isNaN, "seed \(seed): \(m4)")
      if let p = m4.projectedPoint(rng.vector()) { #expect(p.isFinite, "seed \(seed)") }
    }
  }

  @Test(arguments: testSeeds)
  func twoDimensionalGeometry(seed: UInt64) {
    var rng = TestSplitMix64(seed: seed)
    for _ in 0..<300 {
      let t = AffineTransform2D(
        a: Double(rng.wideFloat()), b: Double(rng.wideFloat()), c: Double(rng.wideFloat()),
        d: Double(rng.wideFloat()), tx: Double(rng.wideFloat()), ty: Double(rng.wideFloat()))
      if let inverse = t.inverted() { #expect(inverse.isFinite, "seed \(seed): \(t)") }
      let rect = Rect(
        x: rng.uniform(-1e3...1e3), y: rng.uniform(-1e3...1e3), width: rng.uniform(-1e3...1e3),
        height: rng.uniform(-1e3...1e3))
      #expect(rect.applying(t).isFinite, "seed \(seed)")
      #expect(Angle(radians: rng.uniform(-1e6...1e6)).normalized.radians.isFinite, "seed \(seed)")
    }
  }
}
