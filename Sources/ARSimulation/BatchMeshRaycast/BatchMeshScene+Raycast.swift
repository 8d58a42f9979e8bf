extension BatchMeshScene {
  /// Rows per parallel work item of the grid kernel (a multiple of its tile heights).
  static let gridBandRows = 16

  /// The nearest triangle hit of every ray in `rays` (any origins and directions; directions
  /// need not be unit, `t` is in units of their length).
  ///
  /// `threadCount` (at least 1) contiguous slices run in parallel; the result is the same for any
  /// thread count and engine. `.reference` tests every triangle (O(rays x triangles), for tests).
  /// With `barycentrics == false` the result's barycentric arrays are empty (less to store).
  /// - Complexity: about O(rays x log triangles) through the hierarchy.
  public func raycast(
    rays: BatchRaySoA, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    barycentrics: Bool = true
  ) -> BatchMeshRaycastResult {
    var result = BatchMeshRaycastResult()
    raycast(
      rays: rays, engine: engine, threadCount: threadCount, barycentrics: barycentrics,
      into: &result)
    return result
  }

  /// `raycast(rays:engine:threadCount:barycentrics:)` writing into `result`, reusing its storage
  /// when it already holds `rays.count` rays.
  public func raycast(
    rays: BatchRaySoA, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    barycentrics: Bool = true, into result: inout BatchMeshRaycastResult
  ) {
    let n = rays.count
    result.resize(to: n, barycentrics: barycentrics)
    let slices = BatchRaycastScene.slices(count: n, granule: 16, threadCount: threadCount)
    let backend = engine.backend
    rays.originX.withUnsafeBufferPointer { ox in
      rays.originY.withUnsafeBufferPointer { oy in
        rays.originZ.withUnsafeBufferPointer { oz in
          rays.directionX.withUnsafeBufferPointer { dx in
            rays.directionY.withUnsafeBufferPointer { dy in
              rays.directionZ.withUnsafeBufferPointer { dz in
                withOutput(&result) { output in
                  let input = RaySoAPointers(ox: ox, oy: oy, oz: oz, dx: dx, dy: dy, dz: dz)
                  if case .kernels(let instructionSet) = backend {
                    kernelIntersect(
                      input, slices: slices, instructionSet: instructionSet, output: output)
                    return
                  }
                  let job = UnsafeSendable((input, output))
                  BatchRaycastScene.runSlices(slices) { range in
                    swiftIntersect(
                      job.value.0, range: range, bruteForce: backend == .reference,
                      output: job.value.1)
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The nearest triangle hit of every ray of a pixel grid (rays generated on the fly, as for
  /// ``BatchRaycastScene``; results row-major).
  ///
  /// On the C kernels, tiles of 64 pixels traverse the hierarchy together (one interval test
  /// per node for the tile, near to far, stopping once no box can be nearer than every ray's
  /// hit). Bands of 16 rows are shared among `threadCount` (at least 1) workers; the result is
  /// the same for any thread count and engine. The z-depth of pixel `i` (metres along the
  /// camera's -z) is `t[i]` times the camera-space `-z` of its unit direction
  /// (``depthMeters(of:grid:)``).
  /// - Complexity: about O(pixels x log triangles) through the hierarchy.
  public func raycast(
    grid: BatchPixelGrid, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    barycentrics: Bool = true
  ) -> BatchMeshRaycastResult {
    var result = BatchMeshRaycastResult()
    raycast(
      grid: grid, engine: engine, threadCount: threadCount, barycentrics: barycentrics,
      into: &result)
    return result
  }

  /// `raycast(grid:engine:threadCount:barycentrics:)` writing into `result`, reusing its storage
  /// when it already holds `width * height` rays.
  public func raycast(
    grid: BatchPixelGrid, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    barycentrics: Bool = true, into result: inout BatchMeshRaycastResult
  ) {
    let n = grid.width * grid.height
    result.resize(to: n, barycentrics: barycentrics)
    guard n > 0 else { return }
    let rays = grid.pinholeRays
    let bands = (grid.height + Self.gridBandRows - 1) / Self.gridBandRows
    let workers = min(max(threadCount, 1), bands)
    let backend = engine.backend
    withOutput(&result) { output in
      if case .kernels(let instructionSet) = backend {
        kernelIntersect(
          rays, workers: workers, instructionSet: instructionSet, output: output)
        return
      }
      let job = UnsafeSendable(output)
      BatchRaycastScene.runSlices((0..<workers).map { $0..<($0 + 1) }) { worker in
        for band in stride(from: worker.lowerBound, to: bands, by: workers) {
          let rows = band * Self.gridBandRows..<min((band + 1) * Self.gridBandRows, grid.height)
          swiftIntersect(
            rays, rows: rows, bruteForce: backend == .reference, output: job.value)
        }
      }
    }
  }

  /// The z-depth (metres along the camera's -z, as a depth map stores it) of every pixel of a
  /// grid raycast: `t` times the camera-space `-z` of the pixel's unit ray direction; `+infinity`
  /// where the ray missed.
  ///
  /// - Precondition: `result` is a raycast of `grid` (`result.count == grid.count`).
  public func depthMeters(of result: BatchMeshRaycastResult, grid: BatchPixelGrid) -> [Float] {
    precondition(result.count == grid.count, "result is not a raycast of this grid")
    let rays = grid.pinholeRays
    var depth = [Float](repeating: .infinity, count: grid.count)
    for row in 0..<grid.height {
      for col in 0..<grid.width {
        let i = row * grid.width + col
        guard result.triangleIndex[i] >= 0 else { continue }
        depth[i] = result.t[i] * rays.cameraDepthPerDistance(column: col, row: row)
      }
    }
    return depth
  }

  /// Calls `body` with pointers to `result`'s arrays.
  private func withOutput(
    _ result: inout BatchMeshRaycastResult, _ body: (MeshResultPointers) -> Void
  ) {
    let barycentrics = !result.barycentricU.isEmpty || result.count == 0
    result.t.withUnsafeMutableBufferPointer { t in
      result.triangleIndex.withUnsafeMutableBufferPointer { index in
        result.barycentricU.withUnsafeMutableBufferPointer { u in
          result.barycentricV.withUnsafeMutableBufferPointer { v in
            body(
              MeshResultPointers(
                t: t, index: index, u: barycentrics ? u : nil, v: barycentrics ? v : nil))
          }
        }
      }
    }
  }
}

extension PinholeGridRays {
  /// The camera-space `-z` of grid pixel `(column, row)`'s unit direction (`s` in the kernels'
  /// ray generation): metres of depth per metre along the ray.
  func cameraDepthPerDistance(column: Int, row: Int) -> Float {
    let gu = Float(column) + 0.5
    let gv = Float(row) + 0.5
    let x = (a * gu + c * gv + tx - pu) * (1 / fx)
    let y = (pv - (b * gu + d * gv + ty)) * (1 / fy)
    return 1 / (x * x + y * y + 1).squareRoot()
  }
}
