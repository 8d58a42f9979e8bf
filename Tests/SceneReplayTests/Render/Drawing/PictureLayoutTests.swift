import ARSimulation
import Placement
import SceneFormat
import SpatialMath
import Testing

@testable import SceneReplay

/// The layout helpers of the pictures, worked by hand: round axis ticks, natural order, label
/// placement, tracking-state intervals, the overview chart's buckets.
@Suite("Picture layout")
struct PictureLayoutTests {
  /// 0...9.983 s in about 5 intervals: 9.983 / 5 = 2.0 -> step 2, axis 0...10.
  @Test func ticksOfTenSecondsAreEvenSeconds() {
    let ticks = AxisTicks(covering: 0, 9.983, targetCount: 5)
    #expect(ticks.step == 2 && ticks.lower == 0 && ticks.upper == 10)
    #expect(ticks.values == [0, 2, 4, 6, 8, 10])
    #expect(ticks.values.map(ticks.label) == ["0", "2", "4", "6", "8", "10"])
  }

  /// 3.2...9.98 in about 4: 6.78 / 4 = 1.695 -> step 2, axis 2...10; 0...600 in about 6: step
  /// 100; a single time 0.5 widened to 0.2 s: 0.4...0.6, 0.2 / 5 = 0.04 -> step 0.05, labels with
  /// two decimals.
  @Test func ticksAreRoundForOwnRanges() {
    let a = AxisTicks(covering: 3.2, 9.98, targetCount: 4)
    #expect(a.step == 2 && a.lower == 2 && a.upper == 10)
    let b = AxisTicks(covering: 0, 600, targetCount: 6)
    #expect(b.step == 100 && b.values.count == 7)
    let c = AxisTicks(covering: 0.5, 0.5, targetCount: 5, minimumSpan: 0.2)
    #expect(c.step == 0.05)
    #expect(abs(c.lower - 0.4) < 1e-12 && abs(c.upper - 0.6) < 1e-12)
    #expect(c.values.map(c.label) == ["0.40", "0.45", "0.50", "0.55", "0.60"])
    // No label anywhere ends in a 9 from accumulated rounding.
    for value in c.values { #expect(!c.label(value).hasSuffix("9")) }
  }

  /// 0...17.5 mm in about 4: 4.375 -> step 5, axis 0...20; a zero maximum still gets 0...1.
  @Test func valueAxesStartAtZero() {
    let a = AxisTicks(zeroTo: 17.5, targetCount: 4)
    #expect(a.step == 5 && a.lower == 0 && a.upper == 20)
    let b = AxisTicks(zeroTo: 0, targetCount: 4)
    #expect(b.lower == 0 && b.upper == 1)
  }

  @Test(arguments: [(0.3, 0.5), (1.0, 1.0), (1.0001, 2.0), (2.5, 5.0), (7.0, 10.0), (0.042, 0.05)])
  func niceStepsAreOneTwoOrFiveTimesAPowerOfTen(value: Double, expected: Double) {
    #expect(abs(AxisTicks.niceStep(atLeast: value) - expected) < 1e-12)
  }

  @Test func idsSortByTheirNumbers() {
    let ids = ["button-10", "button-2", "button-1", "button-12", "a", "button-9", "Z"]
    #expect(
      ids.sorted(by: NaturalOrder.precedes)
        == ["Z", "a", "button-1", "button-2", "button-9", "button-10", "button-12"])
    #expect(NaturalOrder.precedes("x1", "x1a") && !NaturalOrder.precedes("x1a", "x1"))
    // Same value, different padding: still a strict order.
    #expect(NaturalOrder.precedes("x01", "x1") != NaturalOrder.precedes("x1", "x01"))
    #expect(!NaturalOrder.precedes("same", "same"))
  }

  /// 12 px text: box height (0.95 + 0.26) x 12 = 14.52. The first label goes to the right of
  /// the mark (gap = clearance 9 + 3 = 12), vertically centred; a second label near the same
  /// mark cannot overlap it and goes to the left.
  @Test func labelsGoAroundTheirMarkWithoutOverlapping() throws {
    var placer = LabelPlacer()
    let bounds = Rect(x: 0, y: 0, width: 400, height: 300)
    let mark = Point(x: 200, y: 150)
    let placedFirst = placer.place("#1", size: 12, near: mark, clearance: 9, inside: bounds)
    let first = try #require(placedFirst)
    #expect(first.box.minX == 212 && abs(first.box.midY - 150) < 1e-9 && !first.needsLeader)
    #expect(abs(first.origin.y - (150 - 14.52 / 2 + 0.95 * 12)) < 1e-9)
    let placedSecond = placer.place("#2", size: 12, near: mark, clearance: 9, inside: bounds)
    let second = try #require(placedSecond)
    #expect(second.box.maxX == 188)
    #expect(!LabelPlacer.overlaps(first.box, second.box))
    // At the right edge the right-hand spot is outside the bounds: the label goes left.
    let placedEdge = placer.place(
      "#3", size: 12, near: Point(x: 395, y: 20), clearance: 9, inside: bounds)
    let edge = try #require(placedEdge)
    #expect(edge.box.maxX <= 400 && edge.box.maxX == 383)
  }

