import Foundation
import SessionSimulation
import Testing
import _TestSupport

/// The Vision outputs through the session: late results with the frame of their image, raw
/// candidates and their suppression, tracker boxes, points and contours; the object tracker
/// callable through the session; the Vision mistakes of the catalogue on the bundled scenes.
@Suite struct SessionVisionTests {
  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")
  static let detector10Hz = scenes.appendingPathComponent("dashboard-detector-10hz.json").path
  static let contours = scenes.appendingPathComponent("dashboard-contours.json").path

  @Test func lateResultsCarryTheFrameOfTheirImage() throws {
    let recording = try Recording(contentsOfFile: Self.detector10Hz)
    var session = try SimulatedSession(contentsOfFile: Self.detector10Hz)
    var results = 0
    while let frame = try session.nextFrame() {
      let recorded = recording.frames[frame.frameIndex]
      #expect(frame.hasDetectorResult == (recorded.detectionsImageTimestamp != nil))
      guard frame.hasDetectorResult else {
        #expect(frame.observationsFrame.frameIndex == frame.frameIndex)
        continue
      }
      results += 1
      // Results arrive 2 frames after their image (the spec's latencyFrames).
      let image = frame.observationsFrame
      #expect(image.frameIndex == frame.frameIndex - 2)
      #expect(image.timestamp == recorded.detectionsImageTimestamp)
      #expect(image.camera == (try recording.frames[frame.frameIndex - 2].simulatedCamera()))
      #expect(image.observations == frame.observations)
      // The model's NMS stage gave the recorded observations: the session's suppression of the
      // recorded candidates agrees with them.
      let suppressed = frame.suppressedCandidates
      #expect(suppressed.map(\.label) == frame.observations.map(\.label))
      #expect(suppressed.map(\.boundingBox) == frame.observations.map(\.boundingBox))
      #expect(frame.detectionCandidates?.isEmpty == false)
      #expect(frame.trackedObjects != nil)
    }
    #expect(results == recording.frames.filter { $0.detectionsImageTimestamp != nil }.count)
    #expect(results > 60)
  }

  @Test func pointsAndContoursWithTheirRequestSettings() throws {
    var session = try SimulatedSession(contentsOfFile: Self.contours)
    var hands = 0
    var outlines = 0
    while let frame = try session.nextFrame() {
      hands += frame.points.count
      outlines += frame.contours.count
      #expect(frame.requestSettings(for: .contours)?.orientation == .right)
      #expect(frame.requestSettings(for: .humanHandPose)?.regionOfInterest == .unit)
      #expect(frame.visionGeometry(for: .contours)?.requestType == .contours)
      for hand in frame.points {
        #expect(hand.requestType == .humanHandPose)
        #expect(hand.point(.indexTip) != nil)
      }
    }
    #expect(hands > 100 && outlines > 300)
  }

