// The device code of the article "Recording your own sessions", compiled where ARKit has
// `ARFrame` (the article's block must equal the region below: `RecordingArticleSyncTests` in
// SceneReplayTests checks it on every platform).
#if canImport(ARKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ARKit
  import ARKitBridge
  import Foundation
  import SessionRecording
  import SessionSimulation
  import Vision

  enum RecordingArticleDeviceSnippets {
    // snippet begin
    final class TakeRecorder {
      let recorder: SessionRecorder
      let delegate: ARSessionRecorder

      init(session: ARSession, appDelegate: any ARSessionDelegate, viewport: Viewport) throws {
        let name = "take-\(UUID().uuidString).jsonl"
        let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
          .appendingPathComponent(name)
        let request = try VisionRequestSettings(
          orientation: .right, cropAndScale: .centerCrop,
          modelInputSize: Size(width: 416, height: 416))
        let header = RecordingHeader(
          vision: RecordingVision(request), viewport: RecordingViewport(viewport))
        recorder = try SessionRecorder(path: url.path, header: header)
        delegate = ARSessionRecorder(recorder: recorder, viewport: viewport)
        delegate.forwardingDelegate = appDelegate
        session.delegate = delegate
      }

      /// From the Vision completion handler, with the frame the request was made for.
      func visionDidFinish(
        _ results: [VNRecognizedObjectObservation], request: VisionRequestSettings, frame: ARFrame
      ) {
        delegate.setObservations(
          results.compactMap { Detection($0) }, visionRequest: request,
          imageTimestamp: frame.timestamp)
      }

      /// When the view rotates or resizes.
      func viewDidLayout(_ viewport: Viewport) { delegate.viewport = viewport }

      func finish() throws -> (written: Int, dropped: Int) {
        try recorder.close()
        return (recorder.writtenFrameCount, recorder.droppedFrameCount)
      }
    }
    // snippet end
  }
#endif
