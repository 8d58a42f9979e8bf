import ARSimulation
import SpatialMath

// Rounded, unit-bearing descriptions of placement and tracking values (`print(result)`); world
// positions in metres to the millimetre, viewport points to 0.0001.

extension Detection: CustomStringConvertible {
  /// `"hazard" 0.91, box (0.4, 0.4) size 0.2 x 0.2 (Vision normalized)`.
  public var description: String {
    "\"\(label)\" \(DescriptionFormat.number(confidence, digits: 2)), box \(boundingBox) "
      + "(Vision normalized)"
  }
}

extension PlacementResult: CustomStringConvertible {
  /// `"hazard" placed at (0.1, 1, -0.6) m, 0.65 m along the ray, on "dashboard" (attempt 0:
  /// existingPlaneGeometry, vertical); viewport point (195, 422)` or
  /// `"hazard" not placed: noHit; viewport point (195, 422)`.
  public var description: String {
    let point = viewportPoint.map { "; viewport point \($0)" } ?? ""
    guard let hit else {
      return "\"\(detection.label)\" not placed: \(failure?.rawValue ?? "noHit")\(point)"
    }
    let on = hit.anchorIdentifier.map { ", on \"\($0)\"" } ?? ""
    return "\"\(detection.label)\" placed at \(DescriptionFormat.position(hit.worldPosition)), "
      + "\(DescriptionFormat.meters(hit.distance)) along the ray\(on) (attempt "
      + "\(attemptIndex ?? 0): \(hit.target.name), \(hit.targetAlignment.name))\(point)"
  }
}

extension PlacementTrace: CustomStringConvertible {
  /// The box in every space, the anchor point, then each attempt's query and its results, or why
  /// it missed.
  public var description: String {
    var lines: [String] = []
    if let box { lines.append(box.description) }
    lines.append(
      "anchor point: Vision \(anchorVisionNormalized), image \(anchorImageNormalized)"
        + (anchorViewportPoint.map { ", viewport \($0) pt" } ?? ""))
    for (index, query) in queries.enumerated() {
      lines.append("attempt \(index): \(query)")
      let hits = index < results.count ? results[index] : []
      for hit in hits { lines.append("  \(hit)") }
      if hits.isEmpty {
        if index < misses.count, let miss = misses[index] {
          lines.append(
            contentsOf: miss.description.split(separator: "\n").dropFirst().map { "\($0)" })
        } else {
          lines.append("  no hit")
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension TrackedMarker: CustomStringConvertible {
  /// `marker 3 "hazard" confirmed at (0.1, 1, -0.6) m, spread 1.2 mm, 42 hits`.
  public var description: String {
    "marker \(id) \"\(label)\" \(state.rawValue) at \(DescriptionFormat.position(position)), "
      + "spread \(DescriptionFormat.number(spreadMeters * 1000, digits: 1)) mm, "
      + "\(hitCount) hit\(hitCount == 1 ? "" : "s")"
  }
}

extension MarkerSnapshot: CustomStringConvertible {
  /// `marker 3 "hazard" confirmed at (0.1, 1, -0.6) m, visible at (195, 422) pt`.
  public var description: String {
    let shown: String =
      switch projection {
      case .visible(let p): "visible at \(p) pt"
      case .offScreen(let p): "off screen towards \(p) pt"
      case .behindCamera: "behind the camera"
      }
    return "marker \(id) \"\(label)\" \(state.rawValue) at "
      + "\(DescriptionFormat.position(worldPosition)), \(shown)"
  }
}

extension MarkerMeasurement: CustomStringConvertible {
  /// `"hazard" at (0.1, 1, -0.6) m, confidence 0.91`.
  public var description: String {
    "\"\(label)\" at \(DescriptionFormat.position(position)), confidence "
      + DescriptionFormat.number(confidence, digits: 2)
  }
}
