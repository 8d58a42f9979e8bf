/// Optimal one-to-one assignment of rows (e.g. markers) to columns (e.g. measurements): the
/// Hungarian method with potentials (shortest augmenting paths, the Jonker–Volgenant form).
public enum LinearAssignment {
  /// The assignment that first maximizes the number of assigned pairs over allowed entries and then
  /// minimizes the total cost.
  ///
  /// `costs[row][column]` is a cost (any finite value); `.infinity` or NaN forbids the pair (for
  /// example a gated-out or label-mismatched pair). The matrix may be rectangular; all rows must have
  /// the same length (a ragged matrix returns all `nil`). The result has one entry per row: the
  /// assigned column, or `nil` when the row is unassigned.
  ///
  /// Determinism: ties between assignments of equal total cost follow fixed rules (strict
  /// comparisons in index order): rows are placed in index order, each on its cheapest column with
  /// the lowest index, and a later row does not displace an earlier one when that would not lower
  /// the total. `[[1, 1], [2, 2]]` gives `[0, 1]`; `[[1, 0], [1, 0]]` gives `[1, 0]`. The same
  /// matrix always gives the same answer (not always the lexicographically smallest optimum).
  ///
  /// - Complexity: O(n² m) for n = min(rows, columns), m = max(rows, columns).
  public static func minimumCostAssignment(costs: [[Double]]) -> [Int?] {
    let rowCount = costs.count
    guard rowCount > 0 else { return [] }
    let columnCount = costs[0].count
    guard columnCount > 0, costs.allSatisfy({ $0.count == columnCount }) else {
      return Array(repeating: nil, count: rowCount)
    }
    // Forbidden entries cost more than any assignment of allowed ones could, so the optimum
    // first maximizes the number of allowed pairs.
    var finiteSum = 0.0
    var finiteMinimum = 0.0
    for row in costs {
      for c in row where c.isFinite {
        finiteSum += abs(c)
        finiteMinimum = min(finiteMinimum, c)
      }
    }
    let forbidden = 2 * finiteSum + 1
    let transposed = rowCount > columnCount
    let n = transposed ? columnCount : rowCount
    let m = transposed ? rowCount : columnCount
    var a = [Double](repeating: 0, count: n * m)
    for i in 0..<n {
      for j in 0..<m {
        let c = transposed ? costs[j][i] : costs[i][j]
        a[i * m + j] = c.isFinite ? c - finiteMinimum : forbidden
      }
    }
    let columnOfRow = solveRectangular(a, rows: n, columns: m)
    var result = [Int?](repeating: nil, count: rowCount)
    for i in 0..<n {
      let j = columnOfRow[i]
      let (row, column) = transposed ? (j, i) : (i, j)
      if costs[row][column].isFinite { result[row] = column }
    }
    return result
  }

  /// Hungarian algorithm for `rows <= columns`, costs non-negative, row-major; returns the column
  /// of each row (every row is assigned).
  private static func solveRectangular(_ a: [Double], rows n: Int, columns m: Int) -> [Int] {
    // 1-based potentials and matching as in the classical formulation; index 0 is the virtual
    // column.
    var u = [Double](repeating: 0, count: n + 1)
    var v = [Double](repeating: 0, count: m + 1)
    var rowOfColumn = [Int](repeating: 0, count: m + 1)
    var way = [Int](repeating: 0, count: m + 1)
    var minValue = [Double](repeating: .infinity, count: m + 1)
    var used = [Bool](repeating: false, count: m + 1)
    for i in 1...n {
      rowOfColumn[0] = i
      var j0 = 0
      for j in 0...m {
        minValue[j] = .infinity
        used[j] = false
      }
      repeat {
        used[j0] = true
        let i0 = rowOfColumn[j0]
        var delta = Double.infinity
        var j1 = 0
        for j in 1...m where !used[j] {
          let current = a[(i0 - 1) * m + (j - 1)] - u[i0] - v[j]
          if current < minValue[j] {
            minValue[j] = current
            way[j] = j0
          }
          if minValue[j] < delta {
            delta = minValue[j]
            j1 = j
          }
        }
        for j in 0...m {
          if used[j] {
            u[rowOfColumn[j]] += delta
            v[j] -= delta
          } else {
            minValue[j] -= delta
          }
        }
        j0 = j1
      } while rowOfColumn[j0] != 0
      repeat {
        let j1 = way[j0]
        rowOfColumn[j0] = rowOfColumn[j1]
        j0 = j1
      } while j0 != 0
    }
    var columnOfRow = [Int](repeating: 0, count: n)
    for j in 1...m where rowOfColumn[j] != 0 { columnOfRow[rowOfColumn[j] - 1] = j - 1 }
    return columnOfRow
  }
}
