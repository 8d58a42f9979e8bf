import ARSimulation
import Placement
import SceneFormat

extension SimulatedFrame {
  /// What every frame of a recording shares: the header's viewport and Vision settings (already
  /// converted) and the raycast options.
  package struct RecordingContext: Sendable {
    package let headerViewport: Viewport?
    package let headerRequest: VisionRequestSettings?
    package let raycastOptions: RaycastOptions
    /// The header's settings for the Vision outputs beyond the observations.
    package var vision: SimulatedVisionOutputs.HeaderContext = .empty
    /// The ARCore settings of an `"arcore"` recording, else `nil`.
    package var arcore: RecordingARCoreSession? = nil
  }

  /// The session frame of a recorded frame: the camera, the world, the viewport (the frame's,
  /// else the header's; a frame's `interfaceOrientation` alone turns the header's viewport
  /// without changing its size), the observations and their request settings (the frame's,
  /// else the header's). Anchor changes and tracked raycast updates are left empty.
  ///
  /// A pure function of its inputs, so frames convert in parallel.
  ///
  /// - Returns: the frame, or a `InputFileError` with a path relative to the frame
  ///   (`camera.intrinsics`, `planes[2].boundary`, `viewport`, `vision.modelInputSize`).
  package static func converting(
    _ frame: RecordingFrame, frameIndex: Int, context: RecordingContext
  ) -> Result<SimulatedFrame, InputFileError> {
    do {
      let camera = try frame.simulatedCamera()
      let world = try frame.frameWorld()
      let depth = try frame.depthData()
      var viewport = context.headerViewport
      var arcore: SimulatedARCoreFrame?
      if let session = context.arcore {
        let converted = try SimulatedARCoreFrame.converting(
          frame, frameIndex: frameIndex, session: session, depth: depth)
        arcore = converted
        if viewport == nil {
          viewport = SimulatedARCoreFrame.viewport(
            for: converted.frame.displayGeometry,
            sensorOrientationDegrees: session.sensorOrientation)
        }
      }
      if let recorded = frame.viewport {
        do {
          viewport = try recorded.simulatedViewport()
        } catch let error as InputFileError {
          throw error.prefixed(.key("viewport"))
        }
      }
      guard let base = viewport else {
        throw InputFileError(
          .missingField, "no viewport in the frame or the recording header",
          path: [.key("viewport")])
      }
      let shown =
        frame.interfaceOrientation.flatMap {
          Viewport(unchecked: base.size, interfaceOrientation: $0)
        } ?? base
      var request = context.headerRequest
      if let vision = frame.vision {
        do {
          request = try vision.requestSettings()
        } catch let error as InputFileError {
          throw error.prefixed(.key("vision"))
        }
      }
      var simulated = SimulatedFrame(
        frameIndex: frameIndex, timestamp: frame.timestamp, camera: camera, viewport: shown,
        world: world, observations: frame.detections.map(Detection.init(recording:)),
        visionRequest: request, deviceDisplayTransform: frame.displayTransform,
        raycastOptions: context.raycastOptions,
        visionOutputs: SimulatedVisionOutputs(
          recording: frame, context: context.vision, vision: request))
      simulated.arcore = arcore
      if let recorded = frame.appAnchors {
        simulated.appAnchors = try recorded.enumerated().map { offset, anchor in
          do {
            return try anchor.appAnchor()
          } catch let error as InputFileError {
            throw error.prefixed(.index(offset)).prefixed(.key("appAnchors"))
          }
        }
      }
      simulated.sceneDepth = depth.sceneDepth
      simulated.smoothedSceneDepth = depth.smoothedSceneDepth
      return .success(simulated)
    } catch let error as InputFileError {
      return .failure(error)
    } catch {
      return .failure(InputFileError(.invalidValue, "\(error)"))
    }
  }
}

extension Detection {
  /// The domain form of a recorded detection (confidences rounded to `Float`).
  public init(recording detection: RecordingDetection) {
    self.init(
      label: detection.label, confidence: Float(detection.confidence),
      boundingBox: detection.boundingBox,
      rankedLabels: (detection.labels ?? []).map {
        RankedLabel(identifier: $0.identifier, confidence: Float($0.confidence))
      })
  }
}

extension DetectionCandidate {
  /// The domain form of a recorded raw candidate (confidences rounded to `Float`).
  public init(recording candidate: RecordingDetectionCandidate) {
    self.init(
      boundingBox: candidate.boundingBox,
      classConfidences: candidate.labels.map {
        Detection.RankedLabel(identifier: $0.identifier, confidence: Float($0.confidence))
      })
  }
}
