import ARSimulation
import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SplitMix64 {
  /// A uniform `Float` in `range`.
  mutating func float(_ range: ClosedRange<Float>) -> Float {
    Float.random(in: range, using: &self)
  }
}

enum BatchRaycastFixtures {
  /// A random unit quaternion (normalized 4D Gaussian-ish vector).
  static func rotation(_ rng: inout SplitMix64) -> Quaternion {
    while true {
      let v = SIMD4<Float>(
        rng.float(-1...1), rng.float(-1...1), rng.float(-1...1), rng.float(-1...1))
      if let q = Quaternion(vector: v).normalized(), (v * v).sum() > 0.01 { return q }
    }
  }

  /// A random plane near the origin: rectangles, convex polygons (both windings) and infinite.
  static func plane(_ rng: inout SplitMix64) -> BatchPlane {
    let pose = RigidTransform(
      rotation: rotation(&rng),
      translation: SIMD3(rng.float(-2...2), rng.float(-2...2), rng.float(-4...(-0.5))))
    let kind = Int.random(in: 0..<6, using: &rng)
    let shape: BatchPlane.Shape
    switch kind {
    case 0:
      shape = .infinite
    case 1, 2:
      // A convex polygon: points on an ellipse at increasing angles, random winding.
      let n = Int.random(in: 3...7, using: &rng)
      let (rx, rz) = (rng.float(0.1...1), rng.float(0.1...1))
      var pts = (0..<n).map { i -> SIMD2<Float> in
        let a = (Float(i) + rng.float(0...0.5)) / Float(n) * 2 * .pi
        return SIMD2(rx * cosf(a), rz * sinf(a))
      }
      if Bool.random(using: &rng) { pts.reverse() }
      shape = .convexPolygon(pts)
    default:
      shape = .rectangle(
        centerXZ: SIMD2(rng.float(-0.5...0.5), rng.float(-0.5...0.5)),
        halfExtentsXZ: SIMD2(rng.float(0.05...1), rng.float(0.05...1)),
        rotationOnYAxis: .degrees(Double(rng.float(-180...180))))
    }
    if let plane = try? BatchPlane(worldFromPlane: pose, shape: shape) { return plane }
    return try! BatchPlane(worldFromPlane: pose, shape: .infinite)
  }

  /// Random rays, with special cases mixed in: NaN/inf components, zero and edge-on directions,
  /// rays aimed exactly at rectangle borders and corners, duplicate planes' ties.
  static func rays(count: Int, planes: [BatchPlane], _ rng: inout SplitMix64) -> BatchRaySoA {
    var r: [[Float]] = Array(repeating: [], count: 6)
    for _ in 0..<count {
      var o = SIMD3<Float>(rng.float(-1...1), rng.float(-1...1), rng.float(-1...1))
      var d =
        SIMD3<Float>(rng.float(-1...1), rng.float(-1...1), rng.float(-1...0.2)).normalized()
        ?? SIMD3(0, 0, -1)
      switch Int.random(in: 0..<10, using: &rng) {
      case 0:
        o.x = [Float.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &rng)]
      case 1:
        d.y = [Float.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &rng)]
      case 2:
        d = .zero
      case 3, 4, 5:
        guard let plane = planes.randomElement(using: &rng) else { break }
        let pose = plane.worldFromPlane
        let target: SIMD3<Float>
        if case .rectangle(let c, let h, let rot) = plane.shape {
          // A corner or an edge midpoint of the rectangle, in its own axes.
          let (s, co) = (Float(sin(rot.radians)), Float(cos(rot.radians)))
          let fu = Float([-1, 0, 1].randomElement(using: &rng)!)
          let fv = Float([-1, 1].randomElement(using: &rng)!)
          let local =
            SIMD3(c.x, 0, c.y) + (fu * h.x) * SIMD3(co, 0, -s) + (fv * h.y) * SIMD3(s, 0, co)
          target = pose.transformPoint(local)
        } else if case .convexPolygon(let pts) = plane.shape, let p = pts.randomElement(using: &rng)
        {
          target = pose.transformPoint(SIMD3(p.x, 0, p.y))
        } else {
          target = pose.translation
        }
        if Bool.random(using: &rng) {
          // Edge-on: a ray inside the plane.
          let u = pose.transformDirection(SIMD3(1, 0, 0))
          o = target - 2 * u
          d = u
        } else {
          d = (target - o).normalized() ?? SIMD3(0, 0, -1)
        }
      default:
        break
      }
      for (i, v) in [o.x, o.y, o.z, d.x, d.y, d.z].enumerated() { r[i].append(v) }
    }
    return try! BatchRaySoA(
      originX: r[0], originY: r[1], originZ: r[2], directionX: r[3], directionY: r[4],
      directionZ: r[5])
  }

  /// A random scene of `count` planes; every fourth plane repeats an earlier one (ties).
  static func planes(count: Int, _ rng: inout SplitMix64) -> [BatchPlane] {
    var planes: [BatchPlane] = []
    for i in 0..<count {
      if i % 4 == 3 {
        planes.append(planes[Int.random(in: 0..<i, using: &rng)])
      } else {
        planes.append(plane(&rng))
      }
    }
    return planes
  }

  /// Bitwise comparison of two results; returns the first differing index.
  static func firstDifference(_ a: BatchRaycastResult, _ b: BatchRaycastResult) -> Int? {
    guard a.count == b.count else { return -1 }
    for i in 0..<a.count
    where a.planeIndex[i] != b.planeIndex[i] || a.t[i].bitPattern != b.t[i].bitPattern {
      return i
    }
    return nil
  }
}
