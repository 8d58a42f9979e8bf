import ARSimulation
import Placement

/// Places a detector result that arrived late with the camera of the frame it arrived on, not of
/// the image it was computed on: the boxes are where the objects were some frames ago, seen from
/// where the camera is now.
///
/// ```swift
/// func handle(_ results: [VNRecognizedObjectObservation]) {
///   let frame = session.currentFrame!  // not the frame the request ran on
/// ```
public struct LateResultCurrentCamera: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The frame the result arrived on.
  public func placementFrame(for observation: Detection, in frame: SimulatedFrame)
    -> SimulatedFrame
  {
    frame
  }
}

extension PlacementMistake {
  /// ``LateResultCurrentCamera``: applies to frames whose result belongs to an earlier image.
  public static let lateResultCurrentCamera = PlacementMistake(
    id: "late-result-current-camera", title: "late result, current camera",
    summary:
      "Detector results that arrive frames after their image are raycast with the camera of the "
      + "frame they arrive on instead of the image's.",
    steps: LateResultCurrentCamera(),
    isApplicable: { $0.visionOutputs.observationsImageFrame != nil })
}
