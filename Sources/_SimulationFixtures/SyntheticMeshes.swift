import ARSimulation
import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seeded triangle meshes for the mesh raycast's tests and benchmarks (world metres, the
/// benchmark camera at the origin looking down -z). Vertices are shared between neighbouring
/// triangles and windings are consistent, as in a scanned mesh.
public struct SyntheticMesh: Sendable, Hashable {
  /// Vertex positions (world metres).
  public var vertices: [SIMD3<Float>]
  /// Three indices per triangle.
  public var indices: [UInt32]

  /// The number of triangles.
  public var triangleCount: Int { indices.count / 3 }

  /// An empty mesh.
  public init() {
    vertices = []
    indices = []
  }

  /// Appends a `columns` x `rows` grid of quads (two triangles each, split along alternating
  /// diagonals) whose vertex `(i, j)` is `point(i / columns, j / rows)`.
  public mutating func appendGrid(
    columns: Int, rows: Int, _ point: (Float, Float) -> SIMD3<Float>
  ) {
    let base = UInt32(vertices.count)
    for j in 0...rows {
      for i in 0...columns {
        vertices.append(point(Float(i) / Float(columns), Float(j) / Float(rows)))
      }
    }
    let stride = UInt32(columns + 1)
    for j in 0..<UInt32(rows) {
      for i in 0..<UInt32(columns) {
        let a = base + j * stride + i
        let (b, c, d) = (a + 1, a + stride + 1, a + stride)
        if (i + j) % 2 == 0 {
          indices += [a, b, c, a, c, d]
        } else {
          indices += [a, b, d, b, c, d]
        }
      }
    }
  }

  /// A curved dashboard-like surface of about `triangleCount` triangles filling the benchmark
  /// camera's view: a bumpy cylinder section 0.6-1.4 m in front of the camera, 110 degrees wide
  /// and tilted like a car's dashboard, its vertices jittered by up to a tenth of a cell.
  public static func dashboard(triangleCount: Int, seed: UInt64) -> SyntheticMesh {
    var rng = SplitMix64(seed: seed)
    let rows = max(1, Int((Double(triangleCount) / 2 / (4.0 / 3.0)).squareRoot()))
    let columns = max(1, triangleCount / (2 * rows))
    let jitter = 0.1 / Float(columns)
    var mesh = SyntheticMesh()
    mesh.appendGrid(columns: columns, rows: rows) { u, v in
      let theta = (u - 0.5) * 1.92 + Float.random(in: -jitter...jitter, using: &rng)
      let height = (v - 0.5) * 1.9
      let radius = 0.9 + 0.25 * v + 0.06 * sinf(7 * theta) * cosf(5 * v) + 0.02 * sinf(40 * u)
      return SIMD3(radius * sinf(theta), height * 0.8 - 0.25 * v, -radius * cosf(theta) + 0.1)
    }
    return mesh
  }

