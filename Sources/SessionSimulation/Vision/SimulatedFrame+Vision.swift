import ARSimulation
import Placement
import SpatialMath

extension SimulatedFrame {
  /// Whether a detector result arrived with this frame (``observations`` is that result, maybe
  /// empty); `false` between the results of a detector running below the frame rate.
  public var hasDetectorResult: Bool { visionOutputs.hasDetectorResult }

  /// The detector's raw candidates before non-maximum suppression (Vision boxes relative to the
  /// model input, per-class confidences), or `nil` when the recording has none.
  public var detectionCandidates: [DetectionCandidate]? { visionOutputs.detectionCandidates }

  /// The observations Vision returns for ``detectionCandidates`` after the recording's
  /// non-maximum suppression (`NonMaximumSuppression.yolov3Tiny` when it declares none); empty
  /// without candidates.
  public var suppressedCandidates: [Detection] {
    visionOutputs.detectionCandidates.map {
      visionOutputs.nonMaximumSuppression.detections(from: $0)
    } ?? []
  }

  /// The object tracker's boxes on this frame's image (`VNTrackObjectRequest` coordinates), or
  /// `nil` when the recording has none.
  public var trackedObjects: [TrackedObjectObservation]? { visionOutputs.trackedObjects }

  /// Hand and body observations on this frame's image (their request's coordinates).
  public var points: [RecognizedPointsObservation] { visionOutputs.points }

  /// Contours found on this frame's image (`VNDetectContoursRequest` coordinates).
  public var contours: [VisionContour] { visionOutputs.contours }

  /// The settings of a request: the detector's are ``visionRequest``; the others come from the
  /// recording's `visionRequests` (orientation defaulting to the detector's, the whole image as
  /// region). `nil` when the recording cannot give them.
  public func requestSettings(for type: VisionRequestType) -> VisionRequestSettings? {
    type == .coreMLModel ? visionRequest : visionOutputs.requestSettings[type]
  }

  /// The Vision geometry of a request on this frame's camera image, or `nil` without settings.
  public func visionGeometry(for type: VisionRequestType) -> VisionGeometry? {
    guard let settings = requestSettings(for: type) else { return nil }
    return try? VisionGeometry(
      settings: settings, imageResolution: camera.imageResolution, requestType: type)
  }

  /// ``observationsFrame``'s camera, without copying the frame.
  package var observationsCamera: Camera {
    visionOutputs.observationsImageFrame?.camera ?? camera
  }

  /// ``observationsFrame``'s `viewportFrame`, without copying the frame.
  package var observationsViewportFrame: ViewportFrame {
    guard let image = visionOutputs.observationsImageFrame else { return viewportFrame }
    return ViewportFrame(camera: image.camera, viewport: image.viewport, world: image.world)
  }

  /// The frame the observations were computed on, to place them with: an earlier frame (its
  /// camera, viewport and world, with this frame's observations and settings) when the result
  /// arrived late and the session still holds that frame, else this frame.
  public var observationsFrame: SimulatedFrame {
    guard let image = visionOutputs.observationsImageFrame else { return self }
    return SimulatedFrame(
      frameIndex: image.frameIndex, timestamp: image.timestamp, camera: image.camera,
      viewport: image.viewport, world: image.world, observations: observations,
      visionRequest: visionRequest, raycastOptions: raycastOptions, visionOutputs: visionOutputs)
  }

  /// The frame's plane anchors as the surfaces that move in its image (for optical flow and
  /// object tracking), with a backdrop `backdropDepthMeters` in front of the camera where a ray
  /// meets no anchor.
  public func motionModel(noise: OpticalFlowNoise = .none, backdropDepthMeters: Float? = 2)
    -> OpticalFlowSimulator
  {
    OpticalFlowSimulator(
      surfaces: anchors.compactMap { try? TruthSurface(planeAnchor: $0) }, noise: noise,
      fallbackDepthMeters: backdropDepthMeters)
  }

  /// Sparse optical flow from `previous` to this frame at image pixels of `previous` (stored
  /// image, top-left origin): the motion of what `previous` saw there, over this frame's plane
  /// anchors (``motionModel(noise:backdropDepthMeters:)``), with `noise` drawn from `random`.
  public func opticalFlow(
    from previous: SimulatedFrame, atImagePixels pixels: [Point], noise: OpticalFlowNoise = .none,
    using random: inout SplitMix64
  ) -> [Point?] {
    motionModel(noise: noise).flow(
      atImagePixels: pixels, from: previous.camera, to: camera, using: &random)
  }

  /// A simulated `VNTrackObjectRequest` seeded with a box on this frame's image, in the tracking
  /// request's coordinates (``requestSettings(for:)`` `.trackObject`); `nil` when the recording
  /// gives no tracking settings. Track it into later frames with
  /// `SimulatedObjectTracker.track(to:)`.
  public func makeObjectTracker(
    boundingBox: Rect, confidence: Double = 1, model: ObjectTrackerModel = .default, seed: UInt64
  ) -> SimulatedObjectTracker? {
    guard let geometry = visionGeometry(for: .trackObject) else { return nil }
    return SimulatedObjectTracker(
      boundingBox: boundingBox, geometry: geometry, camera: camera, confidence: confidence,
      model: model, seed: seed)
  }

  /// A detector observation's box in the tracking request's coordinates (through the stored
  /// image), to seed a tracker with; `nil` without both geometries. A detector box used as is
  /// is off by the detector's crop.
  public func trackingBox(forDetectorBox box: Rect) -> Rect? {
    guard let detector = visionGeometry(for: .coreMLModel),
      let tracking = visionGeometry(for: .trackObject)
    else { return nil }
    return tracking.visionRect(
      forImageNormalizedRect: detector.imageNormalizedRect(forVisionRect: box))
  }

  /// A box of another request (tracking, contours) as a detector box, so the detector's
  /// placement chain can place it; `nil` without both geometries.
  public func detectorBox(forBox box: Rect, of type: VisionRequestType) -> Rect? {
    guard let detector = visionGeometry(for: .coreMLModel), let other = visionGeometry(for: type)
    else { return nil }
    return detector.visionRect(
      forImageNormalizedRect: other.imageNormalizedRect(forVisionRect: box))
  }
}

extension SimulatedObjectTracker {
  /// Tracks the object into `frame` (one `VNTrackObjectRequest` perform), with the true motion
  /// taken from `frame`'s plane anchors (``SimulatedFrame/motionModel(noise:backdropDepthMeters:)``).
  public mutating func track(to frame: SimulatedFrame) -> Observation? {
    track(to: frame.camera, motion: frame.motionModel())
  }
}
