import SpatialMath
import _RaycastKernels

extension BatchRaycastScene {
  /// Rows per parallel work item of the grid kernel (a multiple of its 32-row culling tiles).
  static let gridBandRows = 32

  /// The nearest hit of every ray of a pixel grid (rays generated on the fly; results row-major).
  ///
  /// With `usesTileCulling` (the default) the C kernels keep, per 32x32 and then 16x32 (rows x
  /// columns) pixel tile, only the planes whose bounding sphere and rectangle (which contains a
  /// polygon's outline) both reach inside every side of the tile's view frustum, and
  /// visit them near to far, stopping once no later plane can be nearer. Culling is conservative,
  /// so results are identical to the brute force. Bands of 32 rows are dealt round-robin to
  /// `threadCount` (at least 1) workers; the result is the same for any thread count and engine.
  /// - Complexity: O(rays x visible planes) plus O(tiles x planes) culling tests.
  public func intersect(
    _ grid: BatchPixelGrid, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    usesTileCulling: Bool = true
  ) -> BatchRaycastResult {
    var result = BatchRaycastResult()
    intersect(
      grid, engine: engine, threadCount: threadCount, usesTileCulling: usesTileCulling,
      into: &result)
    return result
  }

  /// `intersect(_:engine:threadCount:usesTileCulling:)` writing into `result`, reusing storage.
  public func intersect(
    _ grid: BatchPixelGrid, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    usesTileCulling: Bool = true, into result: inout BatchRaycastResult
  ) {
    let n = grid.width * grid.height
    result.resize(to: n)
    guard n > 0 else { return }
    var kernelGrid = grid.kernelGrid
    let bands = (grid.height + Self.gridBandRows - 1) / Self.gridBandRows
    let workers = min(max(threadCount, 1), bands)
    let scratchBytes = usesTileCulling ? arsk_pinhole_grid_scratch_bytes(planes.count) : 0
    let isa = engine.kernelISA
    withKernelScene { scene in
      withUnsafePointer(to: &kernelGrid) { g in
        result.t.withUnsafeMutableBufferPointer { outT in
          result.planeIndex.withUnsafeMutableBufferPointer { outIndex in
            let job = UnsafeSendable((scene: scene, grid: g, output: (t: outT, index: outIndex)))
            let worker = { @Sendable (w: Int) in
              let (scene, g, output) = job.value
              withUnsafeTemporaryAllocation(byteCount: max(scratchBytes, 16), alignment: 16) {
                scratch in
                for band in stride(from: w, to: bands, by: workers) {
                  let rows =
                    band
                    * Self.gridBandRows..<min(
                      (band + 1) * Self.gridBandRows,
                      grid.height)
                  if engine == .reference {
                    referenceIntersect(grid, rows: rows, outT: output.t, outIndex: output.index)
                  } else {
                    arsk_intersect_pinhole_grid(
                      scene, g, UInt32(rows.lowerBound), UInt32(rows.upperBound),
                      scratch.baseAddress, scratchBytes, output.t.baseAddress,
                      output.index.baseAddress, isa)
                  }
                }
              }
            }
            BatchRaycastScene.runSlices((0..<workers).map { $0..<($0 + 1) }) {
              worker($0.lowerBound)
            }
          }
        }
      }
    }
  }
}

extension BatchPixelGrid {
  /// The kernel's view of this grid (everything converted to `Float`; the principal point in
  /// continuous image pixels, `(ox + 0.5, oy + 0.5)`).
  var kernelGrid: arsk_pinhole_grid {
    let r = worldFromCamera.rotation.rotationMatrix.columnMajor
    let m = imagePixelFromGridPixel
    let principal = principalPointPixels + 0.5
    return arsk_pinhole_grid(
      fx: focalLengthPixels.x, fy: focalLengthPixels.y, pu: principal.x, pv: principal.y,
      rotation: (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]),
      origin: (
        worldFromCamera.translation.x, worldFromCamera.translation.y,
        worldFromCamera.translation.z
      ),
      a: Float(m.a), b: Float(m.b), c: Float(m.c), d: Float(m.d), tx: Float(m.tx),
      ty: Float(m.ty), width: UInt32(width), height: UInt32(height))
  }
}