  /// A room-scale mesh of about `triangleCount` triangles around the benchmark camera: a 6 x 3
  /// x 7 m room (floor, ceiling, four walls) and `furniture` boxes and bumpy spheres at seeded
  /// places, each surface tessellated so that triangles are about equally large.
  public static func room(triangleCount: Int, seed: UInt64, furniture: Int = 12) -> SyntheticMesh {
    var rng = SplitMix64(seed: seed)
    let (lo, hi) = (SIMD3<Float>(-3, -1.4, -5.5), SIMD3<Float>(3, 1.6, 1.5))
    var boxes: [(SIMD3<Float>, SIMD3<Float>)] = [(lo, hi)]
    var spheres: [(SIMD3<Float>, Float)] = []
    for k in 0..<furniture {
      let c = SIMD3<Float>(
        Float.random(in: -2.4...2.4, using: &rng), Float.random(in: -1.4...0.2, using: &rng),
        Float.random(in: -5...(-1.2), using: &rng))
      let size = SIMD3<Float>(
        Float.random(in: 0.2...0.8, using: &rng), Float.random(in: 0.2...0.7, using: &rng),
        Float.random(in: 0.2...0.8, using: &rng))
      if k % 3 == 2 {
        spheres.append((c + SIMD3(0, size.y, 0), size.y))
      } else {
        boxes.append((SIMD3(c.x - size.x, -1.4, c.z - size.z), c + size))
      }
    }
    func boxArea(_ b: (SIMD3<Float>, SIMD3<Float>)) -> Float {
      let e = b.1 - b.0
      return 2 * (e.x * e.y + e.y * e.z + e.z * e.x)
    }
    let area =
      boxes.map(boxArea).reduce(0, +) + spheres.map { 4 * Float.pi * $0.1 * $0.1 }.reduce(0, +)
    let cell = (area / Float(max(triangleCount, 1)) * 2).squareRoot()
    var mesh = SyntheticMesh()
    for (index, box) in boxes.enumerated() {
      mesh.appendBox(lo: box.0, hi: box.1, cell: cell, facingInward: index == 0)
    }
    for (c, r) in spheres {
      let n = max(2, Int(Float.pi * r / cell))
      mesh.appendGrid(columns: 2 * n, rows: n) { u, v in
        let (phi, theta) = (u * 2 * Float.pi, v * Float.pi)
        let bump = 1 + 0.05 * sinf(6 * phi) * sinf(5 * theta)
        return c + r * bump * SIMD3(sinf(theta) * cosf(phi), cosf(theta), -sinf(theta) * sinf(phi))
      }
    }
    return mesh
  }

  /// Appends the six faces of a box as grids of cells about `cell` metres wide, wound to face
  /// outward (or inward, for a room seen from inside).
  public mutating func appendBox(
    lo: SIMD3<Float>, hi: SIMD3<Float>, cell: Float, facingInward: Bool
  ) {
    let e = hi - lo
    func cells(_ length: Float) -> Int { max(1, Int((length / cell).rounded())) }
    // Each face: an origin corner and two edge vectors whose cross product points outward.
    let faces: [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)] = [
      (lo, SIMD3(0, e.y, 0), SIMD3(e.x, 0, 0)), (hi, SIMD3(-e.x, 0, 0), SIMD3(0, -e.y, 0)),
      (lo, SIMD3(0, 0, e.z), SIMD3(0, e.y, 0)), (hi, SIMD3(0, -e.y, 0), SIMD3(0, 0, -e.z)),
      (lo, SIMD3(e.x, 0, 0), SIMD3(0, 0, e.z)), (hi, SIMD3(0, 0, -e.z), SIMD3(-e.x, 0, 0)),
    ]
    for (origin, a, b) in faces {
      let (p, q) = facingInward ? (b, a) : (a, b)
      appendGrid(columns: cells(p.length), rows: cells(q.length)) { u, v in origin + u * p + v * q }
    }
  }

  /// Random triangles (no shared vertices) with corners in a 4 m cube in front of the camera.
  public static func soup(triangleCount: Int, seed: UInt64) -> SyntheticMesh {
    var rng = SplitMix64(seed: seed)
    var mesh = SyntheticMesh()
    for t in 0..<triangleCount {
      let c = SIMD3<Float>(
        Float.random(in: -2...2, using: &rng), Float.random(in: -2...2, using: &rng),
        Float.random(in: -4...0, using: &rng))
      let size = Float.random(in: 0.05...0.8, using: &rng)
      for _ in 0..<3 {
        mesh.vertices.append(
          c + size
            * SIMD3(
              Float.random(in: -1...1, using: &rng), Float.random(in: -1...1, using: &rng),
              Float.random(in: -1...1, using: &rng)))
      }
      mesh.indices += [UInt32(3 * t), UInt32(3 * t + 1), UInt32(3 * t + 2)]
    }
    return mesh
  }
}
