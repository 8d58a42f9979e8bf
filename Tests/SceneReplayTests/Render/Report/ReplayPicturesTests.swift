import Placement
import SceneFormat
import SpatialMath
import Testing
import _ReplayFixtures

@testable import SceneReplay

/// The pictures of a whole replay (`DashboardReplayScenario`): capture, determinism,
/// well-formedness, and the hand-checkable helpers of the top-down view and the report.
@Suite("Replay pictures")
struct ReplayPicturesTests {
  static func capture(frame: Int? = nil, frameCount: Int = 30) throws -> ReplayCapture {
    try ReplayCapture(
      recording: DashboardReplayScenario(frameCount: frameCount).recording(), file: "dash.json",
      frameIndex: frame)
  }

  @Test func picturesAreWellFormedAndTheSameBytesTwice() throws {
    let a = try Self.capture(frame: 12)
    let b = try Self.capture(frame: 12)
    #expect(a.frame.frameIndex == 12)
    #expect(a.cameraPositions.count == 30)
    #expect(a.timeline.frames.map(\.frameIndex) == Array(0..<30))
    let frameA = FrameRenderer().document(for: a.frame).markup
    let topA = TopDownRenderer().document(for: a).markup
    let htmlA = ReplayHTMLReport(title: "dash.json", capture: a).html
    #expect(frameA == FrameRenderer().document(for: b.frame).markup)
    #expect(topA == TopDownRenderer().document(for: b).markup)
    #expect(htmlA == ReplayHTMLReport(title: "dash.json", capture: b).html)
    for text in [frameA, topA, htmlA] { #expect(RenderTestSupport.isWellFormedXML(text)) }
    // Twelve buttons, all detected and placed in frame 12.
    #expect(RenderTestSupport.count("class=\"detection\"", in: frameA) == 12)
    #expect(RenderTestSupport.count("class=\"ray-hit\"", in: frameA) == 12)
    #expect(RenderTestSupport.count("class=\"truth\"", in: topA) == 12)
    // One track per marker ever shown; every marker's with showsAllTracks.
    let shownTracks = a.tracks.filter { $0.samples.contains { $0.state.isShown } }
    #expect(!shownTracks.isEmpty)
    #expect(RenderTestSupport.count("class=\"track\"", in: topA) == shownTracks.count)
    // Round ticks on both axes of the zoomed view (a few per axis, not one per metre).
    #expect(RenderTestSupport.count("text-anchor=\"middle\" class=\"tick\"", in: topA) >= 3)
    #expect(RenderTestSupport.count("text-anchor=\"end\" class=\"tick\"", in: topA) >= 2)
    var all = TopDownRenderer()
    all.showsAllTracks = true
    #expect(
      RenderTestSupport.count("class=\"track\"", in: all.document(for: a).markup)
        == a.tracks.count)
    // Three overview pictures, then two plots per shown marker.
    let shownMarkers = a.report.markers.filter { $0.shownFrameCount > 0 }
    #expect(RenderTestSupport.count("<svg", in: htmlA) == 3 + 2 * shownMarkers.count)
    #expect(!htmlA.contains("<script") && !htmlA.contains("src=") && !htmlA.contains("href=\"http"))
  }

