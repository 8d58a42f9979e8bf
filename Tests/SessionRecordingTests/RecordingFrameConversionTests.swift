import Foundation
import SceneFormat
import SessionRecording
import SessionSimulation
import Testing

/// What a recorded frame leaves to the header: the viewport and the request settings appear
/// only when they differ from the header's, so a replay reads back the frame's own.
@Suite struct RecordingFrameConversionTests {
  static let portrait = Size(width: 390, height: 844)

  static func frame(viewport: Viewport) throws -> SimulatedFrame {
    let camera = try Camera(
      transform: .identity, intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    return SimulatedFrame(frameIndex: 0, timestamp: 1, camera: camera, viewport: viewport)
  }

  static let request = try! VisionRequestSettings(
    orientation: .right, cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416))

  static let header = RecordingHeader(
    vision: RecordingVision(request),
    viewport: RecordingViewport(size: portrait, interfaceOrientation: .portrait))

  @Test func theHeadersViewportAndRequestAreNotRepeated() throws {
    let frame = try Self.frame(
      viewport: Viewport(size: Self.portrait, interfaceOrientation: .portrait))
    let recorded = RecordingFrame(
      frame, observations: [], visionRequest: Self.request, header: Self.header)
    #expect(recorded.viewport == nil && recorded.interfaceOrientation == nil)
    #expect(recorded.vision == nil)
    // The display transform ARKit's model gives for the view (aspect fill of the portrait view).
    #expect(recorded.displayTransform != nil)
  }

  @Test func anotherOrientationOfTheSameViewIsWrittenAlone() throws {
    let frame = try Self.frame(
      viewport: Viewport(size: Self.portrait, interfaceOrientation: .portraitUpsideDown))
    let recorded = RecordingFrame(
      frame, observations: [], visionRequest: Self.request, header: Self.header)
    #expect(recorded.interfaceOrientation == .portraitUpsideDown && recorded.viewport == nil)
  }

  @Test func anotherViewAndAnotherRequestAreWritten() throws {
    let landscape = Size(width: 844, height: 390)
    let frame = try Self.frame(
      viewport: Viewport(size: landscape, interfaceOrientation: .landscapeRight))
    let other = try VisionRequestSettings(
      orientation: .up, cropAndScale: .scaleFill, modelInputSize: Size(width: 416, height: 416))
    let recorded = RecordingFrame(
      frame, observations: [], visionRequest: other, header: Self.header)
    #expect(recorded.viewport?.size == landscape)
    #expect(recorded.viewport?.interfaceOrientation == .landscapeRight)
    #expect(recorded.interfaceOrientation == nil)
    #expect(try recorded.vision?.requestSettings() == other)
  }

  /// Without a viewport in the header, every frame carries its own (a replay needs one).
  @Test func aHeaderWithoutAViewportGetsOneInEveryFrame() throws {
    let viewport = try Viewport(size: Self.portrait, interfaceOrientation: .portrait)
    let recorded = RecordingFrame(
      try Self.frame(viewport: viewport), observations: [], visionRequest: nil,
      header: RecordingHeader())
    #expect(recorded.viewport == RecordingViewport(viewport))
    #expect(recorded.vision == nil)
  }

  /// Confidences are written in their shortest decimal form, which reads back as the same
  /// `Float`; ranked labels only when the observation has them.
  @Test func observationsKeepTheirFloats() throws {
    let detection = Detection(
      label: "hazard", confidence: 0.7772,
      boundingBox: Rect(x: 0.1, y: 0.2, width: 0.05, height: 0.04),
      rankedLabels: [.init(identifier: "hazard", confidence: 0.7772)])
    let recorded = RecordingDetection(detection)
    #expect(recorded.confidence == 0.7772)
    #expect(recorded.labels?.first?.confidence == 0.7772)
    #expect(Detection(recording: recorded) == detection)
    #expect(
      RecordingDetection(Detection(label: "ac", confidence: 1, boundingBox: .zero)).labels
        == nil)
  }
}
