import SpatialMath

extension RaycastMissDiagnosis.Reason: CustomStringConvertible {
  /// `met 1.52 m along the ray, 0.077 m outside its boundary at (2.077, 0.1) m`, ...
  public var description: String {
    switch self {
    case .alignmentMismatch(let alignment): "its alignment is \(alignment.name)"
    case .parallel(let cosine):
      "the ray runs parallel to it (|cos| = \(DescriptionFormat.number(cosine, digits: 7)))"
    case .behindOrigin(let d): "it is behind the ray's origin (\(DescriptionFormat.meters(d)) back)"
    case .backFace(let d):
      "the ray meets its back face \(DescriptionFormat.meters(d)) along (back faces are culled)"
    case .outsideBoundary(let d, let outside, let p):
      "the ray meets it \(DescriptionFormat.meters(d)) along, "
        + "\(DescriptionFormat.meters(outside)) outside its boundary, at plane-local "
        + "(x \(DescriptionFormat.number(p.x, digits: 3)), z \(DescriptionFormat.number(p.y, digits: 3))) m"
    }
  }
}

extension RaycastMissDiagnosis.EstimatedPlaneMiss: CustomStringConvertible {
  /// `only 2 feature points near the ray (needs 6)`, ...
  public var description: String {
    switch self {
    case .tooFewPoints(let found, let needed):
      "only \(found) feature point\(found == 1 ? "" : "s") near the ray (needs \(needed))"
    case .noAcceptablePlane(let n): "the \(n) feature points near the ray fit no acceptable plane"
    case .alignmentMismatch(let found, let d):
      "the estimated plane \(DescriptionFormat.meters(d)) along the ray is \(found.name)"
    }
  }
}

extension RaycastMissDiagnosis: CustomStringConvertible {
  /// One line per reason, the most likely first:
  ///
  /// ```
  /// no hit for query from (0, 1.5, 0) m along (0, 0, -1) for existingPlaneGeometry, any alignment
  ///   "dashboard": the ray meets it 1.52 m along, 0.077 m outside its boundary, at ...
  ///   "floor": it is behind the ray's origin (0.8 m back)
  /// ```
  public var description: String {
    var lines = ["no hit for \(query)"]
    if invalidRay {
      lines.append("  the query has no usable ray (zero, infinite or NaN origin or direction)")
    } else if let estimatedPlane {
      lines.append("  \(estimatedPlane)")
    } else if planes.isEmpty {
      lines.append("  the world has no plane anchors")
    }
    for miss in planes { lines.append("  \"\(miss.anchorIdentifier)\": \(miss.reason)") }
    return lines.joined(separator: "\n")
  }
}
