import Dispatch
import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A set of planes packed once (structure of arrays) for the batched raycast kernels.
///
/// Hit rule (world space, metres): `t = ((p0 - o)·n) / (d·n)` with `p0` a point of the plane, `n`
/// its unit normal (plane-local +y); a ray hits when it is finite, `t > 0`, `d·n < -ε` (front
/// face; with `cullsBackFaces == false`, `|d·n| > ε`), and the hit lies inside the shape (borders
/// inclusive). `ε` is `parallelEpsilon` (default 1e-6, a cosine since `d` and `n` are unit). Each
/// ray reports its nearest hit; equal `t` goes to the lowest plane index. The exact operation order
/// is fixed (see <doc:BatchRaycastKernels>) and shared by the C kernels, the Swift SIMD
/// implementation and the Swift reference, so every engine and thread count gives the same bits.
public struct BatchRaycastScene: Sendable, Hashable {
  /// The planes, in index order.
  public let planes: [BatchPlane]
  /// Whether back faces (`d·n > 0`) are ignored.
  public let cullsBackFaces: Bool
  /// Rays with `|d·n| <= parallelEpsilon` miss (edge-on).
  public let parallelEpsilon: Float

  /// `PlaneField.count * planes.count` floats: field `f` of plane `k` at `f * count + k`.
  let packed: [Float]
  /// `(a, b, c)` per polygon edge: inside when `a*lu + b*lv >= c`.
  let edges: [Float]
  /// `(first edge, edge count)` per plane.
  let edgeRanges: [UInt32]

  /// Packs `planes`. `parallelEpsilon` must be finite: a negative value is used by magnitude and a
  /// non-finite one is replaced by the default 1e-6.
  ///
  /// - Complexity: O(planes + polygon vertices).
  public init(planes: [BatchPlane], cullsBackFaces: Bool = true, parallelEpsilon: Float = 1e-6) {
    self.planes = planes
    self.cullsBackFaces = cullsBackFaces
    self.parallelEpsilon = parallelEpsilon.isFinite ? abs(parallelEpsilon) : 1e-6
    let k = planes.count
    var packed = [Float](repeating: 0, count: PlaneField.count * k)
    var edges: [Float] = []
    var edgeRanges: [UInt32] = []
    edgeRanges.reserveCapacity(2 * k)
    for (index, plane) in planes.enumerated() {
      let fields = BatchRaycastScene.fields(of: plane, edges: &edges, edgeRanges: &edgeRanges)
      for (f, value) in fields.enumerated() { packed[f * k + index] = value }
    }
    self.packed = packed
    self.edges = edges
    self.edgeRanges = edgeRanges
  }

  /// The `PlaneField` values of one plane, in field order; appends its polygon edges.
  private static func fields(
    of plane: BatchPlane, edges: inout [Float], edgeRanges: inout [UInt32]
  ) -> [Float] {
    let pose = plane.worldFromPlane
    let normal = pose.transformDirection(SIMD3(0, 1, 0))
    var center = pose.translation
    var u = pose.transformDirection(SIMD3(1, 0, 0))
    var v = pose.transformDirection(SIMD3(0, 0, 1))
    var half = SIMD2<Float>(.infinity, .infinity)
    edgeRanges.append(UInt32(edges.count / 3))
    switch plane.shape {
    case .rectangle(let centerXZ, let halfExtents, let rotation):
      let (s, c) = (Float(sin(rotation.radians)), Float(cos(rotation.radians)))
      center = pose.transformPoint(SIMD3(centerXZ.x, 0, centerXZ.y))
      u = pose.transformDirection(SIMD3(c, 0, -s))
      v = pose.transformDirection(SIMD3(s, 0, c))
      half = halfExtents
      edgeRanges.append(0)
    case .convexPolygon(let vertices):
      half = SIMD2(0, 0)
      for p in vertices { half = SIMD2(max(half.x, abs(p.x)), max(half.y, abs(p.y))) }
      let sign: Float = BatchPlane.signedDoubleArea(vertices) > 0 ? 1 : -1
      // A boundary that is exactly the rectangle of corners (±hu, ±hv) (ARKit's boundary of a
      // rectangular plane, in either winding) needs no edge tests, so it runs as fast as an
      // extent: its edges are axis-aligned (a or b is ±0) with c = b * (±hv) or a * (±hu), and
      // rounding a product by a fixed factor is monotone, so the bounds test |lu| <= hu,
      // |lv| <= hv already implies every a*lu + b*lv >= c. The results are the same bits.
      let isCenteredRectangle =
        vertices.count == 4
        && vertices.allSatisfy { abs($0.x) == half.x && abs($0.y) == half.y }
        && Set(vertices.map { [$0.x.sign, $0.y.sign] }).count == 4
      for i in vertices.indices where !isCenteredRectangle {
        let p = vertices[i]
        let q = vertices[(i + 1) % vertices.count]
        // Inside of a counter-clockwise (x towards z) edge: (q - p) × (point - p) >= 0.
        let a = -(q.y - p.y) * sign
        let b = (q.x - p.x) * sign
        edges.append(contentsOf: [a, b, a * p.x + b * p.y])
      }
      edgeRanges.append(isCenteredRectangle ? 0 : UInt32(vertices.count))
    case .infinite:
      edgeRanges.append(0)
    }
    // Bounding-sphere radius about `center`, with a relative margin for rounding (culling only).
    let radius = (half.x * half.x + half.y * half.y).squareRoot() * (1 + 1e-5)
    return [
      normal.x, normal.y, normal.z, center.x, center.y, center.z, u.x, u.y, u.z,
      v.x, v.y, v.z, half.x, half.y, radius,
    ]
  }

