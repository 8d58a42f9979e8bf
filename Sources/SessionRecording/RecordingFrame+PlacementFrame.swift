import ARSimulation
import Placement
import SceneFormat
import SpatialMath

extension RecordingFrame {
  /// The recorded form of what an app had at one frame: `frame`'s timestamp, camera, plane
  /// anchors (the whole list each frame: a replay finds the added, updated and removed anchors
  /// by comparing frames, as an `ARSessionDelegate` is told of them), app anchors, feature
  /// points and display transform for its viewport, with the app's Vision `observations` and
  /// the settings of the request that made them.
  ///
  /// What the header already says is left out, so a replay reads the same values back: the
  /// viewport only when it differs from the header's (its interface orientation alone when
  /// only that differs), the request settings only when they differ from the header's. A
  /// header without a viewport gets one in every frame.
  ///
  /// Every `Float` is written in its shortest decimal form (`0.7772`, not
  /// `0.77719998359680176`), which reads back as the same `Float`: a frame replayed from the
  /// recording has the same camera, anchors, points and confidences, bit for bit.
  ///
  /// - Parameters:
  ///   - observationsImageTimestamp: the capture time of the image the observations were
  ///     computed on (an earlier frame's for a late result, this frame's otherwise), which
  ///     marks the frame as carrying a detector result even when it found nothing; `nil` when
  ///     the observations are this frame's (or no result arrived with it and there are none).
  ///   - header: the header the frame will be written under.
  public init(
    _ frame: some PlacementFrame, observations: [Detection],
    visionRequest: VisionRequestSettings?, observationsImageTimestamp: Double? = nil,
    header: RecordingHeader
  ) {
    self.init(timestamp: frame.timestamp, camera: RecordingCamera(frame.camera))
    let viewport = frame.viewport
    displayTransform = frame.displayTransform(
      for: viewport.interfaceOrientation, viewportSize: viewport.size)
    let recordedViewport = RecordingViewport(viewport)
    if let headerViewport = header.viewport {
      if headerViewport.size != viewport.size
        || headerViewport.interfaceOrientation != viewport.interfaceOrientation
      {
        if headerViewport.size == viewport.size {
          interfaceOrientation = viewport.interfaceOrientation
        } else {
          self.viewport = recordedViewport
        }
      }
    } else {
      self.viewport = recordedViewport
    }
    if let visionRequest, (try? header.vision?.requestSettings()) != visionRequest {
      vision = RecordingVision(visionRequest)
    }
    planes = frame.anchors.map(RecordingPlane.init)
    featurePoints = frame.rawFeaturePoints.map(RecordingFeaturePoints.init)
    if !frame.appAnchors.isEmpty {
      appAnchors = frame.appAnchors.map(RecordingAppAnchor.init)
    }
    detections = observations.map(RecordingDetection.init)
    detectionsImageTimestamp = observationsImageTimestamp
  }
}

extension RecordingDetection {
  /// The recorded form of a Vision observation: label, confidence and ranked labels in their
  /// shortest decimal form, the box as it is.
  public init(_ detection: Detection) {
    self.init(
      label: detection.label, confidence: Double(shortest: detection.confidence),
      boundingBox: detection.boundingBox,
      labels: detection.rankedLabels.isEmpty
        ? nil
        : detection.rankedLabels.map {
          RecordingLabel(identifier: $0.identifier, confidence: Double(shortest: $0.confidence))
        })
  }
}

extension Double {
  /// The `Double` whose shortest decimal form is that of `value` (exact for every finite
  /// `Float`: that form reads back as the same `Float`).
  fileprivate init(shortest value: Float) {
    self = value.isFinite ? Double(value.description) ?? Double(value) : Double(value)
  }
}
