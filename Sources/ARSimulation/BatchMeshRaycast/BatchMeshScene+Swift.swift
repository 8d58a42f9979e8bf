/// The pure-Swift paths of the mesh raycast: the brute-force reference (every triangle, one ray at
/// a time; `BatchRaycastEngine.reference`) and the hierarchy traversal one ray at a time (the
/// Swift implementation, `swiftSIMD`, and every engine where the C kernels are not built). Both
/// run `BatchMeshTriangleTest` and pick the nearest hit by the same rule, so their results equal
/// the kernels' bit for bit; the traversal only skips triangles that cannot be nearer.
extension BatchMeshScene {
  /// The nearest hit of one ray over every triangle, and its triangle index; `nil` on a miss.
  func referenceNearestHit(
    origin o: (Float, Float, Float), direction d: (Float, Float, Float)
  ) -> (hit: BatchMeshTriangleTest.Hit, triangle: Int32)? {
    guard BatchMeshTriangleTest.isFinite(o, d) else { return nil }
    var best: (hit: BatchMeshTriangleTest.Hit, triangle: Int32)?
    bvh.corners.withUnsafeBufferPointer { c in
      for slot in 0..<triangleCount {
        guard
          let hit = BatchMeshTriangleTest.hit(c.baseAddress! + 9 * slot, origin: o, direction: d)
        else { continue }
        let triangle = bvh.triangleOfSlot[slot]
        if best == nil
          || BatchMeshTriangleTest.isBetter(hit.t, triangle, than: best!.hit.t, best!.triangle)
        {
          best = (hit, triangle)
        }
      }
    }
    return best
  }

  /// The nearest hit of one ray through the hierarchy: children near side first (by the sign of
  /// the direction along the split axis), boxes skipped when the ray misses them or enters them
  /// beyond the best hit (with a relative slack of 2^-16 that rounding cannot exceed).
  func traversalNearestHit(
    origin o: (Float, Float, Float), direction d: (Float, Float, Float)
  ) -> (hit: BatchMeshTriangleTest.Hit, triangle: Int32)? {
    guard BatchMeshTriangleTest.isFinite(o, d), triangleCount > 0 else { return nil }
    let inverse = (1 / d.0, 1 / d.1, 1 / d.2)
    var best: (hit: BatchMeshTriangleTest.Hit, triangle: Int32)?
    var bestT = Float.infinity
    return bvh.nodes.withUnsafeBufferPointer { nodes in
      bvh.corners.withUnsafeBufferPointer { corners in
        bvh.triangleOfSlot.withUnsafeBufferPointer { triangleOfSlot in
          var stack = [Int](repeating: 0, count: 64)
          var top = 1
          while top > 0 {
            top -= 1
            let node = stack[top]
            let n = nodes.baseAddress! + BatchMeshBVH.nodeWords * node
            guard Self.boxMayHold(n, origin: o, inverse: inverse, bestT: bestT) else { continue }
            let link = Int(n[6].bitPattern)
            let countAxis = n[7].bitPattern
            let count = Int(countAxis & ((1 << BatchMeshBVH.axisShift) - 1))
            if count == 0 {
              let axis = Int(countAxis >> BatchMeshBVH.axisShift)
              let positive = (axis == 0 ? d.0 : axis == 1 ? d.1 : d.2) >= 0
              // Push the far child first so that the near one is popped next.
              stack[top] = positive ? link : node + 1
              stack[top + 1] = positive ? node + 1 : link
              top += 2
              continue
            }
            for slot in link..<(link + count) {
              guard
                let hit = BatchMeshTriangleTest.hit(
                  corners.baseAddress! + 9 * slot, origin: o, direction: d)
              else { continue }
              let triangle = triangleOfSlot[slot]
              if best == nil
                || BatchMeshTriangleTest.isBetter(hit.t, triangle, than: bestT, best!.triangle)
              {
                best = (hit, triangle)
                bestT = hit.t
              }
            }
          }
          return best
        }
      }
    }
  }

  /// The conservative slab test of node words `n` (box low, high corners) for a ray, also false
  /// when the box starts beyond `bestT`. A NaN product (a zero direction component on a slab
  /// boundary) leaves that axis unconstrained.
  @inline(__always)
  static func boxMayHold(
    _ n: UnsafePointer<Float>, origin o: (Float, Float, Float),
    inverse: (Float, Float, Float), bestT: Float
  ) -> Bool {
    var near = -Float.infinity
    var far = Float.infinity
    func axis(_ lo: Float, _ hi: Float, _ o: Float, _ inverse: Float) {
      let a = (lo - o) * inverse
      let b = (hi - o) * inverse
      guard !a.isNaN, !b.isNaN else { return }
      near = Swift.max(near, Swift.min(a, b))
      far = Swift.min(far, Swift.max(a, b))
    }
    axis(n[0], n[3], o.0, inverse.0)
    axis(n[1], n[4], o.1, inverse.1)
    axis(n[2], n[5], o.2, inverse.2)
    let slack: Float = 0x1p-16
    return near <= far + abs(far) * slack && far >= 0 && near <= bestT + abs(bestT) * slack
  }

  /// One ray's result into slot `i` of `output`.
  @inline(__always)
  static func store(
    _ best: (hit: BatchMeshTriangleTest.Hit, triangle: Int32)?, at i: Int,
    _ output: MeshResultPointers
  ) {
    if let best {
      output.t[i] = best.hit.t
      output.index[i] = best.triangle
      if let u = output.u, let v = output.v {
        u[i] = best.hit.w1 / best.hit.det
        v[i] = best.hit.w2 / best.hit.det
      }
    } else {
      output.t[i] = .infinity
      output.index[i] = -1
      if let u = output.u, let v = output.v { (u[i], v[i]) = (0, 0) }
    }
  }

  /// The Swift paths for the ray batch slice `range`.
  func swiftIntersect(
    _ rays: RaySoAPointers, range: Range<Int>, bruteForce: Bool, output: MeshResultPointers
  ) {
    for i in range {
      let o = (rays.ox[i], rays.oy[i], rays.oz[i])
      let d = (rays.dx[i], rays.dy[i], rays.dz[i])
      let best =
        bruteForce
        ? referenceNearestHit(origin: o, direction: d)
        : traversalNearestHit(origin: o, direction: d)
      Self.store(best, at: i, output)
    }
  }

  /// The Swift paths for grid rows `rows` (the kernels' ray generation).
  func swiftIntersect(
    _ g: PinholeGridRays, rows: Range<Int>, bruteForce: Bool, output: MeshResultPointers
  ) {
    let allFinite = g.isFinite
    for row in rows {
      for col in 0..<g.width {
        let i = row * g.width + col
        guard allFinite else {
          Self.store(nil, at: i, output)
          continue
        }
        let d = g.direction(column: col, row: row)
        let best =
          bruteForce
          ? referenceNearestHit(origin: g.origin, direction: d)
          : traversalNearestHit(origin: g.origin, direction: d)
        Self.store(best, at: i, output)
      }
    }
  }
}

/// Borrowed views of a mesh result's arrays (valid only inside the scopes that made them); `u`
/// and `v` are `nil` when no barycentrics are asked for. Workers write disjoint ranges.
struct MeshResultPointers {
  var t: UnsafeMutableBufferPointer<Float>
  var index: UnsafeMutableBufferPointer<Int32>
  var u: UnsafeMutableBufferPointer<Float>?
  var v: UnsafeMutableBufferPointer<Float>?
}