  /// The nearest hit of every ray in `rays`.
  ///
  /// `threadCount` (clamped to at least 1) contiguous slices run in parallel; the result is the
  /// same for any thread count and engine.
  /// - Complexity: O(rays x planes) (brute force; rays may have any origins).
  public func intersect(
    _ rays: BatchRaySoA, engine: BatchRaycastEngine = .simd, threadCount: Int = 1
  ) -> BatchRaycastResult {
    var result = BatchRaycastResult()
    intersect(
      rays, engine: engine, threadCount: threadCount, usesSharedOriginCulling: true,
      into: &result)
    return result
  }

  /// `intersect(_:engine:threadCount:)` writing into `result`, reusing its storage.
  ///
  /// A `result` that already holds `rays.count` rays keeps its storage, so repeated batches
  /// allocate nothing; one made with ``BatchRaycastResult/init(missesCount:)`` at setup also
  /// keeps the page faults of fresh memory out of the first call.
  ///
  /// When every ray starts at the same finite point (screen queries from one camera) and the scene
  /// has at least `sharedOriginMinimumPlanes` planes, the kernels bin the rays by direction and cull
  /// planes per direction cell (`usesSharedOriginCulling`, default on); results are identical.
  public func intersect(
    _ rays: BatchRaySoA, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    usesSharedOriginCulling: Bool = true, into result: inout BatchRaycastResult
  ) {
    let n = rays.count
    result.resize(to: n)
    let slices = BatchRaycastScene.slices(count: n, granule: 8, threadCount: threadCount)
    let sharedOrigin =
      usesSharedOriginCulling && planes.count >= Self.sharedOriginMinimumPlanes
      ? rays.sharedOrigin : nil
    let backend = engine.backend
    rays.originX.withUnsafeBufferPointer { ox in
      rays.originY.withUnsafeBufferPointer { oy in
        rays.originZ.withUnsafeBufferPointer { oz in
          rays.directionX.withUnsafeBufferPointer { dx in
            rays.directionY.withUnsafeBufferPointer { dy in
              rays.directionZ.withUnsafeBufferPointer { dz in
                result.t.withUnsafeMutableBufferPointer { outT in
                  result.planeIndex.withUnsafeMutableBufferPointer { outIndex in
                    let input = RaySoAPointers(ox: ox, oy: oy, oz: oz, dx: dx, dy: dy, dz: dz)
                    let output = ResultPointers(t: outT, index: outIndex)
                    switch backend {
                    case .reference:
                      let job = UnsafeSendable((input, output))
                      Self.runSlices(slices) { range in
                        referenceIntersect(
                          job.value.0, range: range, outT: job.value.1.t,
                          outIndex: job.value.1.index)
                      }
                    case .swiftSIMD:
                      let job = UnsafeSendable((input, output))
                      Self.runSlices(slices) { range in
                        simdIntersect(job.value.0, range: range, output: job.value.1)
                      }
                    case .kernels(let instructionSet):
                      kernelIntersect(
                        input, sharedOrigin: sharedOrigin, slices: slices,
                        instructionSet: instructionSet, output: output)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The shared-origin kernel is used from this many planes (it bins rays by direction only above a
  /// dozen candidate planes; below, it still saves the per-ray origin terms).
  public static let sharedOriginMinimumPlanes = 1

  /// Splits `0..<count` into at most `threadCount` contiguous ranges whose bounds are multiples
  /// of `granule` (except the end).
  static func slices(count: Int, granule: Int, threadCount: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let granules = (count + granule - 1) / granule
    let threads = min(max(threadCount, 1), granules)
    return (0..<threads).map { w in
      let lo = granules * w / threads * granule
      let hi = granules * (w + 1) / threads * granule
      return lo..<min(hi, count)
    }
  }

  /// Runs `body` on every range, in parallel when there is more than one.
  static func runSlices(_ slices: [Range<Int>], _ body: @Sendable (Range<Int>) -> Void) {
    if slices.count == 1 {
      body(slices[0])
    } else if slices.count > 1 {
      DispatchQueue.concurrentPerform(iterations: slices.count) { body(slices[$0]) }
    }
  }
}

/// Borrowed views of a ray batch (valid only inside the `withUnsafe...` scopes that made them).
struct RaySoAPointers {
  var ox, oy, oz, dx, dy, dz: UnsafeBufferPointer<Float>
}

/// Borrowed views of a result's arrays (valid only inside the scopes that made them); workers
/// write disjoint ranges.
struct ResultPointers {
  var t: UnsafeMutableBufferPointer<Float>
  var index: UnsafeMutableBufferPointer<Int32>
}

/// Field indices of the packed plane table, the layout the C kernels read (their `ARSK_FIELD_*`;
/// a test holds the two equal). `n` is the unit normal, `c` a point of the plane (the rectangle
/// centre), `u`/`v` unit in-plane axes, `hu`/`hv` half extents along them (infinite for none),
/// `radius` the bounding-sphere radius about `c` (culling only).
enum PlaneField {
  static let nx = 0, ny = 1, nz = 2
  static let cx = 3, cy = 4, cz = 5
  static let ux = 6, uy = 7, uz = 8
  static let vx = 9, vy = 10, vz = 11
  static let hu = 12, hv = 13, radius = 14
  /// The number of fields.
  static let count = 15
}

/// Pointers handed to parallel workers that write disjoint slices. Only used inside the
/// `withUnsafe...` scopes that created the pointers, never stored.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
