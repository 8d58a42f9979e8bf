import ARSimulation
import Foundation
import Placement
import SceneFormat
import SpatialMath
import Testing

@testable import SceneSynthesis

/// The synthetic detector as apps run it, on the `wall` fixture (static portrait camera, 30 fps,
/// 1 s, a perfect detector and tracker): rate, latency, raw candidates and NMS, the tracker.
@Suite struct DetectorScheduleTests {
  static func recording(detector: String, trajectory: String? = nil, seed: UInt64 = 3) throws
    -> Recording
  {
    var text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"", with: "\"detector\": \(detector), \"featurePoints\"")
    if let trajectory {
      text = text.replacingOccurrences(
        of:
          #""trajectory": {"waypoints": [{"time": 0, "position": [0, 0, 0], "lookAt": [0, 0, -1]}]}"#,
        with: trajectory)
    }
    return try SceneSynthesizer.recording(spec: SynthesisFixtures.spec(text), seed: seed)
  }

  @Test("10 Hz at 30 fps runs on frames 0, 3, 6, ...; a latency of 2 delivers on 2, 5, 8, ...")
  func rateAndLatency() throws {
    let recording = try Self.recording(detector: #"{"rateHz": 10, "latencyFrames": 2}"#)
    // floor(i / 30 * 10) advances at i = 0, 3, 6, ..., 27; each result arrives 2 frames later.
    let delivered = recording.frames.indices.filter {
      recording.frames[$0].detectionsImageTimestamp != nil
    }
    #expect(delivered == Array(stride(from: 2, through: 29, by: 3)))
    for index in delivered {
      let frame = recording.frames[index]
      #expect(frame.detectionsImageTimestamp == recording.frames[index - 2].timestamp)
      #expect(frame.detections.count == 3)
    }
    for index in recording.frames.indices where !delivered.contains(index) {
      #expect(recording.frames[index].detections.isEmpty)
      #expect(!recording.frames[index].hasDetectorResult(detectorDeclared: true))
    }
    let settings = try #require(recording.header.detector)
    #expect(settings.rateHz == 10 && settings.latencyFrames == 2 && settings.nms == nil)
  }

  @Test("Results due while tracking is lost are dropped")
  func lostFramesDropResults() throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"",
      with:
        #""detector": {"rateHz": 10, "latencyFrames": 2}, "tracking": {"lossIntervals": [[0.15, 0.22]]}, "featurePoints""#
    )
    let recording = try SceneSynthesizer.recording(spec: SynthesisFixtures.spec(text), seed: 3)
    // Frames 5 and 6 (t = 0.1667, 0.2) are lost: the result of frame 3 (due on 5) is dropped, and
    // the run of step floor(6 / 3) = 2 moves to the first frame of that step not lost, frame 7
    // (t = 0.2333), due on 9.
    let delivered = recording.frames.indices.filter {
      recording.frames[$0].detectionsImageTimestamp != nil
    }
    #expect(delivered.prefix(3) == [2, 9, 11])
  }

  /// The candidate model with no jitter and no cross-class scores: three identical home-cell
  /// candidates per object; NMS keeps one, whose box is the plain detector's.
  @Test("Noise-free candidates suppress to the plain detector's boxes")
  func candidatesSuppressToPlainDetections() throws {
    let plain = try Self.recording(detector: "{}")
    let raw = try Self.recording(
      detector: #"""
        {"candidates": {"positionJitterPixels": 0, "sizeJitterFraction": 0, "crossClassProbability": 0,
                        "neighbourCells": 0, "backgroundPerFrame": 0}, "output": "both"}
        """#)
    for (a, b) in zip(plain.frames, raw.frames) {
      #expect(b.detectionCandidates?.count == 9)
      #expect(b.detections.count == a.detections.count)
      let plainBoxes = a.detections.map(\.boundingBox).sorted { $0.origin.x < $1.origin.x }
      let rawBoxes = b.detections.map(\.boundingBox).sorted { $0.origin.x < $1.origin.x }
      for (p, r) in zip(plainBoxes, rawBoxes) {
        #expect(p.isApproximatelyEqual(to: r, tolerance: 2e-6), "\(p) vs \(r)")
      }
      #expect(Set(a.detections.map(\.label)) == Set(b.detections.map(\.label)))
    }
    // The header names the suppression.
    #expect(raw.header.detector?.nms?.iouThreshold == 0.45)
    #expect(raw.header.detector?.nms?.scope == .perClass)
  }

  @Test("Recorded observations are the library's NMS of the recorded candidates")
  func observationsAreNMSOfCandidates() throws {
    let recording = try Self.recording(
      detector: #"{"boxNoisePixels": 2, "candidates": {}, "output": "both"}"#)
    var compared = 0
    for frame in recording.frames {
      let candidates = try #require(frame.detectionCandidates).map { candidate in
        DetectionCandidate(
          boundingBox: candidate.boundingBox,
          classConfidences: candidate.labels.map {
            Detection.RankedLabel(identifier: $0.identifier, confidence: Float($0.confidence))
          })
      }
      let expected = NonMaximumSuppression.yolov3Tiny.detections(from: candidates)
      #expect(expected.map(\.label) == frame.detections.map(\.label))
      #expect(expected.map(\.boundingBox) == frame.detections.map(\.boundingBox))
      for (e, r) in zip(expected, frame.detections) {
        #expect(abs(Double(e.confidence) - r.confidence) < 1e-4)
      }
      compared += frame.detections.count
    }
    #expect(compared > 60)
  }

  @Test("Cross-class candidates: the best class is another one, the object's keeps 60 %")
  func crossClass() throws {
    let recording = try Self.recording(
      detector:
        #"{"candidates": {"crossClassProbability": 1, "backgroundPerFrame": 0}, "output": "candidates"}"#
    )
    var checked = 0
    for frame in recording.frames {
      #expect(frame.detections.isEmpty)  // a model without NMS gives no observations
      for candidate in try #require(frame.detectionCandidates) {
        #expect(candidate.labels.count == 2)
        let (best, own) = (candidate.labels[0], candidate.labels[1])
        #expect(best.identifier != own.identifier)
        #expect(abs(own.confidence - 0.6 * best.confidence) < 1.5e-4)
        checked += 1
      }
    }
    #expect(checked > 100)
  }

  @Test("Candidate centres stay inside their grid cells (model-input pixels)")
  func gridQuantization() throws {
    let recording = try Self.recording(
      detector:
        #"{"candidates": {"positionJitterPixels": 40, "neighbourCells": 8, "backgroundPerFrame": 0}, "output": "candidates"}"#
    )
    // With 40 px jitter most centres would leave a 32 px cell; clamping keeps each within the
    // 3x3 block of cells around the object's home cell, never further.
    let truthCentres = try #require(recording.frames.first?.detectionCandidates).map {
      ($0.boundingBox.midX * 416, $0.boundingBox.midY * 416)
    }
    #expect(!truthCentres.isEmpty)
    var onCellEdge = 0
    for frame in recording.frames {
      for candidate in try #require(frame.detectionCandidates) {
        let cx = candidate.boundingBox.midX * 416
        let cy = candidate.boundingBox.midY * 416
        let fx = cx / 32 - (cx / 32).rounded(.down)
        let fy = cy / 32 - (cy / 32).rounded(.down)
        if fx < 1e-3 || fx > 1 - 1e-3 || fy < 1e-3 || fy > 1 - 1e-3 { onCellEdge += 1 }
      }
    }
    // A fair share of candidates is pinned to a cell edge by the clamp (clipping to the unit
    // square aside), which unclamped Gaussian centres essentially never are.
    #expect(onCellEdge > 50, "\(onCellEdge) candidates on a cell edge")
  }

  @Test("A perfect tracker follows the true projection between results (within 2 px)")
  func trackerFollowsTruth() throws {
    let recording = try Self.recording(
      detector:
        #"{"rateHz": 5, "tracker": {"driftPixelsPerFrame": 0, "scaleDriftPerFrame": 0, "confidenceDecayPerFrame": 0, "confidenceLossPerPixelOfMotion": 0, "lossProbabilityPerFrame": 0, "minimumConfidence": 0}}"#,
      trajectory:
        #""trajectory": {"waypoints": [{"time": 0, "position": [0, 0, 0], "lookAt": [0, 0, -1]}, {"time": 1, "position": [0.06, 0.03, 0], "lookAt": [0.02, 0, -1]}]}"#
    )
    let settings = try recording.header.requestSettings(for: .trackObject)
    let objects: [String: (center: SIMD2<Float>, size: SIMD2<Float>)] = [
      "hazard": (SIMD2(0, 0), SIMD2(0.04, 0.03)), "fan": (SIMD2(0.1, 0.15), SIMD2(0.05, 0.02)),
      "ac": (SIMD2(-0.12, -0.2), SIMD2(0.03, 0.03)),
    ]
    var compared = 0
    for frame in recording.frames {
      let camera = try frame.simulatedCamera()
      let geometry = try VisionGeometry(
        settings: settings, imageResolution: camera.imageResolution, requestType: .trackObject)
      for tracked in try #require(frame.trackedObjects) {
        let label = try #require(tracked.label)
        let object = try #require(objects[label])
        // Surface-local (x, z) on the wall is world (x, -z, -1).
        let corners = [(-1, -1), (-1, 1), (1, -1), (1, 1)].map { (sx: Float, sz: Float) in
          SIMD3(
            object.center.x + sx * object.size.x / 2, object.center.y + sz * object.size.y / 2,
            -1)
        }
        let pixels = corners.compactMap { camera.projectToImagePixels($0) }
        #expect(pixels.count == 4)
        let xs = pixels.map(\.x)
        let ys = pixels.map(\.y)
        let truth = Rect(
          x: xs.min()! / 1920, y: ys.min()! / 1440, width: (xs.max()! - xs.min()!) / 1920,
          height: (ys.max()! - ys.min()!) / 1440)
        let box = geometry.imageNormalizedRect(forVisionRect: tracked.boundingBox)
        let pixelError = max(
          abs(box.minX - truth.minX) * 1920, abs(box.maxX - truth.maxX) * 1920,
          abs(box.minY - truth.minY) * 1440, abs(box.maxY - truth.maxY) * 1440)
        #expect(pixelError < 2, "frame at \(frame.timestamp): \(pixelError) px")
        compared += 1
      }
    }
    #expect(compared >= 80)
  }

  @Test(
    "Bad detector members are refused with their path",
    arguments: [
      (#"{"output": "both"}"#, "detector.output"),
      (#"{"output": "raw", "candidates": {}}"#, "detector.output"),
      (#"{"rateHz": 0}"#, "detector.rateHz"),
      (#"{"latencyFrames": 1.5}"#, "detector.latencyFrames"),
      (#"{"candidates": {"anchorsPerCell": 12}}"#, "detector.candidates.anchorsPerCell"),
      (
        #"{"nms": {"iouThreshold": 2, "confidenceThreshold": 0.2, "scope": "perClass"}}"#,
        "detector.nms.iouThreshold"
      ),
      (
        #"{"nms": {"iouThreshold": 0.5, "confidenceThreshold": 0.2, "scope": "all"}}"#,
        "detector.nms.scope"
      ),
      (#"{"tracker": {"lossProbabilityPerFrame": 3}}"#, "detector.tracker.lossProbabilityPerFrame"),
      (#"{"tracker": {"drift": 3}}"#, "detector.tracker.drift"),
    ] as [(String, String)])
  func badMembers(detector: String, path: String) throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"", with: "\"detector\": \(detector), \"featurePoints\"")
    #expect {
      _ = try SynthesisFixtures.spec(text)
    } throws: { ($0 as? InputFileError)?.jsonPath == path }
  }
}

@Suite struct HandAndContourSpecTests {
  @Test(
    "Bad hand and contour members are refused with their path",
    arguments: [
      (#""hand": {"targets": []}"#, "hand.targets"),
      (#""hand": {"targets": ["a", "zz"]}"#, "hand.targets[1]"),
      (#""hand": {"targets": ["a"], "dwellSeconds": 0}"#, "hand.dwellSeconds"),
      (#""hand": {"targets": ["a"], "approachFrom": [0, 0]}"#, "hand.approachFrom"),
      (#""hand": {"targets": ["a"], "wave": true}"#, "hand.wave"),
      (#""contours": {"maximumImageDimension": 4}"#, "contours.maximumImageDimension"),
      (#""contours": {"pointSpacingPixels": 0}"#, "contours.pointSpacingPixels"),
      (
        #""visionRequests": {"contours": {"regionOfInterest": [0.5, 0.5, 0.6, 0.1]}}"#,
        "visionRequests.contours.regionOfInterest"
      ),
    ] as [(String, String)])
  func badMembers(member: String, path: String) throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"", with: "\(member), \"featurePoints\"")
    #expect {
      _ = try SynthesisFixtures.spec(text)
    } throws: { ($0 as? InputFileError)?.jsonPath == path }
  }

  @Test("The hand's schedule: dwell, move, and the last target held")
  func handSchedule() {
    var hand = HandModelSpec(targets: ["a", "b", "c"])
    hand.startSeconds = 1
    hand.dwellSeconds = 1
    hand.moveSeconds = 0.5
    // Periods of 1.5 s from t = 1: a on [1, 2), moving [2, 2.5), b on [2.5, 3.5), ...
    #expect(hand.targetIndex(atSceneTime: 0.5) == nil)
    #expect(hand.targetIndex(atSceneTime: 1.2) == 0)
    #expect(hand.targetIndex(atSceneTime: 2.2) == nil)
    #expect(hand.targetIndex(atSceneTime: 2.6) == 1)
    #expect(hand.targetIndex(atSceneTime: 4.1) == 2)
    #expect(hand.targetIndex(atSceneTime: 40) == 2)
  }
}
