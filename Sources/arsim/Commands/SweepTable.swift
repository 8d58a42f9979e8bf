import Foundation
import SceneFormat
import SceneReplay

/// The text form of a sweep ranking: one row per combination, best first, with the mean of every
/// metric and the axis values that make the combination.
enum SweepTable {
  static func text(of ranking: SweepRanking, header: String) -> String {
    let direction = ranking.metric.higherIsBetter ? "higher is better" : "lower is better"
    var lines = [
      header,
      "ranked by the mean \(ranking.metric.rawValue) over recordings (\(direction)):",
      "rank  comb      mota      idf1  placementErrorMm  jitterMm  jobs  failed  axes",
    ]
    for (rank, row) in ranking.rows.enumerated() {
      let cells = SweepMetric.allCases.map { metric -> String in
        guard let mean = row.mean(of: metric) else { return "-" }
        return String(format: metric.higherIsBetter ? "%.4f" : "%.3f", mean)
      }
      lines.append(
        pad("\(rank + 1)", 4) + pad("\(row.combinationIndex)", 6) + pad(cells[0], 10)
          + pad(cells[1], 10) + pad(cells[2], 18) + pad(cells[3], 10) + pad("\(row.jobCount)", 6)
          + pad("\(row.failedCount)", 8) + "  " + TerminalText.escaped(axes(row.axes)))
    }
    return lines.joined(separator: "\n")
  }

  /// `filters={"name":"kalman"} anchorPoints="center"` in axis order; `base` without axes.
  static func axes(_ value: JSONValue) -> String {
    guard case .object(let members) = value, !members.isEmpty else { return "base" }
    return SweepAxis.allCases.compactMap { axis in
      guard let member = members[axis.rawValue],
        let bytes = try? JSONWriter.bytes(of: member)
      else { return nil }
      return "\(axis.rawValue)=\(String(decoding: bytes, as: UTF8.self))"
    }.joined(separator: " ")
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
  }
}
