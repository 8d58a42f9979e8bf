/// The pure-Swift SIMD implementation (`BatchRaycastEngine.swiftSIMD`, and `simd`/`baseline`
/// where the C kernels are not built): eight rays per step on `SIMD8<Float>`, every plane tested
/// (no culling, which never changes results). Each lane performs the reference's operations in the
/// reference's order, and Swift never fuses a multiply and an add, so the results equal the
/// reference's and the kernels' bit for bit.
extension BatchRaycastScene {
  typealias Lanes = SIMD8<Float>

  /// The ray batch slice `range`.
  func simdIntersect(_ input: RaySoAPointers, range: Range<Int>, output: ResultPointers) {
    var i = range.lowerBound
    while i < range.upperBound {
      let n = min(Lanes.scalarCount, range.upperBound - i)
      // Tail lanes get NaN origins: not finite, so they miss and are not stored.
      var o = (Lanes(repeating: .nan), Lanes(repeating: .nan), Lanes(repeating: .nan))
      var d = (Lanes(repeating: .nan), Lanes(repeating: .nan), Lanes(repeating: .nan))
      for lane in 0..<n {
        (o.0[lane], o.1[lane], o.2[lane]) = (
          input.ox[i + lane], input.oy[i + lane], input.oz[i + lane]
        )
        (d.0[lane], d.1[lane], d.2[lane]) = (
          input.dx[i + lane], input.dy[i + lane], input.dz[i + lane]
        )
      }
      let hit = nearestHits(origin: o, direction: d)
      for lane in 0..<n {
        output.t[i + lane] = hit.t[lane]
        output.index[i + lane] = hit.index[lane]
      }
      i += n
    }
  }

  /// Grid rows `rows`: the kernels' ray generation (`PinholeGridRays`), eight columns per step.
  func simdIntersect(_ g: PinholeGridRays, rows: Range<Int>, output: ResultPointers) {
    guard g.isFinite else {
      for o in (rows.lowerBound * g.width)..<(rows.upperBound * g.width) {
        (output.t[o], output.index[o]) = (.infinity, -1)
      }
      return
    }
    let r = g.rotation
    let (inverseFx, inverseFy) = (1 / g.fx, 1 / g.fy)
    let origin = (
      Lanes(repeating: g.origin.0), Lanes(repeating: g.origin.1), Lanes(repeating: g.origin.2)
    )
    let laneOffsets = Lanes(0, 1, 2, 3, 4, 5, 6, 7)
    for row in rows {
      let gv = Float(row) + 0.5
      var col = 0
      while col < g.width {
        let n = min(Lanes.scalarCount, g.width - col)
        let gu = (Lanes(repeating: Float(col)) + laneOffsets) + 0.5
        let iu = (gu * g.a + Lanes(repeating: g.c * gv)) + g.tx
        let iv = (gu * g.b + Lanes(repeating: g.d * gv)) + g.ty
        let x = (iu - g.pu) * inverseFx
        let y = (Lanes(repeating: g.pv) - iv) * inverseFy
        let s = 1 / ((x * x + y * y) + 1).squareRoot()
        let (cx, cy, cz) = (x * s, y * s, -s)
        let d = (
          (cx * r[0] + cy * r[3]) + cz * r[6], (cx * r[1] + cy * r[4]) + cz * r[7],
          (cx * r[2] + cy * r[5]) + cz * r[8]
        )
        let hit = nearestHits(origin: origin, direction: d)
        let base = row * g.width + col
        for lane in 0..<n {
          output.t[base + lane] = hit.t[lane]
          output.index[base + lane] = hit.index[lane]
        }
        col += n
      }
    }
  }

  /// The nearest hit of eight rays: per lane `(+inf, -1)` on a miss. `Float(i)` lanes of
  /// `SIMD8<Float>` are exact for the column offsets 0...7.
  @inline(__always)
  func nearestHits(
    origin o: (Lanes, Lanes, Lanes), direction d: (Lanes, Lanes, Lanes)
  ) -> (t: Lanes, index: SIMD8<Int32>) {
    var bestT = Lanes(repeating: .infinity)
    var bestIndex = SIMD8<Int32>(repeating: -1)
    // x - x is 0 exactly for finite x and NaN for infinities and NaN.
    let zero = (o.0 - o.0) + (o.1 - o.1) + (o.2 - o.2) + (d.0 - d.0) + (d.1 - d.1) + (d.2 - d.2)
    let finite = zero .== Lanes(repeating: 0)
    guard any(finite) else { return (bestT, bestIndex) }
    let k = planes.count
    let epsilon = parallelEpsilon
    let negativeEpsilon = 0 - parallelEpsilon
    packed.withUnsafeBufferPointer { p in
      edges.withUnsafeBufferPointer { edges in
        edgeRanges.withUnsafeBufferPointer { ranges in
          for i in 0..<k {
            @inline(__always) func field(_ f: Int) -> Float { p[f * k + i] }
            let (nx, ny, nz) = (field(PlaneField.nx), field(PlaneField.ny), field(PlaneField.nz))
            let (cx, cy, cz) = (field(PlaneField.cx), field(PlaneField.cy), field(PlaneField.cz))
            let num =
              ((Lanes(repeating: cx) - o.0) * nx + (Lanes(repeating: cy) - o.1) * ny)
              + (Lanes(repeating: cz) - o.2) * nz
            let dn = (d.0 * nx + d.1 * ny) + d.2 * nz
            var facing = dn .< Lanes(repeating: negativeEpsilon)
            if !cullsBackFaces { facing .|= dn .> Lanes(repeating: epsilon) }
            let t = num / dn
            let inFront = (t .> Lanes(repeating: 0)) .& (t .< bestT)
            var hit = finite .& facing .& inFront
            guard any(hit) else { continue }
            let (ux, uy, uz) = (field(PlaneField.ux), field(PlaneField.uy), field(PlaneField.uz))
            let (vx, vy, vz) = (field(PlaneField.vx), field(PlaneField.vy), field(PlaneField.vz))
            let (wx, wy, wz) = (o.0 - cx, o.1 - cy, o.2 - cz)
            let wu = (wx * ux + wy * uy) + wz * uz
            let wv = (wx * vx + wy * vy) + wz * vz
            let du = (d.0 * ux + d.1 * uy) + d.2 * uz
            let dv = (d.0 * vx + d.1 * vy) + d.2 * vz
            let lu = wu + t * du
            let lv = wv + t * dv
            // |lu| <= hu as two comparisons (negation is exact; NaN fails both).
            let (hu, hv) = (field(PlaneField.hu), field(PlaneField.hv))
            let insideU = (lu .<= Lanes(repeating: hu)) .& (lu .>= Lanes(repeating: -hu))
            let insideV = (lv .<= Lanes(repeating: hv)) .& (lv .>= Lanes(repeating: -hv))
            hit .&= insideU .& insideV
            let first = Int(ranges[2 * i])
            for e in first..<(first + Int(ranges[2 * i + 1])) {
              let side = lu * edges[3 * e] + lv * edges[3 * e + 1]
              hit .&= side .>= Lanes(repeating: edges[3 * e + 2])
            }
            bestT.replace(with: t, where: hit)
            bestIndex.replace(with: Int32(i), where: hit)
          }
        }
      }
    }
    return (bestT, bestIndex)
  }
}
