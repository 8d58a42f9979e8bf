import ARSimulation
import Placement
import SceneFormat
import SpatialMath

extension SimulatedVisionOutputs {
  /// What every frame of a recording shares for its Vision outputs: the settings of the
  /// requests without a model, whether the detector's rate is declared, and its suppression.
  package struct HeaderContext: Sendable {
    package let requestSettings: [VisionRequestType: VisionRequestSettings]
    package let detectorDeclared: Bool
    package let nonMaximumSuppression: NonMaximumSuppression

    /// The context of `header`; requests whose settings cannot be made (no orientation anywhere)
    /// are left out, so only frames that use them notice.
    ///
    /// - Throws: `InputFileError` naming `detector.nms` when its settings are out of range.
    package init(header: RecordingHeader) throws {
      var settings: [VisionRequestType: VisionRequestSettings] = [:]
      for type in VisionRequestType.allCases where type != .coreMLModel {
        settings[type] = try? header.requestSettings(for: type)
      }
      requestSettings = settings
      detectorDeclared = header.detector != nil
      if let nms = header.detector?.nms {
        do {
          nonMaximumSuppression = try NonMaximumSuppression(
            iouThreshold: nms.iouThreshold, confidenceThreshold: nms.confidenceThreshold,
            scope: nms.scope, maximumDetections: nms.maximumDetections)
        } catch {
          throw InputFileError(
            .invalidValue, error.description, path: [.key("detector"), .key("nms")])
        }
      } else {
        nonMaximumSuppression = .yolov3Tiny
      }
    }

    /// A context with no requests but the detector's and nothing declared.
    package static let empty = HeaderContext()

    private init() {
      requestSettings = [:]
      detectorDeclared = false
      nonMaximumSuppression = .yolov3Tiny
    }
  }

  /// The outputs of a recorded frame (the image frame of a late result is attached later, by
  /// the session, which knows the earlier frames). `vision` is the frame's detector settings.
  package init(
    recording frame: RecordingFrame, context: HeaderContext, vision: VisionRequestSettings?
  ) {
    self.init(timestamp: frame.detectorImageTimestamp)
    hasDetectorResult = frame.hasDetectorResult(detectorDeclared: context.detectorDeclared)
    nonMaximumSuppression = context.nonMaximumSuppression
    requestSettings = context.requestSettings
    if let vision { requestSettings[.coreMLModel] = vision }
    detectionCandidates = frame.detectionCandidates?.map(DetectionCandidate.init(recording:))
    trackedObjects = frame.trackedObjects?.map {
      TrackedObjectObservation(
        id: $0.id, boundingBox: $0.boundingBox, confidence: Float($0.confidence), label: $0.label)
    }
    points = (frame.points ?? []).map { observation in
      RecognizedPointsObservation(
        requestType: observation.request, confidence: Float(observation.confidence),
        points: observation.points.map {
          RecognizedPoint(name: $0.name, location: $0.location, confidence: Float($0.confidence))
        })
    }
    contours = (frame.contours ?? []).map {
      VisionContour(normalizedPoints: $0.normalizedPoints, isClosed: $0.isClosed)
    }
  }
}

extension SimulatedSession {
  /// How many earlier frames a session keeps to place late detector results with.
  static let imageFrameMemory = 240

  /// Remembers `frame` and, when its detector result belongs to an earlier image the session
  /// still holds, attaches that frame (``SimulatedVisionOutputs/observationsImageFrame``).
  mutating func attachImageFrame(_ frame: inout SimulatedFrame) {
    let image = frame.visionOutputs.observationsImageTimestamp
    if image < frame.timestamp {
      // Only the last `imageFrameMemory` frames count; older ones are dropped in batches.
      frame.visionOutputs.observationsImageFrame = recentImageFrames.suffix(Self.imageFrameMemory)
        .last { $0.timestamp == image }
    }
    recentImageFrames.append(
      SimulatedVisionOutputs.ImageFrame(
        frameIndex: frame.frameIndex, timestamp: frame.timestamp, camera: frame.camera,
        viewport: frame.viewport, world: frame.world))
    // Dropping the oldest frame at every frame would move the whole window each time.
    if recentImageFrames.count >= 2 * Self.imageFrameMemory {
      recentImageFrames.removeFirst(recentImageFrames.count - Self.imageFrameMemory)
    }
  }
}
