import SpatialMath

extension TriangleMesh {
  /// A cylindrical panel in the local frame of a planar surface: arc length `widthMeters` along
  /// local x (centred on the origin), `heightMeters` along local z, bending toward local +y with
  /// `radiusMeters` (the cylinder's axis is the line `x = 0, y = radius`, parallel to z), so it
  /// touches the xz plane at `x = 0` with normal +y and its edges rise toward the viewer (a
  /// dashboard curving around the driver). The arc point at arc length `s` is
  /// `(R sin(s/R), R (1 - cos(s/R)), z)` with unit normal `(-sin(s/R), cos(s/R), 0)`.
  /// `segments` strips along the arc, two triangles each, wound so normals point to +y.
  ///
  /// - Throws: `WorldError.meshTriangleDegenerate` when a size is not positive (no area).
  public static func curvedPanel(
    radiusMeters: Float, widthMeters: Float, heightMeters: Float, segments: Int
  ) throws(WorldError) -> TriangleMesh {
    let n = max(segments, 1)
    var vertices: [SIMD3<Float>] = []
    for k in 0...n {
      let s = -widthMeters / 2 + widthMeters * Float(k) / Float(n)
      let p = curvedPanelPoint(arcMeters: s, radiusMeters: radiusMeters)
      vertices.append(SIMD3(p.x, p.y, -heightMeters / 2))
      vertices.append(SIMD3(p.x, p.y, heightMeters / 2))
    }
    var indices: [UInt32] = []
    for k in 0..<n {
      let a = UInt32(2 * k)
      // (a, a+1, a+2): x grows from a to a+2, z from a to a+1; (a+1 - a) x (a+2 - a) points +y.
      indices += [a, a + 1, a + 2, a + 2, a + 1, a + 3]
    }
    return try TriangleMesh(vertices: vertices, indices: indices)
  }

  /// The local point at arc length `arcMeters` of a ``curvedPanel(radiusMeters:widthMeters:heightMeters:segments:)``
  /// (at `z = 0`).
  public static func curvedPanelPoint(arcMeters s: Float, radiusMeters r: Float) -> SIMD3<Float> {
    let theta = s / r
    return SIMD3(r * _sin(theta), r * (1 - _cos(theta)), 0)
  }

  /// An axis-aligned box `size` (x, y, z metres) whose bottom face is centred on the origin
  /// (it stands on the xz plane, rising along +y), twelve triangles wound outward.
  public static func box(sizeMeters size: SIMD3<Float>) throws(WorldError) -> TriangleMesh {
    let h = SIMD3(size.x / 2, size.y, size.z / 2)
    var vertices: [SIMD3<Float>] = []
    for k in 0..<8 {
      vertices.append(
        SIMD3(
          k & 1 == 0 ? -h.x : h.x, k & 2 == 0 ? 0 : h.y, k & 4 == 0 ? -h.z : h.z))
    }
    // Vertex k has x from bit 0, y from bit 1, z from bit 2.
    let indices: [UInt32] = [
      2, 6, 7, 2, 7, 3,  // top, +y
      0, 1, 5, 0, 5, 4,  // bottom, -y
      1, 3, 7, 1, 7, 5,  // +x
      0, 4, 6, 0, 6, 2,  // -x
      4, 5, 7, 4, 7, 6,  // +z
      0, 2, 3, 0, 3, 1,  // -z
    ]
    return try TriangleMesh(vertices: vertices, indices: indices)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

@inline(__always) private func _sin(_ x: Float) -> Float { sinf(x) }
@inline(__always) private func _cos(_ x: Float) -> Float { cosf(x) }
