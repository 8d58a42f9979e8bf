import Foundation

extension PlacementScore: CustomStringConvertible {
  /// The report `arsim score` prints: the metrics, one line per truth object and the diagnosis.
  public var description: String {
    var lines: [String] = []
    var span = ""
    if let first = firstTimestampSeconds, let last = lastTimestampSeconds {
      span = " (\(Self.fixed(first, 3))...\(Self.fixed(last, 3)) s)"
    }
    lines.append(
      "scored \(frameCount) frames\(span)\(file.map { " of \($0)" } ?? "") against "
        + "\(objects.count) truth objects (a marker matches one of its label within "
        + "\(Self.fixed(Double(metrics.matchThresholdMeters) * 1000, 1)) mm)")
    let t = metrics.tracking
    lines.append(
      "  MOTA \(Self.number(t.mota, 3))  IDF1 \(Self.number(t.idf1, 3))  ID switches "
        + "\(t.idSwitchCount)  misses \(t.missCount)  false positives \(t.falsePositiveCount) "
        + "(over \(t.truthCount) truth object-frames)")
    lines.append("  " + metrics.placeableSummaryLine)
    if let line = metrics.interruptionSummaryLine { lines.append("  " + line) }
    lines.append(
      "  placement error RMS \(Self.number(metrics.placementErrorRMSMillimeters, 1, "mm")) (max "
        + "\(Self.number(metrics.placementErrorMaxMillimeters, 1, "mm")))  as placed "
        + "\(Self.number(asPlacedErrorRMSMillimeters, 1, "mm"))  jitter RMS "
        + "\(Self.number(metrics.jitterRMSMillimeters, 2, "mm"))  reprojection RMS "
        + "\(Self.number(metrics.reprojectionErrorRMSPixels, 1, "px"))")
    let allMarked = timeToFirstMarkerMaxSeconds
    let unseen = metrics.neverInViewObjectCount
    lines.append(
      "  missed objects \(missedObjects)\(unseen > 0 ? " (and \(unseen) never in view)" : ""), "
        + "false markers at the end \(falseMarkers), "
        + (allMarked.map { "every object in view marked after \(Self.fixed($0, 3)) s" }
          ?? "not every object in view marked"))
    lines.append("")
    lines.append(
      Self.row(["object", "label", "in view", "matched", "error RMS (mm)", "first marker (s)"]))
    for object in objects {
      lines.append(
        Self.row([
          object.id, object.label, String(object.visibleFrameCount),
          String(object.matchedFrameCount), Self.number(object.errorRMSMillimeters, 1),
          object.visibleFrameCount == 0
            ? "never in view"
            : object.firstMatchedSeconds.map { Self.fixed($0, 3) } ?? "never marked",
        ]))
    }
    if let best = diagnosis.first {
      lines.append("")
      lines.append(diagnosisLine(best))
      let others = diagnosis.dropFirst().prefix(3).map {
        "\"\($0.title)\" \(Self.number($0.residualMillimeters, 1, "mm"))"
      }
      if !others.isEmpty { lines.append("  next: " + others.joined(separator: ", ")) }
    }
    return lines.joined(separator: "\n")
  }

  /// `errors fit "Vision y not flipped" (residual 0.9 mm; as placed 64.0 mm)`.
  func diagnosisLine(_ best: DiagnosisFit) -> String {
    let asPlaced = "as placed \(Self.number(asPlacedErrorRMSMillimeters, 1, "mm"))"
    guard let residual = best.residualMillimeters else {
      return "diagnosis: no placement in the catalogue explains the markers (\(asPlaced))"
    }
    let fit = "residual \(Self.fixed(residual, 1)) mm; \(asPlaced)"
    guard let mistake = best.mistake else {
      return "diagnosis: the markers fit the correct placement (\(fit))"
    }
    return "diagnosis: errors fit \"\(mistake.title)\" [\(mistake.id)] (\(fit))"
  }

  static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }

  /// A number with `digits` decimals and an optional unit, or `-` when undefined.
  static func number(_ value: Double?, _ digits: Int, _ unit: String? = nil) -> String {
    guard let value, value.isFinite else { return "-" }
    return fixed(value, digits) + (unit.map { " \($0)" } ?? "")
  }

  static func row(_ cells: [String]) -> String {
    let widths = [12, 14, 9, 9, 16, 0]
    return zip(cells, widths).map { cell, width in
      width == 0
        ? cell : cell.padding(toLength: max(width, cell.count + 1), withPad: " ", startingAt: 0)
    }.joined()
  }
}
