import ARSimulation
import Placement
import SpatialMath

/// Placement from object-tracker boxes (`VNTrackObjectRequest`), as apps that carry detector
/// boxes between detector frames do: every frame, each tracked box is converted from the
/// tracking request's coordinates to a detector box and placed with this frame's camera (the
/// tracker's boxes belong to this frame's image). Frames without tracker boxes place their
/// observations. The correct steps of ``TrackerBoxWrongCamera``.
public struct TrackedBoxSteps: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The tracked boxes as detector observations (label of the detection they were seeded with,
  /// tracker confidence); the frame's observations when it has no tracker boxes.
  public func observations(in frame: SimulatedFrame) -> [Detection] {
    guard let tracked = frame.trackedObjects else { return frame.observations }
    return tracked.compactMap { object in
      frame.detectorBox(forBox: object.boundingBox, of: .trackObject).map {
        Detection(label: object.label ?? "", confidence: object.confidence, boundingBox: $0)
      }
    }
  }

  /// This frame: tracker boxes belong to its image.
  public func placementFrame(for observation: Detection, in frame: SimulatedFrame)
    -> SimulatedFrame
  {
    frame.trackedObjects == nil ? frame.observationsFrame : frame
  }

  /// Frames with tracker boxes (every frame the tracker runs on), or a detector result.
  public func isDetectorFrame(_ frame: SimulatedFrame) -> Bool {
    frame.trackedObjects != nil || frame.hasDetectorResult
  }
}

/// Raycasts the object tracker's boxes with the camera of the frame the tracker was seeded on
/// (the image of the last detector result) instead of the frame the box belongs to: the app keeps
/// the "detection frame" and reuses it for every tracker update, so the error grows with the
/// camera motion since the last result.
///
/// ```swift
/// let query = detectionFrame.raycastQuery(from: trackedPoint, allowing: .estimatedPlane, alignment: .any)
/// ```
public struct TrackerBoxWrongCamera: PlacementSteps {
  var tracked = TrackedBoxSteps()
  /// The frame of the last detector result's image.
  var seedFrame: SimulatedFrame?

  /// Creates the steps.
  public init() {}

  /// The tracked boxes (``TrackedBoxSteps``).
  public func observations(in frame: SimulatedFrame) -> [Detection] {
    tracked.observations(in: frame)
  }

  /// As ``TrackedBoxSteps``.
  public func isDetectorFrame(_ frame: SimulatedFrame) -> Bool { tracked.isDetectorFrame(frame) }

  /// This frame (its viewport and image), as ``TrackedBoxSteps``.
  public func placementFrame(for observation: Detection, in frame: SimulatedFrame)
    -> SimulatedFrame
  {
    tracked.placementFrame(for: observation, in: frame)
  }

  /// The queries built with the seed frame's camera and viewport (this frame's before the
  /// first result).
  public func raycastQueries(through viewportPoint: Point, in frame: SimulatedFrame)
    -> [RaycastQuery]
  {
    let seed = seedFrame ?? frame
    return [RaycastQuery.Target.existingPlaneGeometry, .estimatedPlane].compactMap {
      seed.raycastQuery(from: viewportPoint, allowing: $0, alignment: .any)
    }
  }

  /// Remembers the image frame of each detector result.
  public mutating func didPlace(_ frame: SimulatedFrame) {
    guard frame.hasDetectorResult else { return }
    let image = frame.observationsFrame
    seedFrame = SimulatedFrame(
      frameIndex: image.frameIndex, timestamp: image.timestamp, camera: image.camera,
      viewport: image.viewport, raycastOptions: image.raycastOptions)
  }
}

extension PlacementMistake {
  /// ``TrackerBoxWrongCamera``: applies to frames with tracker boxes.
  public static let trackerBoxWrongCamera = PlacementMistake(
    id: "tracker-box-wrong-camera", title: "tracker box, wrong frame's camera",
    summary:
      "Object-tracker boxes are raycast with the camera of the frame the tracker was seeded on "
      + "(the last detector result's image), not of the frame they belong to.",
    steps: TrackerBoxWrongCamera(), isApplicable: { $0.trackedObjects != nil })
}
