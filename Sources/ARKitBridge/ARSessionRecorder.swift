// An `ARSessionDelegate` over `SessionRecorder`, compiled only where ARKit has `ARFrame` (see
// `ARSessionFrame.swift`); everything it does beyond the mapping is the recorder's, which the
// tests run on Linux.
#if canImport(ARKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ARKit
  import ARSimulation
  import Foundation
  import Placement
  import SessionRecording
  import SpatialMath
  import Vision

  /// Records an `ARSession` as it runs: set it as the session's delegate (or call its
  /// `session(_:didUpdate:)` from yours), tell it the view and the Vision results, and close
  /// the recorder at the end.
  ///
  /// ```swift
  /// let recorder = try SessionRecorder(path: url.path, header: header)
  /// let delegate = ARSessionRecorder(recorder: recorder, viewport: viewport)
  /// delegate.forwardingDelegate = self  // the app's own delegate still gets every call
  /// session.delegate = delegate
  /// // when Vision returns, for the frame it was given:
  /// delegate.setObservations(detections, visionRequest: request, imageTimestamp: frame.timestamp)
  /// // when the view rotates or resizes:
  /// delegate.viewport = newViewport
  /// // at the end:
  /// try recorder.close()
  /// ```
  ///
  /// Each `session(_:didUpdate:)` maps the frame into an ``ARSessionFrame`` (converting its
  /// camera, anchors and points on the delegate's thread; the `ARFrame` is not kept) and hands
  /// it to ``recorder`` with the observations set since the previous frame and the capture
  /// time of their image (which marks the frame as carrying a detector result). A frame whose camera cannot be converted is not recorded.
  /// Whatever the writer's pace, the delegate's thread does not wait under the recorder's
  /// default drop policy.
  public final class ARSessionRecorder: NSObject, ARSessionDelegate, @unchecked Sendable {
    /// The recorder frames go to.
    public let recorder: SessionRecorder
    /// The delegate that also gets every `ARSessionDelegate` call, or `nil`.
    public weak var forwardingDelegate: (any ARSessionDelegate)?
    private let lock = NSLock()
    private var currentViewport: Viewport
    private var pending:
      (observations: [Detection], request: VisionRequestSettings?, imageTimestamp: Double)?

    /// A delegate recording into `recorder`, for a view `viewport`.
    public init(recorder: SessionRecorder, viewport: Viewport) {
      self.recorder = recorder
      currentViewport = viewport
    }

    /// The view that shows the camera image (size in points, interface orientation); set it
    /// when the view rotates or resizes.
    public var viewport: Viewport {
      get { lock.withLock { currentViewport } }
      set { lock.withLock { currentViewport = newValue } }
    }

    /// The app's Vision results, recorded with the next frame: `observations` as
    /// `Detection`s (`boundingBox`, `label`, `confidence`, ranked labels), the settings of the
    /// request that made them, and the capture time of the image Vision was given.
    public func setObservations(
      _ observations: [Detection], visionRequest: VisionRequestSettings?, imageTimestamp: Double
    ) {
      lock.withLock { pending = (observations, visionRequest, imageTimestamp) }
    }

    /// Records `frame`, then forwards the call.
    public func session(_ session: ARSession, didUpdate frame: ARFrame) {
      let (viewport, results) = lock.withLock {
        defer { pending = nil }
        return (currentViewport, pending)
      }
      if let placementFrame = try? ARSessionFrame(frame, session: session, viewport: viewport) {
        recorder.record(
          placementFrame, observations: results?.observations ?? [],
          visionRequest: results?.request, observationsImageTimestamp: results?.imageTimestamp)
      }
      forwardingDelegate?.session?(session, didUpdate: frame)
    }

    /// Forwards the call (the anchors themselves are recorded with every frame).
    public func session(_ session: ARSession, didAdd anchors: [ARAnchor]) {
      forwardingDelegate?.session?(session, didAdd: anchors)
    }

    /// Forwards the call.
    public func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) {
      forwardingDelegate?.session?(session, didUpdate: anchors)
    }

    /// Forwards the call.
    public func session(_ session: ARSession, didRemove anchors: [ARAnchor]) {
      forwardingDelegate?.session?(session, didRemove: anchors)
    }

    /// Forwards the call.
    public func session(_ session: ARSession, cameraDidChangeTrackingState camera: ARCamera) {
      forwardingDelegate?.session?(session, cameraDidChangeTrackingState: camera)
    }

    /// Forwards the call.
    public func session(_ session: ARSession, didFailWithError error: any Error) {
      forwardingDelegate?.session?(session, didFailWithError: error)
    }
  }

  extension Detection {
    /// A Vision object observation: its top label, confidence, box (Vision normalized,
    /// lower-left origin) and ranked labels.
    public init?(_ observation: VNRecognizedObjectObservation) {
      guard let top = observation.labels.first else { return nil }
      self.init(
        label: top.identifier, confidence: observation.confidence,
        boundingBox: Rect(observation.boundingBox),
        rankedLabels: observation.labels.map {
          RankedLabel(identifier: $0.identifier, confidence: $0.confidence)
        })
    }
  }
#endif
