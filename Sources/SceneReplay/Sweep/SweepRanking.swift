import SceneFormat

/// Sweep combinations ranked by the mean of a metric over the recordings.
///
/// Per combination and metric, the mean is taken over the jobs whose metric is a finite number
/// (recordings without truth, jobs that failed and `null` metrics are left out and not counted),
/// summed in job order. Combinations with a mean rank before those without; better means first
/// (`SweepMetric.higherIsBetter`); ties go to the lower combination index.
public struct SweepRanking: Sendable, Hashable {
  /// The `format` member of the JSON form (`arsim sweep --json`).
  public static let formatName = "arplacementsim.sweepRanking"
  /// The `version` member of the JSON form; raised when a member changes meaning or goes away
  /// (added members keep the version).
  public static let formatVersion = 1

  /// The metric ranked by.
  public let metric: SweepMetric
  /// One row per combination seen, best first.
  public let rows: [Row]

  /// One combination's summary.
  public struct Row: Sendable, Hashable {
    /// The combination index.
    public var combinationIndex: Int
    /// The combination's axis values (as in the results).
    public var axes: JSONValue
    /// Jobs (recordings) seen for the combination.
    public var jobCount = 0
    /// Jobs that failed.
    public var failedCount = 0
    /// Per metric (`SweepMetric.allCases` order): the mean, or `nil` without any value.
    public var means: [Double?] = []
    /// Per metric (`SweepMetric.allCases` order): the number of values averaged.
    public var valueCounts: [Int] = []

    /// The mean of `metric`, or `nil` without any value.
    public func mean(of metric: SweepMetric) -> Double? {
      means[SweepMetric.allCases.firstIndex(of: metric)!]
    }
  }

  /// Ranks `results` (any order; they are taken in job order).
  ///
  /// - Complexity: O(n log n) in the number of results.
  public init(results: [SweepResult], rankBy metric: SweepMetric) {
    self.metric = metric
    let metrics = SweepMetric.allCases
    var sums: [Int: (row: Row, sums: [Double])] = [:]
    for result in results.sorted(by: { $0.jobIndex < $1.jobIndex }) {
      var entry =
        sums[result.combinationIndex]
        ?? (
          Row(
            combinationIndex: result.combinationIndex, axes: result.axes,
            valueCounts: [Int](repeating: 0, count: metrics.count)),
          [Double](repeating: 0, count: metrics.count)
        )
      entry.row.jobCount += 1
      if result.error != nil { entry.row.failedCount += 1 }
      for (m, each) in metrics.enumerated() {
        if let value = result.metric(each.metricsKey) {
          entry.sums[m] += value
          entry.row.valueCounts[m] += 1
        }
      }
      sums[result.combinationIndex] = entry
    }
    var rows: [Row] = sums.keys.sorted().map { key in
      var (row, total) = sums[key]!
      row.means = metrics.indices.map { m in
        row.valueCounts[m] > 0 ? total[m] / Double(row.valueCounts[m]) : nil
      }
      return row
    }
    rows.sort { a, b in
      switch (a.mean(of: metric), b.mean(of: metric)) {
      case (let x?, let y?):
        if x != y { return metric.isBetter(x, than: y) }
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): break
      }
      return a.combinationIndex < b.combinationIndex
    }
    self.rows = rows
  }

  /// The ranking as JSON: `{"format": "arplacementsim.sweepRanking", "version": 1,
  /// "rankBy": "mota", "rows": [{"rank": 1, "combination": 3, "axes": {...}, "jobCount": 2,
  /// "failedCount": 0, "means": {"mota": 0.9, ...}, "valueCounts": {"mota": 2, ...}}, ...]}`
  /// (means `null` without values). Schema: `Scenes/schema/sweep-ranking.schema.json`.
  public var jsonValue: JSONValue {
    .object([
      "format": .string(Self.formatName),
      "version": .number(Double(Self.formatVersion)),
      "rankBy": .string(metric.rawValue),
      "rows": .array(
        rows.enumerated().map { rank, row in
          var means: [String: JSONValue] = [:]
          var counts: [String: JSONValue] = [:]
          for (m, each) in SweepMetric.allCases.enumerated() {
            means[each.rawValue] = .optionalNumber(row.means[m])
            counts[each.rawValue] = .number(Double(row.valueCounts[m]))
          }
          return .object([
            "rank": .number(Double(rank + 1)),
            "combination": .number(Double(row.combinationIndex)),
            "axes": row.axes,
            "jobCount": .number(Double(row.jobCount)),
            "failedCount": .number(Double(row.failedCount)),
            "means": .object(means),
            "valueCounts": .object(counts),
          ])
        }),
    ])
  }
}
