/// The scalar triangle test of ``BatchMeshScene`` (the hit rule in its documentation), the same
/// operations in the same order as the C kernels (`raycast_mesh_kernel_body.h`); Swift never
/// fuses a multiply and an add, so the results are equal bit for bit.
enum BatchMeshTriangleTest {
  /// A candidate hit: `t`, the edge functions `w1`, `w2` of corners `P1`, `P2` and `det`.
  struct Hit {
    var t: Float
    var w1: Float
    var w2: Float
    var det: Float
  }

  /// The hit of the ray `(o, d)` with the triangle whose nine corner floats start at `c`, or
  /// `nil` when it misses. The ray must be finite (checked by the callers).
  @inline(__always)
  static func hit(
    _ c: UnsafePointer<Float>, origin o: (Float, Float, Float), direction d: (Float, Float, Float)
  ) -> Hit? {
    let (ax, ay, az) = (c[0] - o.0, c[1] - o.1, c[2] - o.2)
    let (bx, by, bz) = (c[3] - o.0, c[4] - o.1, c[5] - o.2)
    let (cx, cy, cz) = (c[6] - o.0, c[7] - o.1, c[8] - o.2)
    // Edge normals: B×C (edge P1->P2), C×A (P2->P0), A×B (P0->P1).
    let (n0x, n0y, n0z) = (by * cz - bz * cy, bz * cx - bx * cz, bx * cy - by * cx)
    let (n1x, n1y, n1z) = (cy * az - cz * ay, cz * ax - cx * az, cx * ay - cy * ax)
    let (n2x, n2y, n2z) = (ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx)
    let w0 = (d.0 * n0x + d.1 * n0y) + d.2 * n0z
    let w1 = (d.0 * n1x + d.1 * n1y) + d.2 * n1z
    let w2 = (d.0 * n2x + d.1 * n2y) + d.2 * n2z
    let s0 = sign(w0, c + 3, c + 6, d)
    let s1 = sign(w1, c + 6, c, d)
    let s2 = sign(w2, c, c + 3, d)
    guard s0 != 0, s0 == s1, s1 == s2 else { return nil }
    let det = (w0 + w1) + w2
    guard det != 0 else { return nil }
    let n = normal(c)
    let t = ((ax * n.0 + ay * n.1) + az * n.2) / ((d.0 * n.0 + d.1 * n.1) + d.2 * n.2)
    guard t > 0, t < .infinity else { return nil }
    return Hit(t: t, w1: w1, w2: w2, det: det)
  }

  /// The triangle's normal `(P1 - P0) × (P2 - P0)`, from its corners alone: the distance
  /// `t = (A·N) / (d·N)` keeps its precision on small triangles far from the ray origin, where the
  /// sum of the origin-relative products `B×C + C×A + A×B` cancels. The hierarchy's build
  /// stores it per slot (`BatchMeshBVH.normals`) for the C kernels, so both read the same bits.
  @inline(__always)
  static func normal(_ c: UnsafePointer<Float>) -> (Float, Float, Float) {
    let (ex, ey, ez) = (c[3] - c[0], c[4] - c[1], c[5] - c[2])
    let (fx, fy, fz) = (c[6] - c[0], c[7] - c[1], c[8] - c[2])
    return (ey * fz - ez * fy, ez * fx - ex * fz, ex * fy - ey * fx)
  }

  /// The sign of the edge function `w` of the edge `pi -> pj`: `±1`, or for `w == 0` the tie
  /// rule's sign (first non-zero component of `(pi - pj) × d`; 0 when there is none or `w` is
  /// NaN).
  @inline(__always)
  static func sign(
    _ w: Float, _ pi: UnsafePointer<Float>, _ pj: UnsafePointer<Float>,
    _ d: (Float, Float, Float)
  ) -> Int {
    if w > 0 { return 1 }
    if w < 0 { return -1 }
    guard w == 0 else { return 0 }
    return tieSign(pi, pj, d)
  }

  /// The tie rule's sign for the edge `pi -> pj` and direction `d`.
  static func tieSign(
    _ pi: UnsafePointer<Float>, _ pj: UnsafePointer<Float>, _ d: (Float, Float, Float)
  ) -> Int {
    let (ex, ey, ez) = (pi[0] - pj[0], pi[1] - pj[1], pi[2] - pj[2])
    let g = (ey * d.2 - ez * d.1, ez * d.0 - ex * d.2, ex * d.1 - ey * d.0)
    for value in [g.0, g.1, g.2] where value != 0 {
      return value > 0 ? 1 : value < 0 ? -1 : 0
    }
    return 0
  }

  /// Whether `(t, triangle)` beats the best so far `(bestT, bestTriangle)`: nearer, or as near
  /// with a lower triangle index.
  @inline(__always)
  static func isBetter(_ t: Float, _ triangle: Int32, than bestT: Float, _ bestTriangle: Int32)
    -> Bool
  {
    t < bestT || (t == bestT && triangle < bestTriangle)
  }

  /// Whether all six components are finite.
  @inline(__always)
  static func isFinite(_ o: (Float, Float, Float), _ d: (Float, Float, Float)) -> Bool {
    o.0.isFinite && o.1.isFinite && o.2.isFinite && d.0.isFinite && d.1.isFinite && d.2.isFinite
  }
}
