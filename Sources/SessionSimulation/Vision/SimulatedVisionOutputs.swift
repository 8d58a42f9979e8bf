import ARSimulation
import Placement
import SpatialMath

/// What a session frame carries of Vision beyond its detector observations: whether a detector
/// result arrived and which image it belongs to, the detector's raw candidates, object-tracker
/// boxes, hand and body points, contours, and the settings of every request (see
/// `VisionRequestType` for the coordinates each reports in). Read through ``SimulatedFrame``'s
/// properties (``SimulatedFrame/detectionCandidates``, ``SimulatedFrame/trackedObjects``, ...).
public struct SimulatedVisionOutputs: Sendable, Hashable {
  /// The frame a late detector result was computed on: its index, time, camera, viewport and
  /// world (what the app should place that result with).
  public struct ImageFrame: Sendable, Hashable {
    /// The frame's index in the recording.
    public let frameIndex: Int
    /// Its capture time (seconds).
    public let timestamp: Double
    /// Its camera.
    public let camera: Camera
    /// Its viewport.
    public let viewport: Viewport
    /// Its plane anchors and feature points.
    public let world: FrameWorld
  }

  /// Whether the frame carries a detector result (always, for recordings that do not declare a
  /// detector rate).
  public var hasDetectorResult = true
  /// The capture time of the image the observations and candidates were computed on.
  public var observationsImageTimestamp: Double
  /// The frame of that image when it is an earlier one the session still holds (the last 240
  /// frames), else `nil` (then the observations belong to this frame).
  public var observationsImageFrame: ImageFrame?
  /// The detector's raw candidates before non-maximum suppression, or `nil` when not recorded.
  public var detectionCandidates: [DetectionCandidate]?
  /// The suppression the recording declares for its candidates (`NonMaximumSuppression
  /// .yolov3Tiny` when it declares none).
  public var nonMaximumSuppression = NonMaximumSuppression.yolov3Tiny
  /// The object tracker's boxes on this frame's image, or `nil` when not recorded.
  public var trackedObjects: [TrackedObjectObservation]?
  /// Hand and body observations on this frame's image (empty when none).
  public var points: [RecognizedPointsObservation] = []
  /// Contours found on this frame's image (empty when none).
  public var contours: [VisionContour] = []
  /// The settings of each request the recording has them for (the Core ML detector's included).
  public var requestSettings: [VisionRequestType: VisionRequestSettings] = [:]

  /// Outputs for a frame captured at `timestamp` with nothing but its observations.
  public init(timestamp: Double) { observationsImageTimestamp = timestamp }
}

/// One object-tracker result (`VNTrackObjectRequest`'s `VNDetectedObjectObservation`).
public struct TrackedObjectObservation: Sendable, Hashable {
  /// The track's identifier, stable while it is tracked.
  public let id: String
  /// The box in the tracking request's coordinates: normalized, lower-left origin, relative to
  /// its region of interest in the oriented image, no crop.
  public let boundingBox: Rect
  /// The tracker's confidence, 0...1.
  public let confidence: Float
  /// The label of the detection it was seeded with, or `nil`.
  public let label: String?

  /// Creates an observation.
  public init(id: String, boundingBox: Rect, confidence: Float, label: String? = nil) {
    self.id = id
    self.boundingBox = boundingBox
    self.confidence = confidence
    self.label = label
  }
}
