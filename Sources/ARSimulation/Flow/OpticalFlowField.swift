import SpatialMath

/// Dense optical flow on a coarse grid of the stored image (what `VNGenerateOpticalFlowRequest`
/// returns, sampled every ``gridSpacingPixels`` pixels): the image motion, in pixels, of the
/// point at the centre of each grid cell between two frames.
///
/// Cell `(column, row)` covers pixels `[column s, (column + 1) s) x [row s, (row + 1) s)` with
/// `s = gridSpacingPixels`; its sample point is the cell centre. Vectors are stored row-major;
/// a cell without a vector (no surface under it, the point behind the target camera or hidden
/// there) is `nil`.
public struct OpticalFlowField: Sendable, Hashable {
  /// The grid spacing, pixels (>= 1).
  public let gridSpacingPixels: Int
  /// The number of cells across (the image width divided by the spacing, rounded down).
  public let columns: Int
  /// The number of cells down.
  public let rows: Int
  /// The flow of each cell (pixels, x right, y down), row-major; `nil` where there is none.
  public let vectors: [Point?]

  /// Creates a field; `vectors` must hold `columns * rows` entries (a precondition).
  public init(gridSpacingPixels: Int, columns: Int, rows: Int, vectors: [Point?]) {
    precondition(gridSpacingPixels >= 1 && columns >= 0 && rows >= 0)
    precondition(vectors.count == columns * rows, "one vector per cell")
    self.gridSpacingPixels = gridSpacingPixels
    self.columns = columns
    self.rows = rows
    self.vectors = vectors
  }

  /// The sample point (image pixels, top-left origin) of a cell: its centre.
  public func samplePixel(column: Int, row: Int) -> Point {
    let s = Double(gridSpacingPixels)
    return Point(x: (Double(column) + 0.5) * s, y: (Double(row) + 0.5) * s)
  }

  /// The flow of a cell, or `nil` when it has none or the indices are outside the grid.
  public func vector(column: Int, row: Int) -> Point? {
    guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
    return vectors[row * columns + column]
  }

  /// The componentwise median of the vectors whose sample points lie in `imageRect` (image
  /// pixels, half-open as `Rect.contains`), or `nil` when none does. The median ignores a
  /// minority of outliers, which is how an app moves a box by dense flow.
  ///
  /// - Complexity: O(k log k) for the k cells in the rect.
  public func medianFlow(in imageRect: Rect) -> Point? {
    let s = Double(gridSpacingPixels)
    let r = imageRect.standardized
    guard r.isFinite else { return nil }
    let c0 = max(0, Int((r.minX / s - 0.5).rounded(.up)))
    let c1 = min(columns - 1, Int((r.maxX / s - 0.5).rounded(.down)))
    let r0 = max(0, Int((r.minY / s - 0.5).rounded(.up)))
    let r1 = min(rows - 1, Int((r.maxY / s - 0.5).rounded(.down)))
    guard c0 <= c1, r0 <= r1 else { return nil }
    var xs: [Double] = []
    var ys: [Double] = []
    for row in r0...r1 {
      for column in c0...c1 {
        guard r.contains(samplePixel(column: column, row: row)),
          let v = vectors[row * columns + column]
        else { continue }
        xs.append(v.x)
        ys.append(v.y)
      }
    }
    guard !xs.isEmpty else { return nil }
    return Point(x: median(&xs), y: median(&ys))
  }
}

/// The median (the mean of the two middle values for an even count); sorts `values`.
func median(_ values: inout [Double]) -> Double {
  values.sort()
  let n = values.count
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2
}
