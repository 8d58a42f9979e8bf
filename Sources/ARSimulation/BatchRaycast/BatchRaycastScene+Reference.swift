/// The scalar Swift reference: the same operations, in the same order, as the C kernels
/// (`RaycastKernels.h`), one ray at a time and without culling. Swift never fuses a multiply and an
/// add, so its results equal the kernels' bit for bit.
extension BatchRaycastScene {
  /// Nearest hit of one ray; `(+inf, -1)` on a miss.
  func referenceNearestHit(
    origin o: (Float, Float, Float), direction d: (Float, Float, Float)
  ) -> (t: Float, index: Int32) {
    var best: (t: Float, index: Int32) = (.infinity, -1)
    guard o.0.isFinite, o.1.isFinite, o.2.isFinite, d.0.isFinite, d.1.isFinite, d.2.isFinite
    else { return best }
    let k = planes.count
    for i in 0..<k {
      func field(_ f: Int) -> Float { packed[f * k + i] }
      let (nx, ny, nz) = (
        field(PlaneField.nx), field(PlaneField.ny),
        field(PlaneField.nz)
      )
      let (cx, cy, cz) = (
        field(PlaneField.cx), field(PlaneField.cy),
        field(PlaneField.cz)
      )
      let num = (cx - o.0) * nx + (cy - o.1) * ny + (cz - o.2) * nz
      let dn = d.0 * nx + d.1 * ny + d.2 * nz
      let facing = dn < 0 - parallelEpsilon || (!cullsBackFaces && dn > parallelEpsilon)
      let t = num / dn
      guard facing, t > 0, t < best.t else { continue }
      let (ux, uy, uz) = (
        field(PlaneField.ux), field(PlaneField.uy),
        field(PlaneField.uz)
      )
      let (vx, vy, vz) = (
        field(PlaneField.vx), field(PlaneField.vy),
        field(PlaneField.vz)
      )
      let (wx, wy, wz) = (o.0 - cx, o.1 - cy, o.2 - cz)
      let wu = wx * ux + wy * uy + wz * uz
      let wv = wx * vx + wy * vy + wz * vz
      let du = d.0 * ux + d.1 * uy + d.2 * uz
      let dv = d.0 * vx + d.1 * vy + d.2 * vz
      let lu = wu + t * du
      let lv = wv + t * dv
      guard abs(lu) <= field(PlaneField.hu), abs(lv) <= field(PlaneField.hv)
      else { continue }
      let first = Int(edgeRanges[2 * i])
      let count = Int(edgeRanges[2 * i + 1])
      var inside = true
      for e in first..<(first + count)
      where !(edges[3 * e] * lu + edges[3 * e + 1] * lv >= edges[3 * e + 2]) {
        inside = false
        break
      }
      if inside { best = (t, Int32(i)) }
    }
    return best
  }

  /// Reference for a ray batch slice.
  func referenceIntersect(
    _ rays: RaySoAPointers, range: Range<Int>, outT: UnsafeMutableBufferPointer<Float>,
    outIndex: UnsafeMutableBufferPointer<Int32>
  ) {
    for i in range {
      let hit = referenceNearestHit(
        origin: (rays.ox[i], rays.oy[i], rays.oz[i]),
        direction: (rays.dx[i], rays.dy[i], rays.dz[i]))
      outT[i] = hit.t
      outIndex[i] = hit.index
    }
  }

  /// Reference for grid rows `rows`: the kernel's ray generation, then `referenceNearestHit`.
  func referenceIntersect(
    _ g: PinholeGridRays, rows: Range<Int>, outT: UnsafeMutableBufferPointer<Float>,
    outIndex: UnsafeMutableBufferPointer<Int32>
  ) {
    let allFinite = g.isFinite
    for row in rows {
      for col in 0..<g.width {
        let o = row * g.width + col
        guard allFinite else {
          (outT[o], outIndex[o]) = (.infinity, -1)
          continue
        }
        let hit = referenceNearestHit(
          origin: g.origin, direction: g.direction(column: col, row: row))
        (outT[o], outIndex[o]) = (hit.t, hit.index)
      }
    }
  }
}
