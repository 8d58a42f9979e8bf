import SpatialMath

extension BatchRaycastScene {
  /// Rows per parallel work item of the grid kernel (a multiple of its 32-row culling tiles).
  static let gridBandRows = 32

  /// The nearest hit of every ray of a pixel grid (rays generated on the fly; results row-major).
  ///
  /// With `usesTileCulling` (the default) the C kernels keep, per 16-row band, 16x256 strip and
  /// 16x32 (rows x columns) pixel tile, only the planes whose bounding sphere and rectangle (which
  /// contains a polygon's outline) both reach inside every side of those pixels' view frustum,
  /// drop the planes that lie wholly behind a rectangle every ray of the tile hits, and visit the
  /// rest near to far over the tile, stopping once no later plane can be nearer. Culling is
  /// conservative, so results are identical to the brute force. Bands of 32 rows are shared among
  /// `threadCount` (at least 1) workers (on the C kernels each band goes to the first worker
  /// free, so a worker slowed by other programs takes fewer); the result is the same for any
  /// thread count and engine.
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
  ///
  /// A `result` that already holds `width * height` rays keeps its storage, so repeated frames
  /// allocate nothing; one made with ``BatchRaycastResult/init(missesCount:)`` at setup also
  /// keeps the page faults of fresh memory out of the first call.
  public func intersect(
    _ grid: BatchPixelGrid, engine: BatchRaycastEngine = .simd, threadCount: Int = 1,
    usesTileCulling: Bool = true, into result: inout BatchRaycastResult
  ) {
    let n = grid.width * grid.height
    result.resize(to: n)
    guard n > 0 else { return }
    let rays = grid.pinholeRays
    let bands = (grid.height + Self.gridBandRows - 1) / Self.gridBandRows
    let workers = min(max(threadCount, 1), bands)
    let backend = engine.backend
    result.t.withUnsafeMutableBufferPointer { outT in
      result.planeIndex.withUnsafeMutableBufferPointer { outIndex in
        let output = ResultPointers(t: outT, index: outIndex)
        if case .kernels(let instructionSet) = backend {
          kernelIntersect(
            rays, bands: bands, workers: workers, usesTileCulling: usesTileCulling,
            instructionSet: instructionSet, output: output)
          return
        }
        let job = UnsafeSendable(output)
        Self.runSlices((0..<workers).map { $0..<($0 + 1) }) { worker in
          for band in stride(from: worker.lowerBound, to: bands, by: workers) {
            let rows =
              band * Self.gridBandRows..<min((band + 1) * Self.gridBandRows, grid.height)
            if backend == .reference {
              referenceIntersect(rays, rows: rows, outT: job.value.t, outIndex: job.value.index)
            } else {
              simdIntersect(rays, rows: rows, output: job.value)
            }
          }
        }
      }
    }
  }
}

/// A pixel grid's ray generation, everything converted to `Float` as the kernels take it
/// (`arsk_pinhole_grid`): grid pixel `(col, row)` has centre `(gu, gv) = (col + 0.5, row + 0.5)`;
/// image pixel `iu = (a*gu + c*gv) + tx`, `iv = (b*gu + d*gv) + ty`; camera direction
/// `x = (iu - pu) * (1/fx)`, `y = (pv - iv) * (1/fy)`, `s = 1/sqrt((x*x + y*y) + 1)`,
/// `(x*s, y*s, -s)`; world direction `(R0*x + R3*y) + R6*z` per row of the column-major rotation.
struct PinholeGridRays: Sendable {
  var fx, fy, pu, pv: Float
  /// The column-major worldFromCamera rotation.
  var rotation: [Float]
  var origin: (Float, Float, Float)
  var a, b, c, d, tx, ty: Float
  var width, height: Int

  /// The unit world direction of grid pixel `(column, row)`, scalar, in the kernels' order.
  func direction(column: Int, row: Int) -> (Float, Float, Float) {
    let r = rotation
    let gu = Float(column) + 0.5
    let gv = Float(row) + 0.5
    let iu = a * gu + c * gv + tx
    let iv = b * gu + d * gv + ty
    let x = (iu - pu) * (1 / fx)
    let y = (pv - iv) * (1 / fy)
    let s = 1 / (x * x + y * y + 1).squareRoot()
    let (cx, cy, cz) = (x * s, y * s, -s)
    return (
      r[0] * cx + r[3] * cy + r[6] * cz, r[1] * cx + r[4] * cy + r[7] * cz,
      r[2] * cx + r[5] * cy + r[8] * cz
    )
  }

  /// Whether every parameter is finite (otherwise every ray misses).
  var isFinite: Bool {
    [fx, fy, pu, pv, a, b, c, d, tx, ty, origin.0, origin.1, origin.2].allSatisfy(\.isFinite)
      && rotation.allSatisfy(\.isFinite)
  }
}

extension BatchPixelGrid {
  /// The ray generation of this grid (the principal point in continuous image pixels,
  /// `(ox + 0.5, oy + 0.5)`).
  var pinholeRays: PinholeGridRays {
    let r = worldFromCamera.rotation.rotationMatrix.columnMajor
    let m = imagePixelFromGridPixel
    let principal = principalPointPixels + 0.5
    let o = worldFromCamera.translation
    return PinholeGridRays(
      fx: focalLengthPixels.x, fy: focalLengthPixels.y, pu: principal.x, pv: principal.y,
      rotation: r, origin: (o.x, o.y, o.z), a: Float(m.a), b: Float(m.b), c: Float(m.c),
      d: Float(m.d), tx: Float(m.tx), ty: Float(m.ty), width: width, height: height)
  }
}