  /// Forty labels on one spot: every placed box is inside the bounds and overlaps no other;
  /// those without room are refused, not stacked.
  @Test func crowdedLabelsNeverOverlap() {
    var placer = LabelPlacer()
    let bounds = Rect(x: 0, y: 0, width: 160, height: 120)
    var boxes: [Rect] = []
    var refused = 0
    for id in 0..<40 {
      if let p = placer.place(
        "#\(100 + id)", size: 12, near: Point(x: 80, y: 60), clearance: 9, inside: bounds)
      {
        boxes.append(p.box)
      } else {
        refused += 1
      }
    }
    #expect(refused > 0 && !boxes.isEmpty)
    for (i, a) in boxes.enumerated() {
      #expect(LabelPlacer.contains(bounds, a))
      for b in boxes[(i + 1)...] { #expect(!LabelPlacer.overlaps(a, b)) }
    }
  }

  /// Recorded states normal, limited, limited, normal, not available, not available: a
  /// limited interval from the first limited frame to the next normal one (1...3), and one not
  /// available from frame 4 to the last frame (5).
  @Test func recordedTrackingStatesBecomeLossIntervals() {
    var recorder = TrackingStateRecorder()
    let states: [Camera.TrackingState] = [
      .normal, .limited(.relocalizing), .limited(.relocalizing), .normal, .notAvailable,
      .notAvailable,
    ]
    for (i, state) in states.enumerated() { recorder.add(state, timestampSeconds: Double(i)) }
    #expect(recorder.hasStates)
    let events = recorder.finish()
    #expect(events.map(\.kind) == [.trackingLost, .trackingLost])
    #expect(events.map(\.timestampSeconds) == [1, 4])
    #expect(events.map(\.endTimestampSeconds) == [3, 5])
    #expect(events.map(\.detail) == ["limited (relocalizing)", "not available"])
    #expect(events[0].description(relativeTo: 0) == "1.00–3.00 s: tracking limited (relocalizing)")
    // Frames without a recorded state give nothing.
    var none = TrackingStateRecorder()
    none.add(nil, timestampSeconds: 0)
    #expect(!none.hasStates && none.finish().isEmpty)
  }

  /// Six frames 0.125 s apart into 3 columns over 0...0.75 s: pairs of frames; counts averaged,
  /// error minimum of minima, maximum of maxima, mean of medians (frames without error skipped).
  @Test func overviewBucketsAverageCountsAndKeepTheExtremes() {
    func frame(_ i: Int, confirmed: Int, error: (Double, Double, Double)?) -> ReplayTimeline.Frame {
      ReplayTimeline.Frame(
        frameIndex: i, timestampSeconds: 10 + Double(i) * 0.125, tentativeCount: i,
        confirmedCount: confirmed, coastingCount: 0,
        error: error.map { ReplayTimeline.ErrorSpread(minimum: $0.0, median: $0.1, maximum: $0.2) })
    }
    let frames = [
      frame(0, confirmed: 2, error: (1, 2, 3)), frame(1, confirmed: 4, error: (0.5, 4, 9)),
      frame(2, confirmed: 1, error: nil), frame(3, confirmed: 3, error: (2, 3, 4)),
      frame(4, confirmed: 0, error: nil), frame(5, confirmed: 0, error: nil),
    ]
    let buckets = OverviewChart.buckets(frames, originSeconds: 10, range: 0...0.75, columns: 3)
    #expect(buckets.count == 3)
    #expect(buckets.map(\.confirmed) == [3, 2, 0])
    #expect(buckets.map(\.tentative) == [0.5, 2.5, 4.5])
    #expect(buckets[0].errorMinimum == 0.5 && buckets[0].errorMaximum == 9)
    #expect(buckets[0].errorMedian == 3)
    #expect(buckets[1].errorMedian == 3 && buckets[1].errorMinimum == 2)
    #expect(buckets[2].errorMedian == nil)
    #expect(buckets[0].seconds == 0.0625)
  }

  /// A marker seen in two frames 1/60 s apart: the plot's own time range is widened to 0.2 s
  /// about them, so the two samples are two dots about 0.0167 / 0.25 of the plot apart (not one
  /// invisible 1-unit line), and the axis starts near them, not at 0.
  @Test func aTwoFrameSeriesIsVisible() {
    let plot = TimeSeriesPlot(title: "Error vs truth (mm)", color: "#000000", originSeconds: 0)
    let svg = plot.document(for: [
      (seconds: 3.45, value: 12), (seconds: 3.45 + 1.0 / 60, value: 14),
    ])
    .markup
    let dots = svg.split(separator: "\n").filter { $0.contains("class=\"sample\"") }
    #expect(dots.count == 2)
    let xs = dots.compactMap { line -> Double? in
      guard let start = line.range(of: "cx=\""),
        let end = line[start.upperBound...].firstIndex(of: "\"")
      else { return nil }
      return Double(line[start.upperBound..<end])
    }
    #expect(xs.count == 2)
    // 0.2 s span -> step 0.05 over 3.35...3.60: the plot is 440 - 52 - 30 = 358 units wide, so
    // 1/60 s is 358 / 0.25 / 60 = 23.9 units.
    #expect(abs((xs[1] - xs[0]) - 358 / 0.25 / 60) < 0.02)
    #expect(svg.contains(">3.35</text>") && svg.contains(">3.60 s</text>"))
  }

  /// A jump of (0.01, 0, -0.005) m is sqrt(1.25) cm = 1.118 cm, written 1.1 cm.
  @Test func truthEventsBecomeLabelledEvents() {
    let events = ReplayEvent.events(fromTruth: [
      .trackingJump(timestamp: 6.5, offsetMeters: SIMD3(0.01, 0, -0.005)),
      .trackingLost(timestamp: 7, endTimestamp: 7.5),
    ])
    #expect(events.map(\.kind) == [.trackingJump, .trackingLost])
    #expect(events[0].detail == "1.1 cm")
    #expect(events[0].description(relativeTo: 0) == "6.50 s: tracking jump of 1.1 cm")
    #expect(events[1].description(relativeTo: 0) == "7.00–7.50 s: tracking lost")
  }
}
