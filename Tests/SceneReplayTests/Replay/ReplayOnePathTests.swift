import Foundation
import Placement
import SceneFormat
import SceneReplay
import SessionSimulation
import Testing

/// `ReplayEngine` runs the package's placement and tracking through `SimulatedSession`. This
/// pins that path against a minimal loop written here without the session: recording frames ->
/// domain camera, viewport and world -> `PlacementPipeline` -> `MarkerTracker` (with the frame's
/// `DetectorView`: the camera and the part of the image the model saw). Every frame's
/// markers (ids, labels, positions, states) must be identical on every recording in Scenes/.
/// A late detector result is placed with the frame of its image (`detectionsImageTimestamp`), and
/// the tracker's view is that image's; frames without a detector result leave the tracker as it
/// was. With tracking corrections in the truth, markers are attached to anchors: the replay's
/// `MarkerAnchoring` over an `AppAnchorStore` of the recording's truth events. While the camera
/// relocalizes, no detection is placed, no marker shown and the tracker is not updated.
@Suite struct ReplayOnePathTests {
  /// The markers of every frame from the minimal loop (for an ARCore recording: recording frames
  /// -> ARCore frames and ML Kit objects -> `ARCorePlacement` -> `MarkerTracker`, whose view is
  /// the frame's camera and the whole image, where ML Kit looks).
  static func minimalLoop(_ recording: Recording, settings: ReplaySettings) throws
    -> [[TrackedMarker]]
  {
    let header = recording.header
    if header.platform == .arcore {
      let session = try #require(header.arcore)
      let placement = ARCorePlacement(settings: settings.arcorePlacement)
      var tracker = try MarkerTracker(
        configuration: settings.tracker, filterPrototype: settings.filter)
      return try recording.frames.map { frame in
        let placements = placement.place(
          try frame.mlKitObjects, in: try frame.arcoreFrame(session: session))
        return tracker.update(
          measurements: placements.compactMap(\.measurement), timestampSeconds: frame.timestamp,
          view: DetectorView(
            camera: try frame.simulatedCamera(), detectedImageNormalizedRect: .unit))
      }
    }
    let request = try #require(header.vision).requestSettings()
    let headerViewport = try header.viewport?.simulatedViewport()
    let pipeline = PlacementPipeline(settings: settings.placement)
    var tracker = try MarkerTracker(
      configuration: settings.tracker, filterPrototype: settings.filter)
    var output: [[TrackedMarker]] = []
    var viewFrames: [Double: ViewportFrame] = [:]
    let events = header.truth?.events ?? []
    let corrects = TrackingErrorTimeline(truthEvents: events) != nil
    var store = AppAnchorStore(truthEvents: events)
    var anchoring = MarkerAnchoring()
    for frame in recording.frames {
      let camera = try frame.simulatedCamera()
      if corrects {
        let anchors = store.advance(
          toTimestamp: frame.timestamp, cameraPosition: camera.transform.columns.3.xyz)
        anchoring.follow(anchors, tracker: &tracker)
      }
      let seen = try VisionGeometry(settings: request, imageResolution: camera.imageResolution)
        .modelVisibleImageNormalizedRect
      var viewport = try #require(try frame.viewport?.simulatedViewport() ?? headerViewport)
      if let orientation = frame.interfaceOrientation {
        viewport = try Viewport(size: viewport.size, interfaceOrientation: orientation)
      }
      let view = ViewportFrame(camera: camera, viewport: viewport, world: try frame.frameWorld())
      viewFrames[frame.timestamp] = view
      let image = viewFrames[frame.detectorImageTimestamp] ?? view
      // Relocalizing: nothing placed, nothing shown, the tracker waits.
      if camera.trackingState == .limited(.relocalizing) {
        output.append([])
        continue
      }
      guard frame.hasDetectorResult(detectorDeclared: header.detector != nil) else {
        output.append(tracker.markers)
        continue
      }
      let detections = frame.detections.map {
        Detection(
          label: $0.label, confidence: Float($0.confidence), boundingBox: $0.boundingBox,
          rankedLabels: ($0.labels ?? []).map {
            Detection.RankedLabel(identifier: $0.identifier, confidence: Float($0.confidence))
          })
      }
      let placements = pipeline.place(detections, request: request, in: image)
      let markers = tracker.update(
        measurements: placements.compactMap(\.measurement), timestampSeconds: frame.timestamp,
        view: DetectorView(camera: image.camera, detectedImageNormalizedRect: seen))
      if corrects {
        var requests = AppAnchorRequests()
        anchoring.attach(markers, requests: &requests)
        store.enqueue(requests)
      }
      output.append(markers)
    }
    return output
  }

  @Test(arguments: ScenesReplayDeterminismTests.recordings())
  func sessionReplayEqualsTheMinimalLoop(relativePath: String) throws {
    let path = ScenesDirectoryTests.scenes.appendingPathComponent(relativePath).path
    let settings = ReplaySettings()
    let expected = try Self.minimalLoop(Recording(contentsOfFile: path), settings: settings)
    var source = try ReplaySource(contentsOfFile: path)
    var replayed: [[MarkerSnapshot]] = []
    let report = try ReplayEngine(settings: settings, threadCount: 2, chunkFrameCount: 64).run(
      &source, onFrame: { replayed.append($0.markers) })
    #expect(report.frameCount == expected.count)
    #expect(replayed.count == expected.count)
    var identical = replayed.count == expected.count
    for (frame, (snapshots, markers)) in zip(replayed, expected).enumerated() {
      let same =
        snapshots.map(\.id) == markers.map(\.id) && snapshots.map(\.label) == markers.map(\.label)
        && snapshots.map(\.worldPosition) == markers.map(\.position)
        && snapshots.map(\.state) == markers.map(\.state)
      if !same {
        identical = false
        Issue.record("\(relativePath): frame \(frame) differs")
        break
      }
    }
    #expect(identical)
    if !relativePath.contains("/") {  // The synthesized scenes (the three-frame ones place none).
      #expect(expected.contains { !$0.isEmpty }, "\(relativePath): the loop placed no marker")
    }
  }
}
