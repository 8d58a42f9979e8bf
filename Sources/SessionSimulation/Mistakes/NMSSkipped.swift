import ARSimulation
import Placement
import SpatialMath

/// Places every raw candidate of a detector model without an NMS stage that clears the
/// confidence threshold, skipping non-maximum suppression: each button comes as several boxes
/// (anchors of its grid cell, sometimes with another best class), so duplicates and wrong-label
/// markers appear.
///
/// ```swift
/// let boxes = zip(coordinates, confidence).filter { $0.1.max()! >= 0.25 }  // no NMS
/// ```
public struct NMSSkipped: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// Every candidate whose best class clears the recording's confidence threshold, as the
  /// observation Vision would make of it; the frame's observations when it has no candidates.
  public func observations(in frame: SimulatedFrame) -> [Detection] {
    guard let candidates = frame.detectionCandidates else { return frame.observations }
    let threshold = frame.visionOutputs.nonMaximumSuppression.confidenceThreshold
    return candidates.compactMap { candidate in
      guard let best = candidate.bestClass, Double(best.confidence) >= threshold else {
        return nil
      }
      return candidate.detection()
    }
  }
}

extension PlacementMistake {
  /// ``NMSSkipped``: applies to frames with raw candidates.
  public static let nmsSkipped = PlacementMistake(
    id: "nms-skipped", title: "NMS skipped",
    summary:
      "The detector's raw candidates are placed without non-maximum suppression: several boxes "
      + "per object, some with another best class.",
    steps: NMSSkipped(), isApplicable: { $0.detectionCandidates != nil })
}
