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
  static func capture(frame: Int? = nil) throws -> ReplayCapture {
    try ReplayCapture(
      recording: DashboardReplayScenario(frameCount: 30).recording(), file: "dash.json",
      frameIndex: frame)
  }

  @Test func picturesAreWellFormedAndTheSameBytesTwice() throws {
    let a = try Self.capture(frame: 12)
    let b = try Self.capture(frame: 12)
    #expect(a.frame.frameIndex == 12)
    #expect(a.cameraPositions.count == 30)
    let frameA = FrameRenderer().document(for: a.frame).markup
    let topA = TopDownRenderer().document(for: a).markup
    let htmlA = ReplayHTMLReport(
      title: "dash.json", report: a.report, tracks: a.tracks, truthObjects: a.truthObjects
    ).html
    #expect(frameA == FrameRenderer().document(for: b.frame).markup)
    #expect(topA == TopDownRenderer().document(for: b).markup)
    #expect(
      htmlA
        == ReplayHTMLReport(
          title: "dash.json", report: b.report, tracks: b.tracks, truthObjects: b.truthObjects
        ).html)
    for text in [frameA, topA, htmlA] { #expect(RenderTestSupport.isWellFormedXML(text)) }
    // Twelve buttons, all detected and placed in frame 12; one track polyline per marker.
    #expect(RenderTestSupport.count("class=\"detection\"", in: frameA) == 12)
    #expect(RenderTestSupport.count("class=\"ray-hit\"", in: frameA) == 12)
    #expect(RenderTestSupport.count("class=\"track\"", in: topA) == a.tracks.count)
    #expect(RenderTestSupport.count("class=\"truth\"", in: topA) == 12)
    #expect(RenderTestSupport.count("<svg", in: htmlA) == 2 * a.tracks.count)
    #expect(!htmlA.contains("<script") && !htmlA.contains("src=") && !htmlA.contains("href="))
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

  @Test(arguments: [(0.3, 0.2), (1.0, 1.0), (0.049, 0.02), (7.0, 5.0), (0.0005, 0.001)])
  func scaleBarLengthsAreRound(limit: Double, expected: Double) {
    #expect(abs(TopDownRenderer.niceLength(atMost: limit) - expected) < 1e-12)
  }

  /// Points closer than 1 unit to the last kept one are dropped; the last point always stays.
  @Test func pathsAreThinnedButKeepTheirEnds() {
    let points = [0, 0.4, 0.9, 1.2, 2.5, 2.6].map { Point(x: $0, y: 0) }
    let thinned = TopDownRenderer.thinned(points, minimumSpacing: 1)
    #expect(thinned.map(\.x) == [0, 1.2, 2.5, 2.6])
  }

  @Test(arguments: [(0.3, 1.0), (1.7, 2.0), (3.0, 5.0), (21.0, 25.0), (100.0, 100.0)])
  func plotMaximaAreRound(value: Double, expected: Double) {
    #expect(TimeSeriesPlot.roundUp(value) == expected)
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
    let page = ReplayHTMLReport(
      title: "t", report: ReplayReport(), tracks: [track], truthObjects: truth)
    let error = page.errorMillimeters(of: track)
    #expect(error.count == 2)
    #expect(abs(error[0].value - 5) < 1e-3 && error[0].seconds == 0)
    #expect(abs(error[1].value - 10) < 1e-3)
    let motion = page.motionMillimeters(of: track)
    #expect(motion.count == 1)
    #expect(abs(motion[0].value - 5) < 1e-3 && motion[0].seconds == 0.5)
    let other = MarkerTrackHistory(id: 4, label: "volume", samples: track.samples)
    #expect(page.errorMillimeters(of: other).isEmpty)
  }

  @Test(arguments: [
    (0.25, 1, "0.3"), (-0.04, 1, "0.0"), (2.5, 0, "3"), (0.125, 3, "0.125"), (1.05, 2, "1.05"),
  ])
  func tableNumbersHaveFixedDecimals(value: Double, decimals: Int, expected: String) {
    #expect(ReplayHTMLReport.format(value, decimals) == expected)
  }
}
