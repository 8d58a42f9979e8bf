import ARSimulation
import Placement
import SpatialMath

/// Placement refined by contours (`VNDetectContoursRequest`), as apps that snap a marker to the
/// outline of the button under a detection do: each contour's points go through the contour
/// request's geometry (orientation, region of interest, lower-left origin, no crop) to the
/// stored image; the detector observation whose box holds the contour's centroid gives the
/// label, and the contour's bounding box, as a detector box, is placed with this frame's camera.
/// The correct steps of ``ContourPointsNotFlipped``.
public struct ContourOutlineSteps: PlacementSteps {
  /// Whether the points are flipped from Vision's lower-left origin (`false` for the mistake).
  let flipsPoints: Bool

  /// Creates the correct steps.
  public init() { flipsPoints = true }

  init(flipsPoints: Bool) { self.flipsPoints = flipsPoints }

  /// One observation per contour that lies in a detector box (see the type's documentation).
  public func observations(in frame: SimulatedFrame) -> [Detection] {
    guard let contourGeometry = frame.visionGeometry(for: .contours),
      let detector = frame.visionGeometry(for: .coreMLModel)
    else { return [] }
    let boxes = frame.observations.map {
      (observation: $0, imageRect: detector.imageNormalizedRect(forVisionRect: $0.boundingBox))
    }
    return frame.contours.compactMap { contour -> Detection? in
      let points = contour.normalizedPoints.map { point in
        contourGeometry.imageNormalizedPoint(
          forVisionPoint: flipsPoints ? point : Point(x: point.x, y: 1 - point.y))
      }
      guard let first = points.first else { return nil }
      var bounds = Rect(origin: first, size: Size(width: 0, height: 0))
      for p in points.dropFirst() {
        bounds = Rect(
          x: min(bounds.minX, p.x), y: min(bounds.minY, p.y),
          width: max(bounds.maxX, p.x) - min(bounds.minX, p.x),
          height: max(bounds.maxY, p.y) - min(bounds.minY, p.y))
      }
      guard let owner = boxes.first(where: { $0.imageRect.contains(bounds.center) }) else {
        return nil
      }
      return Detection(
        label: owner.observation.label, confidence: owner.observation.confidence,
        boundingBox: detector.visionRect(forImageNormalizedRect: bounds),
        rankedLabels: owner.observation.rankedLabels)
    }
  }

  /// This frame: contours belong to its image.
  public func placementFrame(for observation: Detection, in frame: SimulatedFrame)
    -> SimulatedFrame
  {
    frame
  }

  /// Frames with contours (the contour request runs below the frame rate).
  public func isDetectorFrame(_ frame: SimulatedFrame) -> Bool { !frame.contours.isEmpty }
}

/// Reads `VNContour.normalizedPoints` as if their origin were at the top left: every outline is
/// mirrored top to bottom within the contour request's region of interest, so it lies in another
/// detection's box or in none (buttons on the middle line aside).
///
/// ```swift
/// let p = CGPoint(x: point.x * width, y: point.y * height)  // no `height - y`
/// ```
public struct ContourPointsNotFlipped: PlacementSteps {
  var steps = ContourOutlineSteps(flipsPoints: false)

  /// Creates the steps.
  public init() {}

  /// The contours read without the flip (``ContourOutlineSteps``).
  public func observations(in frame: SimulatedFrame) -> [Detection] {
    steps.observations(in: frame)
  }

  /// This frame, as ``ContourOutlineSteps``.
  public func placementFrame(for observation: Detection, in frame: SimulatedFrame)
    -> SimulatedFrame
  {
    frame
  }

  /// Frames with contours, as ``ContourOutlineSteps``.
  public func isDetectorFrame(_ frame: SimulatedFrame) -> Bool { !frame.contours.isEmpty }
}

extension PlacementMistake {
  /// ``ContourPointsNotFlipped``: applies to frames with contours.
  public static let contourPointsNotFlipped = PlacementMistake(
    id: "contour-points-not-flipped", title: "contour points not flipped",
    summary:
      "VNContour points (lower-left origin, relative to the request's region of interest) are "
      + "read as top-left, so outlines are mirrored top to bottom.",
    steps: ContourPointsNotFlipped(), isApplicable: { !$0.contours.isEmpty })
}
