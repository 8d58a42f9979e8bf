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

  /// The figures per phase of the interruptions as `arsim replay` and `arsim score` print them,
  /// or `nil` without interruptions: `interruptions: before MOTA 0.990, error 8.1 mm;
  /// relocalizing 40 frames, 0 markers shown at a wrong place; after MOTA 0.950, 0 at a wrong
  /// place, error 9.0 mm, markers back within 0.300 s` (`-` for an undefined figure, `never` when an object in view
  /// after a relocalization never got its marker back).
  package var interruptionSummaryLine: String? {
    guard let phases = interruptionPhases else { return nil }
    func figure(_ value: Double?, _ format: String, _ unit: String = "") -> String {
      value.map { String(format: format, $0) + unit } ?? "-"
    }
    let before = phases.beforeInterruption
    let relocalizing = phases.relocalizing
    let after = phases.afterRelocalization
    let back: String =
      switch phases.restoredMaxSeconds {
      case nil: "-"
      case let seconds? where seconds.isFinite: String(format: "within %.3f s", seconds)
      case _?: "never (for some objects)"
      }
    return "interruptions: before MOTA \(figure(before.mota, "%.3f")), error "
      + "\(figure(before.placementErrorRMSMillimeters, "%.1f", " mm")); relocalizing "
      + "\(relocalizing.frameCount) frames, \(relocalizing.falsePositiveCount) markers shown at a "
      + "wrong place; after MOTA \(figure(after.mota, "%.3f")), \(after.falsePositiveCount) at a "
      + "wrong place, error \(figure(after.placementErrorRMSMillimeters, "%.1f", " mm")), markers "
      + "back \(back)"
  }
}