  @Test func theLastFrameIsTheDefaultAndOutOfRangeNamesTheRange() throws {
    #expect(try Self.capture().frame.frameIndex == 29)
    do {
      _ = try Self.capture(frame: 30)
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.file == "dash.json")
      #expect(error.description.contains("0...29"))
    }
  }

  /// The recording's truth events reach the timeline (times unchanged), with the plane anchors
  /// seen in the frames: the scenario's wall anchor appears in the first frame.
  @Test func truthEventsAndPlaneChangesReachTheTimeline() throws {
    var recording = try DashboardReplayScenario(frameCount: 30).recording()
    let start = recording.frames[0].timestamp
    recording.header.truth?.events = [
      .trackingLost(timestamp: start + 0.2, endTimestamp: start + 0.3),
      .trackingJump(timestamp: start + 0.1, offsetMeters: SIMD3(0.03, 0, 0.04)),
    ]
    let capture = try ReplayCapture(recording: recording)
    let events = capture.timeline.events
    let jump = try #require(events.first { $0.kind == .trackingJump })
    #expect(jump.timestampSeconds == start + 0.1 && jump.detail == "5.0 cm")
    let loss = try #require(events.first { $0.kind == .trackingLost })
    #expect(loss.timestampSeconds == start + 0.2 && loss.endTimestampSeconds == start + 0.3)
    let planes = events.filter { $0.kind == .planeAdded }
    #expect(!planes.isEmpty && planes.allSatisfy { $0.timestampSeconds == start })
    // Time order.
    #expect(
      zip(events, events.dropFirst()).allSatisfy { $0.timestampSeconds <= $1.timestampSeconds })
  }

  /// Points closer than 1 unit to the last kept one are dropped; the last point always stays.
  @Test func pathsAreThinnedButKeepTheirEnds() {
    let points = [0, 0.4, 0.9, 1.2, 2.5, 2.6].map { Point(x: $0, y: 0) }
    let thinned = TopDownRenderer.thinned(points, minimumSpacing: 1)
    #expect(thinned.map(\.x) == [0, 1.2, 2.5, 2.6])
  }

  /// Ten samples into at most four points: two buckets of five, each giving its minimum and
  /// maximum in time order.
  @Test func longSeriesKeepTheirExtremes() {
    let values: [Double] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
    let samples = values.enumerated().map { (seconds: Double($0.offset), value: $0.element) }
    let reduced = TimeSeriesPlot.envelope(samples, maximumPoints: 4)
    #expect(reduced.map(\.seconds) == [1, 4, 5, 6])
    #expect(reduced.map(\.value) == [1, 5, 9, 2])
  }

  /// A marker 3 mm in x and 4 mm in y from the only truth object with its label: 5 mm error;
  /// moving by (3, 4, 0) mm between frames: 5 mm motion; a label without truth: no error data.
  @Test func errorAndMotionAreWorkedByHand() {
    let truth = [
      RecordingTruthObject(
        id: "hazard-1", label: "hazard", position: SIMD3(0, 0.9, -0.6),
        size: SIMD3(0.02, 0.02, 0.01)),
      RecordingTruthObject(
        id: "fan-1", label: "fan", position: SIMD3(0.003, 0.904, -0.6),
        size: SIMD3(0.02, 0.02, 0.01)),
    ]
    let track = MarkerTrackHistory(
      id: 3, label: "hazard",
      samples: [
        .init(
          frameIndex: 0, timestampSeconds: 0, worldPosition: SIMD3(0.003, 0.904, -0.6),
          state: .tentative),
        .init(
          frameIndex: 1, timestampSeconds: 0.5, worldPosition: SIMD3(0.006, 0.908, -0.6),
          state: .confirmed),
      ])
    let error = ReplayHTMLReport.errorMillimeters(of: track, truthObjects: truth)
    #expect(error.count == 2)
    #expect(abs(error[0].value - 5) < 1e-3 && error[0].seconds == 0)
    #expect(abs(error[1].value - 10) < 1e-3)
    let motion = ReplayHTMLReport.motionMillimeters(of: track)
    #expect(motion.count == 1)
    #expect(abs(motion[0].value - 5) < 1e-3 && motion[0].seconds == 0.5)
    let other = MarkerTrackHistory(id: 4, label: "volume", samples: track.samples)
    #expect(ReplayHTMLReport.errorMillimeters(of: other, truthObjects: truth).isEmpty)
  }

  @Test(arguments: [
    (0.25, 1, "0.3"), (-0.04, 1, "0.0"), (2.5, 0, "3"), (0.125, 3, "0.125"), (1.05, 2, "1.05"),
  ])
  func tableNumbersHaveFixedDecimals(value: Double, decimals: Int, expected: String) {
    #expect(ReplayHTMLReport.format(value, decimals) == expected)
  }
}