  /// A tracker seeded through the session with each detection on the image of one result and
  /// tracked through the session's frames up to the next result's image follows its button: its
  /// box stays where it was relative to the button's projection (the session's motion model, the
  /// frames' plane anchors and cameras, carries boxes as the image moves): its error there is the
  /// detection's error on the seed image (box noise, the box centre off the top-face centre, the
  /// recorded camera's drift) plus little. Pixels are stored-image pixels.
  @Test func objectTrackerThroughTheSession() throws {
    var session = try SimulatedSession(contentsOfFile: Self.detector10Hz)
    let truth = try #require(session.truth).objects.map { SIMD3<Float>($0.position) }
    var frames: [SimulatedFrame] = []
    while let frame = try session.nextFrame() { frames.append(frame) }
    let results = frames.filter { $0.hasDetectorResult && $0.anchors.count > 0 }
    var errors: [Double] = []
    var added: [Double] = []
    for (first, next) in zip(results, results.dropFirst()) {
      let seedFrame = frames[first.observationsFrame.frameIndex]
      let target = frames[next.observationsFrame.frameIndex]
      guard target.frameIndex > seedFrame.frameIndex,
        target.frameIndex - seedFrame.frameIndex <= 8,
        let detector = seedFrame.visionGeometry(for: .coreMLModel),
        let tracking = target.visionGeometry(for: .trackObject)
      else { continue }
      for observation in first.observations {
        // The button the detection is of: the truth projected nearest its centre (within 30 px).
        let normalized = detector.imageNormalizedRect(forVisionRect: observation.boundingBox).center
        let centre = Point(x: normalized.x * 1920, y: normalized.y * 1440)
        let seen = truth.compactMap { position -> (SIMD3<Float>, Double)? in
          guard let pixel = seedFrame.camera.projectToImagePixels(position) else { return nil }
          return (position, pixel.distance(to: centre))
        }.min { $0.1 < $1.1 }
        guard let (button, offset) = seen, offset < 30,
          let box = seedFrame.trackingBox(forDetectorBox: observation.boundingBox),
          var tracker = seedFrame.makeObjectTracker(boundingBox: box, model: .perfect, seed: 1),
          let expected = target.camera.projectToImagePixels(button)
        else { continue }
        var last: Rect?
        for index in (seedFrame.frameIndex + 1)...target.frameIndex {
          last = tracker.track(to: frames[index])?.boundingBox
        }
        guard let last else { continue }
        let tracked = tracking.imageNormalizedRect(forVisionRect: last).center
        let error = Point(x: tracked.x * 1920, y: tracked.y * 1440).distance(to: expected)
        errors.append(error)
        added.append(abs(error - offset))
      }
    }
    errors.sort()
    added.sort()
    let median = errors[errors.count / 2]
    let addedMedian = added[added.count / 2]
    let addedP90 = added[added.count * 9 / 10]
    print(
      "session tracker: \(errors.count) boxes, error median \(median) px; change from the seed "
        + "image's error: median \(addedMedian) px, p90 \(addedP90) px")
    #expect(errors.count > 200)
    #expect(addedMedian < 2 && addedP90 < 5, "median \(addedMedian), p90 \(addedP90) px")
  }

  @Test func nmsSkippedShowsAsDuplicatesAndIsDiagnosed() throws {
    var reference = StepPlacer.reference
    var correct = try SimulatedSession(contentsOfFile: Self.detector10Hz)
    let good = try correct.run(&reference, harness: PlacementHarness(diagnoses: false))
    var wrong = PlacementMistake.nmsSkipped.makePlacer()
    var session = try SimulatedSession(contentsOfFile: Self.detector10Hz)
    let bad = try session.run(&wrong)
    #expect(
      bad.falsePositives > 5 * good.falsePositives,
      "\(bad.falsePositives) vs \(good.falsePositives)")
    #expect(try #require(bad.mota) < (try #require(good.mota)) - 0.5)
    #expect(bad.bestFit?.mistakeID == "nms-skipped")
  }

  @Test func contoursNotFlippedLandOffTheButtons() throws {
    var correct = StepPlacer(steps: ContourOutlineSteps())
    var session = try SimulatedSession(contentsOfFile: Self.contours)
    let good = try session.run(
      &correct, harness: PlacementHarness(mistakes: [.contourPointsNotFlipped]))
    var wrong = PlacementMistake.contourPointsNotFlipped.makePlacer()
    var again = try SimulatedSession(contentsOfFile: Self.contours)
    let bad = try again.run(&wrong)
    #expect(try #require(good.placementErrorRMSMillimeters) < 12)
    #expect(
      try #require(bad.placementErrorRMSMillimeters)
        > 1.8 * (try #require(good.placementErrorRMSMillimeters)))
    #expect(try #require(bad.mota) < (try #require(good.mota)) - 0.15)
    #expect(bad.bestFit?.mistakeID == "contour-points-not-flipped")
    #expect(good.bestFit?.mistakeID != "contour-points-not-flipped")
  }
}
