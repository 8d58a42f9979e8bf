import Foundation

extension ReplayMetrics {
  /// The placeable figures as `arsim replay` and `arsim score` print them: `placeable: MOTA
  /// 0.990  misses 30  false positives 0 (over 3055 placeable object-frames); confirmed at most
  /// 0.200 s after becoming placeable` (`-` for an undefined figure, `inf` when a placeable
  /// object never got a marker).
  package var placeableSummaryLine: String {
    let p = trackingPlaceable
    let mota = p.mota.map { String(format: "%.3f", $0) } ?? "-"
    let most = maximumSecondsFromPlaceableToConfirmed.map { String(format: "%.3f", $0) } ?? "-"
    return "placeable: MOTA \(mota)  misses \(p.missCount)  false positives "
      + "\(p.falsePositiveCount) (over \(p.truthCount) placeable object-frames); confirmed at "
      + "most \(most) s after becoming placeable"
  }
}
